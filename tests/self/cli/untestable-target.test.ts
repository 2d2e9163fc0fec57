/**
 * Exit 3: a target that cannot be tested (nothing listening, credentials refused, the API sent elsewhere,
 * no answer at all) ends the run before any test, with one message that names the target and what to
 * check, filed under its own "Not tested" category, and no test result that could pass for a contract
 * verdict.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { FAILURE_KINDS, isDeviation, type FailureKind } from '../../../lib/failures.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { LOOPBACK } from '../../../lib/loopback.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { PROBE_PATH, SETUP_MESSAGES, SetupError, setUpTarget } from '../../../run/setup-target.ts';
import { DEFAULT_TARGET, loadTargetConfig } from '../../../run/target.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { startMockInWorker } from '../reports/support/mock-in-worker.ts';
import { removeScratchDirs, scratchDir } from '../reports/support/scratch.ts';
import { BAD_TARGET_IDS } from '../reliability/support/bad-target.ts';
import { startLoopbackServer } from '../authorize/support.ts';
import {
  downTargetRun,
  SETUP_REQUEST_TIMEOUT_MS,
  silentTargetRun,
} from '../reliability/support/setup-stopping-runs.ts';

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

test.afterAll(removeScratchDirs);

test.describe('npm run conformance: a target that cannot be tested exits 3', () => {
  // Independent targets and runs.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(120_000);

  // Nothing listening and no answer at all: the runs reliability/bad-target.test.ts reads too
  // (../reliability/support/setup-stopping-runs.ts).
  test('nothing listening: exit 3 within 15 s, one message naming the target and what to check, no results', async () => {
    const { url, run } = await downTargetRun();
    expectNotTested(run, 'target-unreachable', `the target ${url} does not answer`);
    expect(run.output).toContain(`Check ${VARIABLES.baseUrl}`);
    expect(run.records).toEqual([]);
    expect(run.durationMs).toBeLessThan(15_000);
  });

  test('credentials refused: exit 3 saying so, no test filed as a contract result', async () => {
    const mock = await startMockInWorker();
    try {
      const run = await runSuite({
        target: { ...mock.env, [VARIABLES.clientSecret]: 'not-the-configured-secret' },
        args: ['--no-html'],
        reportsDir: scratchDir('run'),
        timeoutMs: 60_000,
      });
      expectNotTested(run, 'credentials-refused', 'the target refuses the configured credentials');
      expect(run.output).toContain(`Check ${VARIABLES.clientId} and ${VARIABLES.clientSecret}`);
    } finally {
      await mock.stop();
    }
  });

  // The mistake of an http:// base URL for an https sandbox, or of a gateway's address: before, the
  // token endpoint's redirect was filed as a deviation of a server the run never reached.
  test('a base URL that redirects the API elsewhere: exit 3 naming the address to set, never a deviation', async () => {
    const redirecting = createServer((request, response) => {
      request.resume();
      response.writeHead(301, { location: `https://api.example.com/gateway${request.url ?? '/'}` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, LOOPBACK, resolve));
    const url = `http://${LOOPBACK}:${(redirecting.address() as AddressInfo).port}`;
    try {
      const run = await runSuite({
        target: { ...BAD_TARGET_IDS, [VARIABLES.baseUrl]: url },
        args: ['--no-html'],
        reportsDir: scratchDir('run'),
        timeoutMs: 60_000,
      });
      expectNotTested(
        run,
        'target-unreachable',
        `the target ${url} sends its API elsewhere (GET ${PROBE_PATH} answered 301 to https://api.example.com/gateway${PROBE_PATH})`,
      );
      expect(run.output).toContain(
        `Set ${VARIABLES.baseUrl} to https://api.example.com/gateway, where it points`,
      );
    } finally {
      redirecting.close();
    }
  });

  test('no answer at all: exit 3 saying the target timed out', async () => {
    const { url, run } = await silentTargetRun();
    expectNotTested(run, 'timeout', `the target ${url} gave no answer within ${SETUP_REQUEST_TIMEOUT_MS} ms`);
    expect(run.output).toContain(RUN_VARIABLES.requestTimeoutMs);
  });
});

// Not exit 3: a token endpoint that answers 404 is a deviation of the server at that URL. But the URL may
// be the user's mistake (a base URL ending in /v1), and the verdict says so.
test('a token endpoint answering 404 is a deviation whose message points at a base URL with a path of its own', async () => {
  const mock = await startMockInWorker();
  try {
    const baseUrl = `${mock.baseUrl}/v1`;
    const config = loadTargetConfig({ ...mock.env, [VARIABLES.baseUrl]: baseUrl });
    const error = await setUpTarget(config, DEFAULT_TARGET.name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SetupError);
    const { setupFailure } = error as SetupError;
    expect(setupFailure.kind).toBe('status');
    expect(setupFailure.message).toContain('answered 404');
    expect(setupFailure.message).toContain(SETUP_MESSAGES.maybeNotTheApi(baseUrl));
    expect(SETUP_MESSAGES.maybeNotTheApi(baseUrl)).toContain(`${baseUrl}/oauth/token`);
  } finally {
    await mock.stop();
  }
});

test("a token endpoint answering a web page is a deviation whose message says the base URL may be a site's", async () => {
  const site = await startLoopbackServer((request, response) => {
    request.resume();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Welcome</title>');
  });
  try {
    const config = loadTargetConfig({ ...BAD_TARGET_IDS, [VARIABLES.baseUrl]: site.url });
    const error = await setUpTarget(config, DEFAULT_TARGET.name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SetupError);
    const { setupFailure } = error as SetupError;
    expect(setupFailure.kind).toBe('schema');
    expect(setupFailure.message).toContain(SETUP_MESSAGES.maybeNotTheApi(site.url));
  } finally {
    await site.close();
  }
});

test.describe('the set-up says what to check on a network that is not open', () => {
  test('a host name no resolver knows: check the host, or name the proxy the network needs', async () => {
    const config = loadTargetConfig({ ...BAD_TARGET_IDS, [VARIABLES.baseUrl]: 'https://payments.test' });
    const error = await setUpTarget(config, DEFAULT_TARGET.name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SetupError);
    const { setupFailure } = error as SetupError;
    expect(setupFailure.kind).toBe('target-unreachable');
    expect(setupFailure.message).toMatch(
      /^the target https:\/\/payments\.test has a host name this machine cannot resolve \(getaddrinfo (ENOTFOUND|EAI_AGAIN) payments\.test\)/,
    );
    expect(setupFailure.message).toContain('HTTPS_PROXY');
  });

  test('a certificate from a CA this machine does not trust: name NODE_EXTRA_CA_CERTS', async () => {
    const tls = path.join(import.meta.dirname, '..', 'suite', 'support', 'tls');
    const server = createHttpsServer(
      { cert: readFileSync(path.join(tls, 'cert.pem')), key: readFileSync(path.join(tls, 'key.pem')) },
      (_request, response) => response.end(),
    );
    await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
    try {
      const url = `https://${LOOPBACK}:${(server.address() as AddressInfo).port}`;
      const error = await setUpTarget(
        loadTargetConfig({ ...BAD_TARGET_IDS, [VARIABLES.baseUrl]: url }),
        DEFAULT_TARGET.name,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SetupError);
      const { setupFailure } = error as SetupError;
      expect(setupFailure.kind).toBe('target-unreachable');
      expect(setupFailure.message).toContain(
        `the target ${url} presents a TLS certificate this machine does not trust (self-signed certificate)`,
      );
      expect(setupFailure.message).toContain('NODE_EXTRA_CA_CERTS');
    } finally {
      server.close();
    }
  });
});
