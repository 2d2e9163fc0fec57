/**
 * The three servers the throughput bench loads, each started as its own process on a free loopback
 * port: the embedded mock (as `npm run mock` runs it), Prism mocking the OpenAPI document, and a bare
 * node:http server answering a fixed body (the ceiling).
 */
import { OPENAPI_PATH } from '../openapi/assemble.ts';
import { LOOPBACK } from '../../lib/loopback.ts';
import { startMockProcess } from '../../mock/process.ts';
import { measuredServer, startNodeServer, type RunningServer } from './processes.ts';

export type ServerKind = 'mock' | 'prism' | 'ceiling';

const PRISM_CLI = 'node_modules/@stoplight/prism-cli/dist/index.js';
/**
 * The token endpoint's rate limiter answers 429 once a client exceeds its budget; the bench raises
 * the budget far above what a load run can send, so it measures issuing tokens, not refusing them.
 */
const UNTHROTTLED_TOKEN_BUDGET = { max: 100_000_000, windowSeconds: 1 };

export const SERVER_TITLES: Record<ServerKind, string> = {
  mock: 'embedded mock',
  prism: 'Prism 5.14',
  ceiling: 'bare node:http',
};

/** The embedded mock as `npm run mock` runs it, unthrottled; `nodeFlags` go to node (e.g. --cpu-prof). */
export async function startMock(nodeFlags: readonly string[] = []): Promise<RunningServer> {
  const mock = await startMockProcess({ nodeFlags, rateLimit: UNTHROTTLED_TOKEN_BUDGET });
  return measuredServer(SERVER_TITLES.mock, mock.baseUrl, mock.pid, () => mock.stop());
}

export function startServer(kind: ServerKind): Promise<RunningServer> {
  switch (kind) {
    case 'mock':
      return startMock();
    case 'prism':
      return startNodeServer(
        SERVER_TITLES.prism,
        [PRISM_CLI, 'mock', OPENAPI_PATH, '-h', LOOPBACK],
        (port) => ['-p', String(port)],
      );
    case 'ceiling':
      return startNodeServer(
        SERVER_TITLES.ceiling,
        ['--import', 'tsx', 'scripts/bench/ceiling-server.ts'],
        (port) => ['--port', String(port)],
      );
  }
}
