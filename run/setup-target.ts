/**
 * What must hold before any test of a target runs: it answers at all, it accepts the configured
 * credentials, and it grants the run's tokens. Each way this can go wrong is a typed setup failure: a
 * target that could not be tested (exit 3, no test runs, nothing filed as a contract result), or a token
 * grant that itself breaks the spec (a deviation, exit 1).
 */
import type { FailureKind } from '../lib/failures.ts';
import type { SetupFailure } from '../lib/results.ts';
import { VARIABLES, type TargetConfig } from '../lib/target.ts';
import { exchange, HttpTimeoutError, ProxyError, requestTimeoutMs } from './http.ts';
import { outageOf, sendingAgain } from './retries.ts';
import { DEFAULT_TARGET } from './target.ts';
import { failure } from './typed-failure.ts';
import { redact, rememberSecretFields, SECRET_RESPONSE_FIELDS, withoutCredentials } from './redact.ts';
import type { HeldToken, RunTokens } from './state.ts';

/** Any route will do: an answer of any status proves the target is there. */
export const PROBE_PATH = '/v1/account/settlement_report/config';
/** The platform's test tokens carry this prefix; a token from the environment without it counts as live. */
const TEST_TOKEN_PREFIX = 'TEST-';
/** Answers that mean "these credentials are refused" rather than "the token endpoint is broken". */
const CREDENTIALS_REFUSED_STATUSES = [401, 403];
const CREDENTIALS_REFUSED_CODES = ['invalid_client', 'unauthorized_client', 'forbidden'];
/**
 * The token endpoint answered "no such path", or a web page: a deviation, or a base URL that is not the
 * API's (one ending in /v1, a site's address).
 */
function maybeNotTheApi(answer: Answer): boolean {
  return answer.status === 404 || /^text\/html\b/i.test(answer.headers['content-type'] ?? '');
}

