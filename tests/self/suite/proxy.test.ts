/**
 * A target reached through a company's HTTP proxy: which proxy the environment names for a target (curl's
 * variables and rules, lib/proxy.ts), the exchange through it (run/http.ts), and a whole run of a
 * sandbox-shaped https target behind a proxy that asks for credentials and a certificate this machine only
 * trusts through NODE_EXTRA_CA_CERTS, as a QA engineer's network has them.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import {
  connect as netConnect,
  createServer as createNetServer,
  type AddressInfo,
  type Socket,
} from 'node:net';
import path from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { expect, test } from '@playwright/test';
import { LOOPBACK } from '../../../lib/loopback.ts';
import { proxyFor, throughProxyLine, type ProxyChoice } from '../../../lib/proxy.ts';
import { parseTargetConfig, TargetConfigError, VARIABLES } from '../../../lib/target.ts';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { exchange, HttpTimeoutError, ProxyError } from '../../../run/http.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { Reproduction } from '../../support/reproduce.ts';
import { startMockInWorker } from '../reports/support/mock-in-worker.ts';
import { filesUnder } from '../reliability/support/secret-scan.ts';
import { downTargetUrl } from '../reliability/support/bad-target.ts';
import { runCliCommand } from '../reports/support/cli-command.ts';
import { onlyProxyVariables, startLoopbackProxy } from './support/loopback-proxy.ts';

const TLS_DIR = path.join(import.meta.dirname, 'support', 'tls');
/** A name no resolver knows (the .test domain is reserved): only the proxy can reach it. */
const TARGET_HOST = 'payments.test';
const PROXY = 'http://proxy.corp.example:3128';

function chosen(choice: ProxyChoice): string | undefined {
  if ('problem' in choice) throw new Error(choice.problem);
  return choice.route && `${choice.route.shown} ${choice.route.variable}`;
}

const ROUTES: { name: string; target: string; env: Record<string, string>; expected: string | undefined }[] =
  [
    { name: 'no variable: direct', target: 'https://api.example.com', env: {}, expected: undefined },
    {
      name: 'an https target reads https_proxy before HTTPS_PROXY',
      target: 'https://api.example.com',
      env: { https_proxy: PROXY, HTTPS_PROXY: 'http://other.example:8080' },
      expected: `${PROXY} https_proxy`,
    },
    {
      name: 'an https target reads HTTPS_PROXY',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: PROXY, http_proxy: 'http://other.example:8080' },
      expected: `${PROXY} HTTPS_PROXY`,
    },
    {
      name: 'an http target never reads HTTP_PROXY, which any CGI caller can set',
      target: 'http://api.example.com',
      env: { HTTP_PROXY: PROXY },
      expected: undefined,
    },
    {
      name: 'an http target reads http_proxy',
      target: 'http://api.example.com',
      env: { http_proxy: PROXY, HTTPS_PROXY: 'http://other.example:8080' },
      expected: `${PROXY} http_proxy`,
    },
    {
      name: 'ALL_PROXY serves either scheme',
      target: 'http://api.example.com',
      env: { ALL_PROXY: PROXY },
      expected: `${PROXY} ALL_PROXY`,
    },
    {
      name: 'a proxy without a scheme is http',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: 'proxy.corp.example:3128' },
      expected: `${PROXY} HTTPS_PROXY`,
    },
    {
      name: 'credentials are never shown',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: 'http://qa:s3cret@proxy.corp.example:3128' },
      expected: `${PROXY} HTTPS_PROXY`,
    },
    {
      name: 'a loopback target goes direct',
      target: 'http://127.0.0.1:3000',
      env: { http_proxy: PROXY, ALL_PROXY: PROXY },
      expected: undefined,
    },
    {
      name: 'localhost goes direct',
      target: 'https://localhost:8443',
      env: { HTTPS_PROXY: PROXY },
      expected: undefined,
    },
    {
      name: 'IPv6 loopback goes direct',
      target: 'http://[::1]:3000',
      env: { http_proxy: PROXY },
      expected: undefined,
    },
    {
      name: 'NO_PROXY * sends every host direct',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: PROXY, NO_PROXY: '*' },
      expected: undefined,
    },
    {
      name: 'a NO_PROXY domain covers its subdomains',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: PROXY, no_proxy: 'internal.example, .example.com' },
      expected: undefined,
    },
    {
      name: 'a NO_PROXY domain is not a suffix of another name',
      target: 'https://api.notexample.com',
      env: { HTTPS_PROXY: PROXY, NO_PROXY: 'example.com' },
      expected: `${PROXY} HTTPS_PROXY`,
    },
    {
      name: 'a NO_PROXY entry with a port covers that port only',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: PROXY, NO_PROXY: 'api.example.com:8443' },
      expected: `${PROXY} HTTPS_PROXY`,
    },
    {
      name: 'a NO_PROXY entry with the default port covers the target without one',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: PROXY, NO_PROXY: 'api.example.com:443' },
      expected: undefined,
    },
    {
      name: 'a NO_PROXY subnet covers a target named by an address in it',
      target: 'https://10.20.30.40:8443',
      env: { HTTPS_PROXY: PROXY, NO_PROXY: '192.168.0.0/16,10.0.0.0/8' },
      expected: undefined,
    },
    {
      name: 'a NO_PROXY subnet covers no address outside it',
      target: 'https://11.20.30.40',
      env: { HTTPS_PROXY: PROXY, NO_PROXY: '10.0.0.0/8' },
      expected: `${PROXY} HTTPS_PROXY`,
    },
    {
      name: 'no_proxy is read before NO_PROXY',
      target: 'https://api.example.com',
      env: { HTTPS_PROXY: PROXY, no_proxy: 'other.example', NO_PROXY: 'api.example.com' },
      expected: `${PROXY} HTTPS_PROXY`,
    },
  ];

