/**
 * What the setup project does before any conformance test: make sure the target answers at all, then
 * obtain the run's tokens (see run-state.ts for where they are kept).
 */
import type { TargetConfig } from '../../lib/target.ts';
import type { ApiClient } from './api-client.ts';
import { describeBody } from './checks.ts';
import { redact } from './redact.ts';
import type { HeldToken, RunTokens } from './run-state.ts';

/** Any route will do: an answer of any status proves the target is there. */
const PROBE_PATH = '/v1/account/settlement_report/config';
/** The platform's test tokens carry this prefix; a token from the environment without it counts as live. */
const TEST_TOKEN_PREFIX = 'TEST-';

export const TARGET_UNREACHABLE = (baseUrl: string, detail: string) =>
  `the target ${baseUrl} does not answer, so no conformance test was run. Check PAYMENTS_BASE_URL, or unset it to run against the embedded mock. ${detail}`;
export const NO_TEST_TOKEN = (status: number, body: string) =>
  `Could not obtain a test access token (client_credentials with test_token "true"): HTTP ${status}, ${body}. Check PAYMENTS_CLIENT_ID / PAYMENTS_CLIENT_SECRET, or set PAYMENTS_TEST_ACCESS_TOKEN.`;

/** Fails fast with one clear message when the target is down, unreachable or hanging. */
export async function checkTargetAnswers(api: ApiClient, config: TargetConfig): Promise<void> {
  try {
    await api.raw({ method: 'GET', path: PROBE_PATH, auth: 'none' });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // No `cause`: the message above is the redacted whole of it.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(redact(TARGET_UNREACHABLE(config.baseUrl, detail)));
  }
}

function heldToken(body: unknown): HeldToken | undefined {
  const grant = body as { access_token?: unknown; live_mode?: unknown } | undefined;
  if (typeof grant?.access_token !== 'string') return undefined;
  return {
    accessToken: grant.access_token,
    liveMode: typeof grant.live_mode === 'boolean' ? grant.live_mode : undefined,
  };
}

/**
 * The test token (PAYMENTS_TEST_ACCESS_TOKEN, else client_credentials with test_token "true") is the
 * bearer of every request; a non-test token, where the target issues one, serves the test-user 403.
 */
export async function obtainRunTokens(api: ApiClient, config: TargetConfig): Promise<RunTokens> {
  const credentials = { client_id: config.clientId, client_secret: config.clientSecret };
  let test: HeldToken | undefined;
  if (config.testAccessToken) {
    const liveMode = config.testAccessToken.startsWith(TEST_TOKEN_PREFIX) ? false : undefined;
    test = { accessToken: config.testAccessToken, liveMode };
  } else {
    const response = await api.token({
      ...credentials,
      grant_type: 'client_credentials',
      test_token: 'true',
    });
    test = response.status === 200 ? heldToken(response.body) : undefined;
    if (!test) throw new Error(redact(NO_TEST_TOKEN(response.status, describeBody(response))));
  }
  const liveResponse = await api.token({ ...credentials, grant_type: 'client_credentials' });
  const live = liveResponse.status === 200 ? heldToken(liveResponse.body) : undefined;
  return { test, ...(live ? { live } : {}) };
}