export const SETUP_MESSAGES = {
  unreachable: (baseUrl: string, reason: string) =>
    `the target ${baseUrl} does not answer (${reason}), so nothing was tested. Check ${VARIABLES.baseUrl} (is the server up, the port right, the network open?), or unset it to test the embedded mock.`,
  unknownHost: (baseUrl: string, reason: string) =>
    `the target ${baseUrl} has a host name this machine cannot resolve (${reason}), so nothing was tested. Check the host in ${VARIABLES.baseUrl}; on a network that lets nothing out but through a proxy, name it in HTTPS_PROXY (see .env.example).`,
  untrustedCertificate: (baseUrl: string, reason: string) =>
    `the target ${baseUrl} presents a TLS certificate this machine does not trust (${reason}), so nothing was tested. If the target uses a private CA, or your company inspects TLS, give that CA's certificate (PEM) in NODE_EXTRA_CA_CERTS; the run never turns the check off.`,
  proxy: (baseUrl: string, reason: string, variable: string) =>
    `the target ${baseUrl} could not be reached ${reason}, so nothing was tested. Check ${variable} (the proxy's host, port, user and password), or list the target's host in NO_PROXY to go direct.`,
  timeout: (baseUrl: string, ms: number) =>
    `the target ${baseUrl} gave no answer within ${ms} ms, so nothing was tested. Check that it is not hanging, or raise PAYMENTS_REQUEST_TIMEOUT_MS.`,
  redirected: (baseUrl: string, status: number, location: string, apiBase: string | undefined) =>
    `the target ${baseUrl} sends its API elsewhere (GET ${PROBE_PATH} answered ${status} to ${location}), so nothing was tested. ${
      apiBase
        ? `Set ${VARIABLES.baseUrl} to ${apiBase}, where it points: the run follows no redirect, which would turn a POST into a GET and send the credentials to another address.`
        : `Check ${VARIABLES.baseUrl}: it must be the API's own base URL, not an address that redirects to a page.`
    }`,
  maybeNotTheApi: (baseUrl: string) =>
    `If ${VARIABLES.baseUrl} is not the API's own base URL, this verdict is about the wrong server: the spec's paths are added to it as they are (${baseUrl}/oauth/token), so it must be the API's address, not a site's, and must not end in a path of its own such as /v1.`,
  credentialsRefused: (status: number, body: string) =>
    `the target refuses the configured credentials (POST /oauth/token answered ${status}: ${body}), so nothing was tested. Check ${VARIABLES.clientId} and ${VARIABLES.clientSecret}, or set ${VARIABLES.testAccessToken}.`,
  serverTrouble: (status: number, body: string) =>
    `the token endpoint answered ${status} (${body}) when the run asked for its test token, so nothing was tested. The target is in trouble; try again later.`,
} as const;

export class SetupError extends Error {
  override name = 'SetupError';
  constructor(readonly setupFailure: SetupFailure) {
    super(setupFailure.message);
    // One line for the user: where in the suite it happened is not their question.
    this.stack = `${this.name}: ${setupFailure.message}`;
  }
}

/** Node.js's codes for a name no resolver knows, and for a certificate that is not trusted here. */
const MESSAGE_OF_CODE: Record<string, (baseUrl: string, reason: string) => string> = {
  ENOTFOUND: SETUP_MESSAGES.unknownHost,
  EAI_AGAIN: SETUP_MESSAGES.unknownHost,
  ...Object.fromEntries(
    [
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'UNABLE_TO_GET_ISSUER_CERT',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'CERT_UNTRUSTED',
    ].map((code) => [code, SETUP_MESSAGES.untrustedCertificate]),
  ),
};

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

async function send(
  config: TargetConfig,
  target: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const timeout = requestTimeoutMs();
  try {
    const { status, headers, text } = await exchange(new URL(config.baseUrl + path), {
      ...init,
      method: init.method ?? 'GET',
      timeoutMs: timeout,
      ...(config.proxy ? { proxy: config.proxy } : {}),
    });
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    rememberSecretFields(body, SECRET_RESPONSE_FIELDS);
    return { status, headers, text, body };
  } catch (error) {
    const timedOut = error instanceof HttpTimeoutError;
    const reason = redact((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');
    const kind: FailureKind = timedOut ? 'timeout' : 'target-unreachable';
    const message = timedOut
      ? SETUP_MESSAGES.timeout(withoutCredentials(config.baseUrl), timeout)
      : error instanceof ProxyError && config.proxy
        ? SETUP_MESSAGES.proxy(withoutCredentials(config.baseUrl), reason, config.proxy.variable)
        : (MESSAGE_OF_CODE[(error as NodeJS.ErrnoException).code ?? ''] ?? SETUP_MESSAGES.unreachable)(
            withoutCredentials(config.baseUrl),
            reason,
          );
    throw new SetupError({ target, kind, message });
  }
}

function excerpt(answer: Answer): string {
  const text = answer.text.length > 200 ? `${answer.text.slice(0, 200)}…` : answer.text;
  return redact(text === '' ? '(empty body)' : text);
}

function codeOf(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : undefined;
}

async function grant(
  config: TargetConfig,
  target: string,
  test: boolean,
): Promise<{ answer: Answer; token?: HeldToken }> {
  const request = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      ...(test ? { test_token: 'true' } : {}),
    }),
  };
  // A rate limit is waited out as in any test; past the bound, the 429 stands. A blip of the gateway is
  // waited out as for a read: a repeated grant only issues one more token, and the whole run rests on it.
  const { answer } = await sendingAgain('POST', () => send(config, target, '/oauth/token', request), {
    repeatable: true,
    outage: outageOf(config.baseUrl),
    // No test holds these waits, so no summary line names them: said as they happen.
    onWait: (status, ms) =>
      console.log(
        `${target === DEFAULT_TARGET.name ? 'The' : `${target}: the`} token endpoint answered ${status} to the set-up's grant; sent again after ${(ms / 1000).toFixed(1)} s`,
      ),
  });
  const body = answer.body as { access_token?: unknown; live_mode?: unknown } | undefined;
  if (answer.status !== 200 || typeof body?.access_token !== 'string' || body.access_token === '')
    return { answer };
  // A grant without live_mode (the platform's refresh grants have none) is known as a test token by the
  // prefix the platform gives test tokens, as a token from the environment is.
  const liveMode =
    typeof body.live_mode === 'boolean'
      ? body.live_mode
      : body.access_token.startsWith(TEST_TOKEN_PREFIX)
        ? false
        : undefined;
  return { answer, token: { accessToken: body.access_token, liveMode } };
}