for (const route of ROUTES) {
  test(`proxy choice: ${route.name}`, () => {
    expect(chosen(proxyFor(new URL(route.target), route.env))).toBe(route.expected);
  });
}

const APPLICATION = {
  [VARIABLES.clientId]: SEEDED_IDS.clientId,
  [VARIABLES.clientSecret]: SEEDED_IDS.clientSecret,
};

function configWith(env: Record<string, string>) {
  return parseTargetConfig(env, `http://${LOOPBACK}:1`, SEEDED_IDS);
}

test('a proxy the run cannot use is a configuration error that says why, before any request', () => {
  const target = { ...APPLICATION, [VARIABLES.baseUrl]: 'https://api.example.com' };
  for (const [proxy, why] of [
    ['socks5://proxy.corp.example:1080', /only an http:\/\/ proxy is supported/],
    ['https://proxy.corp.example:3128', /only an http:\/\/ proxy is supported/],
    ['http://proxy.corp.example', /give the proxy's port \(http:\/\/proxy\.corp\.example:3128/],
  ] as const) {
    expect(() => configWith({ ...target, HTTPS_PROXY: proxy }), proxy).toThrow(TargetConfigError);
    expect(() => configWith({ ...target, HTTPS_PROXY: proxy }), proxy).toThrow(why);
  }
  // A proxy the target would not go through anyway is no error.
  expect(
    configWith({ ...target, HTTPS_PROXY: 'socks5://h:1080', NO_PROXY: 'example.com' }).proxy,
  ).toBeUndefined();
});

test('the embedded mock is never reached through a proxy', () => {
  const config = configWith({ HTTPS_PROXY: PROXY, http_proxy: PROXY, ALL_PROXY: PROXY });
  expect(config.embedded).toBe(true);
  expect(config.proxy).toBeUndefined();
});

test('an http target goes to the proxy in absolute form, with the proxy credentials and its own Host', async () => {
  const server = createServer((request, response) => {
    response.end(
      JSON.stringify({
        url: request.url,
        host: request.headers.host,
        proxyAuth: request.headers['proxy-authorization'] ?? null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const port = (server.address() as AddressInfo).port;
  const proxy = await startLoopbackProxy({ credentials: { user: 'qa', password: 'p@ss word' } });
  try {
    const target = new URL(`http://${TARGET_HOST}:${port}/v1/stores/1?x=2`);
    const config = configWith({
      ...APPLICATION,
      [VARIABLES.baseUrl]: target.origin,
      http_proxy: proxy.urlWithCredentials,
    });
    const answer = await exchange(target, { method: 'GET', timeoutMs: 5_000, proxy: config.proxy! });
    expect(JSON.parse(answer.text)).toEqual({
      url: '/v1/stores/1?x=2',
      host: `${TARGET_HOST}:${port}`,
      proxyAuth: null,
    });
    expect(proxy.requests()).toEqual([{ method: 'GET', target: target.href, authorized: true }]);

    // Without the credentials, the proxy's 407 is the proxy's, never an answer of the target's.
    const bare = configWith({ ...APPLICATION, [VARIABLES.baseUrl]: target.origin, http_proxy: proxy.url });
    const refused = await exchange(target, { method: 'GET', timeoutMs: 5_000, proxy: bare.proxy! }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ProxyError);
    expect((refused as Error).message).toBe(
      `through the proxy ${proxy.url} (http_proxy): it asks for credentials (407 Proxy Authentication Required): give them as http://user:password@host:port in http_proxy`,
    );
  } finally {
    await proxy.close();
    server.close();
  }
});

test('an https target whose proxy refuses the tunnel, or does not answer, fails as the proxy', async () => {
  const proxy = await startLoopbackProxy({ credentials: { user: 'qa', password: 'secret' } });
  const down = await downTargetUrl();
  try {
    const target = new URL(`https://${TARGET_HOST}:8443/`);
    for (const [proxyUrl, message] of [
      [
        proxy.url,
        `through the proxy ${proxy.url} (HTTPS_PROXY): it asks for credentials (407 Proxy Authentication Required)`,
      ],
      [down, `through the proxy ${down} (HTTPS_PROXY): it gave no answer (connect ECONNREFUSED`],
    ] as const) {
      const config = configWith({
        ...APPLICATION,
        [VARIABLES.baseUrl]: target.origin,
        HTTPS_PROXY: proxyUrl,
      });
      const error = await exchange(target, { method: 'GET', timeoutMs: 5_000, proxy: config.proxy! }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProxyError);
      expect((error as Error).message).toContain(message);
    }
    expect(proxy.requests()).toEqual([
      { method: 'CONNECT', target: `${TARGET_HOST}:8443`, authorized: false },
    ]);
  } finally {
    await proxy.close();
  }
});

/** TLS in front of a mock that speaks plain HTTP, with the certificate of `payments.test`. */
async function tlsFront(upstreamPort: number) {
  let connections = 0;
  const server = createTlsServer(
    { cert: readFileSync(path.join(TLS_DIR, 'cert.pem')), key: readFileSync(path.join(TLS_DIR, 'key.pem')) },
    (secure) => {
      connections++;
      const plain = netConnect(upstreamPort, LOOPBACK);
      secure.pipe(plain).pipe(secure);
      plain.once('error', () => secure.destroy());
      secure.once('error', () => plain.destroy());
    },
  );
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("--plan names the proxy before any request, and neither its password nor the base URL's", async () => {
  const plan = await runCliCommand(['run', '--plan', '--project', 'stores'], {
    env: {
      ...APPLICATION,
      [VARIABLES.baseUrl]: `https://reader:base-pw@${TARGET_HOST}:8443`,
      ...onlyProxyVariables({ HTTPS_PROXY: 'http://qa:proxy-pw@proxy.corp.example:3128' }),
    },
  });
  expect(plan.exitCode, plan.stderr).toBe(EXIT_CODES.conformant);
  expect(plan.stdout).toContain(`Plan for https://${TARGET_HOST}:8443`);
  expect(plan.stdout).toContain(
    `  ${throughProxyLine(configWith({ ...APPLICATION, [VARIABLES.baseUrl]: `https://${TARGET_HOST}`, HTTPS_PROXY: PROXY }).proxy!)}.`,
  );
  expect(`${plan.stdout}${plan.stderr}`).not.toMatch(/proxy-pw|base-pw/);
});

test.describe('a whole run through the proxy', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an https sandbox behind a proxy with credentials and a company CA: conformant, every request tunnelled, the password nowhere', async () => {
    const password = `proxy-pw-${Date.now()}`;
    const mock = await startMockInWorker({ noControl: true });
    const front = await tlsFront(Number(new URL(mock.baseUrl).port));
    const proxy = await startLoopbackProxy({ credentials: { user: 'qa', password } });
    try {
      const run = await runSuite({
        target: { ...mock.env, [VARIABLES.baseUrl]: `https://${TARGET_HOST}:${front.port}` },
        env: {
          ...onlyProxyVariables({ HTTPS_PROXY: proxy.urlWithCredentials }),
          NODE_EXTRA_CA_CERTS: path.join(TLS_DIR, 'cert.pem'),
        },
        args: ['--project', 'stores', '--workers', '1', '--no-html'],
        timeoutMs: 150_000,
      });
      expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
      expect(run.output).toContain(`Through the proxy ${proxy.url} (HTTPS_PROXY)`);
      expect(run.records.filter((r) => r.status === 'passed').length).toBeGreaterThan(3);

      const asked = proxy.requests();
      expect(asked.length).toBeGreaterThan(3);
      expect(
        asked.filter(
          (r) => r.method !== 'CONNECT' || r.target !== `${TARGET_HOST}:${front.port}` || !r.authorized,
        ),
      ).toEqual([]);
      // The target was reached only through the proxy's tunnels.
      expect(front.connections()).toBe(asked.length);

      const leaks = [
        run.output,
        ...filesUnder(run.reports.root).map((file) => readFileSync(file, 'utf8')),
      ].filter((text) => text.includes(password));
      expect(leaks).toEqual([]);
    } finally {
      await proxy.close();
      await front.close();
      await mock.stop();
    }
  });

  test('a proxy that does not answer: exit 3, naming the proxy and its variable, not the target', async () => {
    const down = await downTargetUrl();
    const run = await runSuite({
      target: { ...APPLICATION, [VARIABLES.baseUrl]: `https://${TARGET_HOST}:8443` },
      env: onlyProxyVariables({ HTTPS_PROXY: down }),
      args: ['--project', 'stores', '--no-html'],
      timeoutMs: 60_000,
    });
    expect(run.exitCode, run.output).toBe(EXIT_CODES.untestable);
    expect(run.output).toContain(
      `the target https://${TARGET_HOST}:8443 could not be reached through the proxy ${down} (HTTPS_PROXY): it gave no answer (connect ECONNREFUSED`,
    );
    expect(run.output).toContain('Check HTTPS_PROXY (the proxy');
    expect(run.records).toEqual([]);
  });
});

test('a proxy that takes the connection and never answers: the request ends at its time limit, once', async () => {
  const sockets = new Set<Socket>();
  const silent = createNetServer((socket) => sockets.add(socket.on('error', () => undefined)));
  await new Promise<void>((resolve) => silent.listen(0, LOOPBACK, resolve));
  const proxyUrl = `http://${LOOPBACK}:${(silent.address() as AddressInfo).port}`;
  try {
    for (const target of [`https://${TARGET_HOST}:8443/`, `http://${TARGET_HOST}:8080/`]) {
      const config = configWith({
        ...APPLICATION,
        [VARIABLES.baseUrl]: new URL(target).origin,
        ALL_PROXY: proxyUrl,
      });
      const error = await exchange(new URL(target), {
        method: 'GET',
        timeoutMs: 300,
        proxy: config.proxy!,
      }).catch((e: unknown) => e);
      expect(error, target).toBeInstanceOf(HttpTimeoutError);
    }
    // Whatever the abandoned tunnel request does next happens on a later turn: it must not surface.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test("a failure's reproduction names the proxy the run went through, never its password", () => {
  const { proxy } = configWith({
    ...APPLICATION,
    [VARIABLES.baseUrl]: `https://${TARGET_HOST}`,
    HTTPS_PROXY: 'http://qa:repro-pw@proxy.corp.example:3128',
  });
  const reproduction = new Reproduction(`https://${TARGET_HOST}`, proxy);
  reproduction.request(1, { method: 'GET', pathAndQuery: '/v1/stores/1', headers: {} });
  const script = reproduction.script('a test') ?? '';
  expect(script).toContain(
    `# The run went through the proxy ${PROXY} (HTTPS_PROXY): export HTTPS_PROXY too, with its credentials if it asks for some; curl reads it.`,
  );
  expect(script).not.toContain('repro-pw');
  const direct = new Reproduction(`https://${TARGET_HOST}`, undefined, {});
  direct.request(1, { method: 'GET', pathAndQuery: '/v1/stores/1', headers: {} });
  expect(direct.script('a test')).not.toContain('proxy');
});

test("a run that went direct past a proxy variable (a loopback target) has its reproduction's curl go direct too", () => {
  const env = onlyProxyVariables({ HTTPS_PROXY: PROXY, http_proxy: PROXY });
  const config = configWith({ ...APPLICATION, [VARIABLES.baseUrl]: `http://${LOOPBACK}:3100`, ...env });
  expect(config.proxy).toBeUndefined();
  const reproduction = new Reproduction(config.baseUrl, config.proxy, env);
  const command = reproduction.request(1, { method: 'GET', pathAndQuery: '/v1/stores/1', headers: {} });
  expect(command).toMatch(/^R1=\$\(curl -sS -i --noproxy '\*' -X GET /);
  expect(reproduction.script('a test')).toContain(
    '# The run went direct, past the proxy this environment names',
  );
  // Without any proxy variable, nothing is said and curl is told nothing.
  const plain = new Reproduction(config.baseUrl, undefined, onlyProxyVariables({}));
  expect(plain.request(1, { method: 'GET', pathAndQuery: '/v1/stores/1', headers: {} })).not.toContain(
    'noproxy',
  );
});
