/**
 * `npm run authorize -- --headless` against the mock started as its own process: Debian's Chromium
 * logs in on the mock's consent page, the code printed is exchanged at the token endpoint, and every
 * way of ending without a code ends with exit 1, one line saying which, and no secret on stderr.
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CHROMIUM_PATH } from '../../../authorize/browser.ts';
import { AUTHORIZE_MESSAGES } from '../../../authorize/failures.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { startMockProcess, type MockProcess } from '../../../mock/process.ts';
import { onlyProxyVariables, startLoopbackProxy } from '../suite/support/loopback-proxy.ts';
import { runAuthorize, startLoopbackServer, type CliRun } from './support.ts';

const CODE_LINE = new RegExp(`^export ${VARIABLES.authCode}=(\\S+)$`);
const PREFIX = 'authorize: ';
/** A name no resolver knows (the .test domain is reserved): only a proxy can reach it. */
const PROXIED_HOST = 'payments.test';

let mock: MockProcess;

test.skip(!existsSync(CHROMIUM_PATH), AUTHORIZE_MESSAGES.noChromium(CHROMIUM_PATH));
// Each test starts a browser; two cores are shared with others.
test.setTimeout(120_000);

test.beforeAll(async () => {
  mock = await startMockProcess();
});

test.afterAll(async () => {
  await mock?.stop();
});

/** Every stderr line is the command's own (no stack trace, no stray output), and none holds a secret. */
function expectCleanStderr(run: CliRun, secrets: readonly string[]): void {
  expect(
    run.stderrLines.filter((line) => !line.startsWith(PREFIX)),
    'lines on stderr that are not the command’s own',
  ).toEqual([]);
  const leaked = secrets.filter((secret) => run.stderr.includes(secret));
  expect(
    leaked.map((s) => `${s.slice(0, 3)}… (${s.length} chars)`),
    'secrets on stderr',
  ).toEqual([]);
}

/** Exit 1, nothing on stdout, and exactly one stderr line matching `failure`. */
function expectFailure(run: CliRun, failure: RegExp): void {
  expect(run.status, run.stderr).toBe(1);
  expect(run.stdout).toBe('');
  expect(
    run.stderrLines.filter((line) => failure.test(line)),
    run.stderr,
  ).toHaveLength(1);
}

async function exchange(code: string) {
  const response = await fetch(`${mock.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      client_id: mock.env[VARIABLES.clientId],
      client_secret: mock.env[VARIABLES.clientSecret],
      code,
      redirect_uri: mock.env[VARIABLES.redirectUri],
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('--headless logs in and consents, prints exactly one export line, and the code buys a token once', async () => {
  const run = await runAuthorize(['--headless'], mock.env);
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  expect(run.stdout).toBe(`${lines[0]}\n`);
  const code = CODE_LINE.exec(lines[0] ?? '')?.[1];
  expect(code, lines[0]).toBeDefined();
  expectCleanStderr(run, [mock.env[VARIABLES.consentPassword]!, code!]);

  const first = await exchange(code!);
  expect(first.status, JSON.stringify(first.body.error)).toBe(200);
  expect(first.body.access_token).toEqual(expect.any(String));
  // The page mints the same single-use kind of code as the suite's 302.
  expect((await exchange(code!)).status).toBe(400);
});

test('a wrong password: exit 1, one line naming it, the password never shown', async () => {
  const wrong = 'not-the-seeded-password-42';
  const run = await runAuthorize(['--headless'], { ...mock.env, [VARIABLES.consentPassword]: wrong });
  expectFailure(run, /wrong user name or password/);
  expectCleanStderr(run, [wrong, mock.env[VARIABLES.consentPassword]!]);
});

test('--decline answers Deny: exit 1, consent denied', async () => {
  const run = await runAuthorize(['--headless', '--decline'], mock.env);
  expectFailure(run, /consent denied/);
  expectCleanStderr(run, [mock.env[VARIABLES.consentPassword]!]);
});

test('a redirect carrying another state: exit 1, state mismatch, its code neither printed nor shown', async () => {
  const forgedCode = 'TG-forged0000000000000000-1';
  const target = await startLoopbackServer((request, response) => {
    const sent = new URL(request.url ?? '/', 'http://loopback');
    const back = new URL(sent.searchParams.get('redirect_uri') ?? 'https://invalid.example/');
    back.searchParams.set('code', forgedCode);
    back.searchParams.set('state', `${sent.searchParams.get('state') ?? ''}-not-mine`);
    response.writeHead(302, { location: back.toString() }).end();
  });
  try {
    const run = await runAuthorize(['--headless'], {
      ...mock.env,
      [VARIABLES.authorizationUrl]: `${target.url}/authorization`,
    });
    expectFailure(run, /state mismatch/);
    expectCleanStderr(run, [forgedCode, mock.env[VARIABLES.consentPassword]!]);
  } finally {
    await target.close();
  }
});

test('a page that never redirects: exit 1 with a timeout after --timeout seconds', async () => {
  const target = await startLoopbackServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Waiting</title><p>This page never sends the browser back.</p>');
  });
  try {
    const run = await runAuthorize(['--headless', '--timeout', '2'], {
      ...mock.env,
      [VARIABLES.authorizationUrl]: `${target.url}/authorization`,
    });
    expectFailure(run, /^authorize: timeout: no redirect to .* within 2 s/);
    expectCleanStderr(run, [mock.env[VARIABLES.consentPassword]!]);
    expect(run.elapsedMs).toBeGreaterThanOrEqual(2_000);
  } finally {
    await target.close();
  }
});

// A person at a company whose network lets nothing out but through its proxy: the page at a name only the
// proxy resolves, the proxy asking for credentials given in its URL.
test('behind a proxy with credentials, the page is reached through it and the code still buys a token', async () => {
  const password = `proxy-pw-${Date.now()}`;
  const proxy = await startLoopbackProxy({ credentials: { user: 'qa', password } });
  try {
    const page = new URL('/authorization', mock.baseUrl);
    page.hostname = PROXIED_HOST;
    const run = await runAuthorize(['--headless'], {
      ...mock.env,
      [VARIABLES.authorizationUrl]: page.href,
      ...onlyProxyVariables({ http_proxy: proxy.urlWithCredentials }),
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${PREFIX}Through the proxy ${proxy.url} (http_proxy)`);
    const code = CODE_LINE.exec(run.stdout.trim())?.[1];
    expect(code, run.stdout).toBeDefined();
    expectCleanStderr(run, [password, mock.env[VARIABLES.consentPassword]!, code!]);
    const passed = proxy.requests().filter((r) => r.authorized);
    expect(passed.map((r) => new URL(r.target).host)).toContain(page.host);
    expect(
      passed.some((r) => r.method === 'POST'),
      'the consent form was posted through the proxy',
    ).toBe(true);
    expect((await exchange(code!)).status).toBe(200);
  } finally {
    await proxy.close();
  }
});
