/**
 * Purpose-built bad targets on 127.0.0.1 for the suite to be pointed at: one that is down (a port
 * nothing listens on), one that hangs, one that answers as unavailable (502, 503, 504), and one that
 * answers garbage (HTML, empty bodies, JSON declared as plain text). The hanging one may let the global setup through (the probe and the token endpoint
 * answer), and the garbage one always does, so the tests themselves meet the bad behaviour.
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpointById } from '../../../../lib/catalogue.ts';
import { UNAVAILABLE_STATUSES } from '../../../../lib/failures.ts';
import { LOOPBACK } from '../../../../lib/loopback.ts';
import { seededIdVariables } from '../../../../mock/seeded-env.ts';

const TOKEN_PATH = endpointById('token').path;
/** The path the global setup probes (run/setup-target.ts): any answer proves the target is there. */
const PROBE_PATH = endpointById('settlement-report-config').path;
/**
 * Every id of the target contract (the mock's): a target other than the embedded mock is given its
 * application or the run stops before any request, and its tests skip without their resources' ids. A
 * bad target answers alike whatever the ids are.
 */
export const BAD_TARGET_IDS = seededIdVariables();
/** Given to the suite as PAYMENTS_TEST_ACCESS_TOKEN, so setup needs no working token endpoint. */
export const FAKE_TEST_TOKEN = 'TEST-1111111111111111-010101-0123456789abcdef0123456789abcdef-1';

export interface BadTarget {
  url: string;
  close(): Promise<void>;
}

export type Garbage = 'html' | 'empty body' | 'json as text/plain';

/** Which garbage each path gets: every kind reaches several endpoints, the same one on every run. */
export function garbageFor(path: string): Garbage {
  if (/^\/(v1|test_user)\//.test(path)) return 'empty body';
  if (/^\/(post-purchase|v2|authorization)/.test(path)) return 'json as text/plain';
  return 'html';
}

const HTML_PAGE =
  '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';

function sendGarbage(res: ServerResponse, kind: Garbage): void {
  if (kind === 'html') {
    res.writeHead(200, { 'content-type': 'text/html' }).end(HTML_PAGE);
  } else if (kind === 'empty body') {
    res.writeHead(200, { 'content-type': 'application/json' }).end();
  } else {
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end('{"unexpected":"plain text that happens to be JSON"}');
  }
}

function sendJsonError(res: ServerResponse, status: number): void {
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ message: 'no', error: 'bad_request', status, cause: [] }));
}

/**
 * Never answers, except (with `probeAnswers`) the probe (401) and the token endpoint (400), so the run is
 * set up and each test meets the hang.
 */
export async function startHangingTarget({ probeAnswers }: { probeAnswers: boolean }): Promise<BadTarget> {
  return serve((path, res) => {
    if (!probeAnswers) return;
    if (path === PROBE_PATH) return sendJsonError(res, 401);
    if (path === TOKEN_PATH) return sendJsonError(res, 400);
    // No answer: the socket stays open until the client gives up or the server closes.
  });
}

/**
 * Lets the setup through (the probe 401, the token endpoint 400), then answers every request 502, 503 or
 * 504 in turn, as a sandbox behind a gateway does while it is down or overloaded.
 */
export async function startUnavailableTarget(): Promise<BadTarget> {
  let next = 0;
  return serve((path, res) => {
    if (path === PROBE_PATH) return sendJsonError(res, 401);
    if (path === TOKEN_PATH) return sendJsonError(res, 400);
    const status = UNAVAILABLE_STATUSES[next++ % UNAVAILABLE_STATUSES.length]!;
    res.writeHead(status, { 'content-type': 'text/html' }).end(`<h1>${status}</h1>`);
  });
}

/** Answers every request with garbage: the probe passes (it only needs an answer), everything else is nonsense. */
export async function startGarbageTarget(): Promise<BadTarget> {
  return serve((path, res) => sendGarbage(res, garbageFor(path)));
}

/** A loopback URL where nothing listens: a port taken and released at once. */
export async function downTargetUrl(): Promise<string> {
  const target = await serve((_path, res) => res.end());
  await target.close();
  return target.url;
}

async function serve(handle: (path: string, res: ServerResponse) => void): Promise<BadTarget> {
  const server = createServer((req, res) => {
    req.resume();
    req.once('end', () => handle((req.url ?? '/').split('?')[0] ?? '/', res));
  });
  server.listen(0, LOOPBACK);
  await once(server, 'listening');
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
