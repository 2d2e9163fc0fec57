/**
 * A typed client for the target, one method per endpoint plus raw(), over Playwright's APIRequestContext.
 *
 * Every exchange is attached to the test as redacted JSON before the caller sees it, every secret that
 * passes through is remembered for redaction, and every request has a timeout, so a hanging or absent
 * target ends the test with an environment message instead of a contract verdict.
 */
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { endpointById, type EndpointId } from '../../lib/catalogue.ts';
import { redact, REDACTED, rememberSecret, rememberSecretFields, SECRET_RESPONSE_FIELDS } from './redact.ts';

export const REQUEST_TIMEOUT_MS = 10_000;
/** Prefix of every error raised because the target gave no answer; the reports classify it as environment trouble. */
export const TARGET_UNAVAILABLE = 'TargetUnavailable';
export const TARGET_UNAVAILABLE_MESSAGE = (what: string, reason: string) =>
  `${TARGET_UNAVAILABLE}: ${what} got no answer (${reason}). The target is down, unreachable or hanging; this is not a contract result.`;

/** Bounded retry of token requests rejected with 429 (never for a request that asks for the 429 itself). */
export const TOKEN_ATTEMPTS = 3;
export const MAX_RETRY_AFTER_SECONDS = 10;

export interface ApiResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
}

/** 'default': the run's test token; 'none': no Authorization header; or an explicit bearer value. */
export type Auth = 'default' | 'none' | { bearer: string };

export interface CallOptions {
  auth?: Auth;
  /** A `Prefer` header value, e.g. `code=500` (the `faults` ability). */
  prefer?: string;
  headers?: Record<string, string>;
}

export interface RawRequest extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  maxRedirects?: number;
  /** Retry a 429 after Retry-After (token requests only). */
  retryOn429?: boolean;
}

export type TokenRequestBody = object;

function pathFor(id: EndpointId, params: Record<string, string> = {}): string {
  return endpointById(id).path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The query parameters of a URL (absolute or relative to `base`), as a record; empty when unparsable. */
function queryOf(url: string, base: string): Record<string, string> {
  try {
    return Object.fromEntries(new URL(url, base).searchParams);
  } catch {
    return {};
  }
}

/** Response headers whose values are credentials (session cookies): recorded as [redacted], never as sent. */
const SECRET_RESPONSE_HEADERS = ['set-cookie'];

function redactedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_RESPONSE_HEADERS.includes(name) ? REDACTED : value,
    ]),
  );
}

export class ApiClient {
  private exchangeCount = 0;

  constructor(
    private readonly request: APIRequestContext,
    private readonly testInfo: TestInfo,
    private readonly baseUrl: string,
    private readonly defaultBearer: () => string,
  ) {}

  /** Any request; the endpoint methods below all go through here. */
  async raw(req: RawRequest): Promise<ApiResponse> {
    const attempts = req.retryOn429 && !req.prefer ? TOKEN_ATTEMPTS : 1;
    for (let attempt = 1; ; attempt++) {
      const response = await this.send(req);
      if (response.status !== 429 || attempt >= attempts) return response;
      const retryAfter = Number(response.headers['retry-after'] ?? '1');
      await sleep(Math.min(Number.isFinite(retryAfter) ? retryAfter : 1, MAX_RETRY_AFTER_SECONDS) * 1000);
    }
  }