/** The run's test token: the one configured, or a client_credentials grant with test_token "true". */
async function testToken(config: TargetConfig, target: string): Promise<HeldToken> {
  if (config.testAccessToken) {
    const liveMode = config.testAccessToken.startsWith(TEST_TOKEN_PREFIX) ? false : undefined;
    return { accessToken: config.testAccessToken, liveMode };
  }
  const { answer, token } = await grant(config, target, true);
  if (!token) throw new SetupError(classify(config, target, answer));
  return token;
}

/**
 * A probe answered with a redirect: the configured URL is not where the API is (http:// for an https
 * sandbox, a gateway's login page, a moved host). The spec documents no redirect for any API path, and a
 * run that went on would file every answer as a deviation of a server it never reached.
 */
function redirectedAway(config: TargetConfig, target: string, probe: Answer): SetupFailure | undefined {
  const location = probe.headers.location;
  if (probe.status < 300 || probe.status > 399 || !location) return undefined;
  let to: URL;
  try {
    to = new URL(location, config.baseUrl + PROBE_PATH);
  } catch {
    return undefined;
  }
  const apiBase = to.pathname.endsWith(PROBE_PATH)
    ? `${to.origin}${to.pathname.slice(0, -PROBE_PATH.length)}`
    : undefined;
  return {
    target,
    kind: 'target-unreachable',
    message: SETUP_MESSAGES.redirected(
      withoutCredentials(config.baseUrl),
      probe.status,
      redact(withoutCredentials(to.href)),
      apiBase && redact(apiBase),
    ),
  };
}

/** Probes the target and obtains the run's tokens, or throws a SetupError saying what to check. */
export async function setUpTarget(config: TargetConfig, target: string): Promise<RunTokens> {
  const probe = await send(config, target, PROBE_PATH);
  const away = redirectedAway(config, target, probe);
  if (away) throw new SetupError(away);
  // The two grants do not depend on each other: sent together, the tests wait one round trip for both
  // instead of two (against a sandbox 300 ms away, that is a third of a second off every run's start).
  const [test, live] = await Promise.all([testToken(config, target), grant(config, target, false)]);
  return { test, ...(live.token ? { live: live.token } : {}) };
}

function classify(config: TargetConfig, target: string, answer: Answer): SetupFailure {
  const code = codeOf(answer.body);
  if (
    CREDENTIALS_REFUSED_STATUSES.includes(answer.status) ||
    (answer.status === 400 && code && CREDENTIALS_REFUSED_CODES.includes(code))
  ) {
    return {
      target,
      kind: 'credentials-refused',
      message: SETUP_MESSAGES.credentialsRefused(answer.status, excerpt(answer)),
    };
  }
  if (answer.status >= 500 || answer.status === 429) {
    return {
      target,
      kind: 'target-unreachable',
      message: SETUP_MESSAGES.serverTrouble(answer.status, excerpt(answer)),
    };
  }
  // The token endpoint answered, but not with a grant: that is a deviation of the token endpoint itself.
  // A grant without the field misses a required field; one with another value breaks the field's type.
  const hasAccessToken =
    typeof answer.body === 'object' && answer.body !== null && 'access_token' in answer.body;
  const deviation =
    answer.status === 200
      ? failure({
          kind: 'schema',
          basis: hasAccessToken ? 'token.grant.access-token-string' : 'token.grant.fields-present',
          seen: `a client_credentials grant (test_token "true") carries ${hasAccessToken ? 'an access_token that is no token' : 'no access_token'}: ${excerpt(answer)}`,
        })
      : failure({
          kind: 'status',
          basis: 'token.flow.client-credentials',
          seen: `a client_credentials request (test_token "true") with the configured credentials answered ${answer.status}: ${excerpt(answer)}`,
          expected: '200 with an access token grant',
        });
  return {
    target,
    kind: deviation.kind,
    message: `the run could not obtain its test token because the token endpoint breaks the spec:\n${deviation.message}${
      maybeNotTheApi(answer) ? `\n${SETUP_MESSAGES.maybeNotTheApi(withoutCredentials(config.baseUrl))}` : ''
    }`,
    failure: deviation,
  };
}
