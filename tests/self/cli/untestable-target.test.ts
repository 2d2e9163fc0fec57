/**
 * Exit 3: a target that cannot be tested (nothing listening, credentials refused, no answer at all)
 * ends the run before any test, with one message that names the target and what to check, filed under
 * its own "Not tested" category, and no test result that could pass for a contract verdict.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { FAILURE_KINDS, isDeviation, type FailureKind } from '../../../lib/failures.ts';
import { LOOPBACK } from '../../../lib/loopback.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { startMockProcess } from '../../../mock/process.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { removeScratchDirs, scratchDir } from '../reports/support/scratch.ts';

/** A port nothing listens on (discard): connections are refused at once. */
const CLOSED_PORT_URL = `http://${LOOPBACK}:9`;
const STACK_FRAME = /^\s{4}at /m;

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** Exit 3, the failure once under its category, nothing filed as a contract result. */
function expectNotTested(run: SuiteRun, kind: FailureKind, message: string): void {
  expect(run.exitCode, run.output).toBe(EXIT_CODES.untestable);
  expect(run.setupFailures.map((f) => f.kind)).toEqual([kind]);
  expect(occurrences(run.output, message), `"${message}" once in:\n${run.output}`).toBe(1);
  expect(run.output).toContain(`${FAILURE_KINDS[kind].category}: ${message}`);
  expect(run.output).not.toMatch(STACK_FRAME);
  expect(
    run.records.filter((r) => r.failures.some(isDeviation)),
    'no test is filed as a contract result',
  ).toEqual([]);
  expect(existsSync(run.reports.results), 'no results published').toBe(false);
}

/** A loopback server that accepts connections and never answers. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${LOOPBACK}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test.afterAll(removeScratchDirs);

test.describe('npm run conformance: a target that cannot be tested exits 3', () => {
  test.setTimeout(120_000);

  test('nothing listening: exit 3 within 15 s, one message naming the target and what to check, no results', async () => {
    const run = await runSuite({
      target: { [VARIABLES.baseUrl]: CLOSED_PORT_URL },
      reportsDir: scratchDir('run'),
      timeoutMs: 60_000,
    });
    expectNotTested(run, 'target-unreachable', `the target ${CLOSED_PORT_URL} does not answer`);
    expect(run.output).toContain(`Check ${VARIABLES.baseUrl}`);
    expect(run.records).toEqual([]);
    expect(run.durationMs).toBeLessThan(15_000);
  });

  test('credentials refused: exit 3 saying so, no test filed as a contract result', async () => {
    const mock = await startMockProcess();
    try {
      const run = await runSuite({
        target: { ...mock.env, [VARIABLES.clientSecret]: 'not-the-configured-secret' },
        reportsDir: scratchDir('run'),
        timeoutMs: 60_000,
      });
      expectNotTested(run, 'credentials-refused', 'the target refuses the configured credentials');
      expect(run.output).toContain(`Check ${VARIABLES.clientId} and ${VARIABLES.clientSecret}`);
    } finally {
      await mock.stop();
    }
  });

  test('no answer at all: exit 3 saying the target timed out', async () => {
    const silent = await startSilentServer();
    try {
      const run = await runSuite({
        target: { [VARIABLES.baseUrl]: silent.url },
        env: { [RUN_VARIABLES.requestTimeoutMs]: '1000' },
        reportsDir: scratchDir('run'),
        timeoutMs: 60_000,
      });
      expectNotTested(run, 'timeout', `the target ${silent.url} gave no answer within 1000 ms`);
      expect(run.output).toContain(RUN_VARIABLES.requestTimeoutMs);
    } finally {
      await silent.close();
    }
  });
});