  private async send(req: RawRequest): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...req.headers };
    const auth = req.auth ?? 'default';
    if (auth !== 'none') {
      const bearer = auth === 'default' ? this.defaultBearer() : auth.bearer;
      rememberSecret(bearer);
      headers.authorization = `Bearer ${bearer}`;
    }
    if (req.prefer) headers.prefer = req.prefer;
    rememberSecretFields(req.json);
    rememberSecretFields(req.query);

    const url = new URL(this.baseUrl + req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) url.searchParams.set(name, value);
    const what = `${req.method} ${req.path}`;
    const n = ++this.exchangeCount;
    await this.attach(`${n} request ${what}`, {
      method: req.method,
      url: url.toString(),
      headers,
      ...(req.json === undefined ? {} : { body: req.json }),
    });

    let response;
    try {
      response = await this.request.fetch(url.toString(), {
        method: req.method,
        headers,
        ...(req.json === undefined ? {} : { data: req.json }),
        timeout: REQUEST_TIMEOUT_MS,
        maxRedirects: req.maxRedirects ?? 0,
        failOnStatusCode: false,
      });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      // No `cause`: the original error names the full URL, secrets included; its first line is kept, redacted.
      // eslint-disable-next-line preserve-caught-error
      throw new Error(redact(TARGET_UNAVAILABLE_MESSAGE(what, reason)));
    }
    const text = await response.text();
    const result: ApiResponse = {
      status: response.status(),
      headers: response.headers(),
      text,
      body: parseJson(text),
    };
    rememberSecretFields(result.body, SECRET_RESPONSE_FIELDS);
    // A redirect's Location may carry a code or token in its query (the authorization 302 does).
    if (result.headers.location) rememberSecretFields(queryOf(result.headers.location, this.baseUrl));
    await this.attach(`${n} response ${response.status()} ${what}`, {
      status: result.status,
      headers: redactedHeaders(result.headers),
      ...(result.body === undefined ? { text } : { body: result.body }),
    });
    return result;
  }

  private async attach(name: string, content: unknown): Promise<void> {
    await this.testInfo.attach(redact(name), {
      body: redact(JSON.stringify(content, null, 2)),
      contentType: 'application/json',
    });
  }

  // Endpoints, in the spec's order.

  token(body: TokenRequestBody, options: CallOptions & { retryOn429?: boolean } = {}) {
    return this.raw({
      method: 'POST',
      path: pathFor('token'),
      json: body,
      auth: 'none',
      retryOn429: options.retryOn429 ?? true,
      ...options,
    });
  }

  createPreference(body: unknown, options: CallOptions = {}) {
    return this.raw({ method: 'POST', path: pathFor('preference'), json: body, ...options });
  }

  scheduleReleaseReport(options: CallOptions = {}) {
    return this.raw({ method: 'POST', path: pathFor('release-report-schedule'), ...options });
  }

  getSubscriptionPlan(id: string, options: CallOptions = {}) {
    return this.raw({ method: 'GET', path: pathFor('subscription-plan', { id }), ...options });
  }

  searchTestUsers(accessToken: string, options: CallOptions = {}) {
    return this.raw({
      method: 'GET',
      path: pathFor('test-user-search'),
      query: { access_token: accessToken },
      ...options,
    });
  }

  getClaimReason(reasonId: string, options: CallOptions = {}) {
    return this.raw({
      method: 'GET',
      path: pathFor('claim-reason', { reason_id: reasonId }),
      ...options,
    });
  }

  getClaim(claimId: string, options: CallOptions = {}) {
    return this.raw({ method: 'GET', path: pathFor('claim', { claim_id: claimId }), ...options });
  }

  getSettlementReportConfig(options: CallOptions = {}) {
    return this.raw({ method: 'GET', path: pathFor('settlement-report-config'), ...options });
  }

  getChargeback(id: string, options: CallOptions = {}) {
    return this.raw({ method: 'GET', path: pathFor('chargeback', { id }), ...options });
  }

  openDispute(claimId: string, options: CallOptions = {}) {
    return this.raw({
      method: 'POST',
      path: pathFor('open-dispute', { claim_id: claimId }),
      ...options,
    });
  }

  getStore(id: string, options: CallOptions = {}) {
    return this.raw({ method: 'GET', path: pathFor('store', { id }), ...options });
  }

  cancelAgreement(
    agreementId: string,
    options: CallOptions & { clientId?: string; platformId?: string } = {},
  ) {
    const { clientId, platformId, ...rest } = options;
    return this.raw({
      method: 'DELETE',
      path: pathFor('cancel-agreement', { agreement_id: agreementId }),
      ...(clientId === undefined ? {} : { query: { 'client.id': clientId } }),
      ...rest,
      headers: { ...rest.headers, ...(platformId === undefined ? {} : { 'x-platform-id': platformId }) },
    });
  }

  // Abilities (only the routes issue 4's target contract allows).

  /** `authorize`: GET /authorization; answers the code from the 302's Location. */
  async authorize(params: { clientId: string; redirectUri: string; state: string }) {
    const response = await this.raw({
      method: 'GET',
      path: '/authorization',
      auth: 'none',
      query: {
        response_type: 'code',
        client_id: params.clientId,
        redirect_uri: params.redirectUri,
        state: params.state,
      },
    });
    const location = response.headers.location;
    // Already remembered for redaction by send(), before the 302 was attached.
    const code = location ? (queryOf(location, this.baseUrl).code ?? null) : null;
    return { response, location, code };
  }

  /** `clock`: moves the target's clock forward. */
  advanceClock(seconds: number) {
    return this.raw({
      method: 'POST',
      path: '/__control/clock',
      auth: 'none',
      json: { advance_seconds: seconds },
    });
  }

  /** `fixtures`: a fresh resource in its initial state. */
  createFixture(kind: 'agreement' | 'claim') {
    return this.raw({ method: 'POST', path: '/__control/fixtures', auth: 'none', json: { kind } });
  }
}
