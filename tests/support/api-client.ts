/**
 * A typed client for the target, one method per endpoint plus raw(), over node:http(s) (./http.ts).
 *
 * Every exchange is attached to the test before the caller sees it: the request as sent (headers
 * included, secrets as the environment variables that hold them), a curl command that repeats it, and the
 * answer, all redacted. Every secret that passes through is remembered for redaction, and every request
 * has a timeout, so a hanging or absent target ends the test as "not tested", never as a verdict.
 */
import type { TestInfo } from '@playwright/test';
import {
  AGREEMENT_CLIENT_ID_QUERY,
  endpointById,
  ENDPOINTS,
  pathPattern,
  type EndpointId,
} from '../../lib/catalogue.ts';
import { isRead, moreSends, outageOf, RATE_LIMITED, sendingAgain } from '../../run/retries.ts';
import { addWait } from './request-costs.ts';
import { UNAVAILABLE_STATUSES, type FailureKind } from '../../lib/failures.ts';
import { preferHeader, PREFER_HEADER, type FaultPreference } from '../../lib/prefer.ts';
import { VARIABLES, type TargetConfig } from '../../lib/target.ts';
import { ATTACHING, attachTo, CONTENT_TYPES } from './attachments.ts';
import { exchange, HttpTimeoutError, requestTimeoutMs, type HttpAnswer } from '../../run/http.ts';
import { fail } from './outcome.ts';
import { failure } from '../../run/typed-failure.ts';
import {
  redact,
  REDACTED,
  rememberSecret,
  rememberSecretFields,
  SECRET_RESPONSE_FIELDS,
} from '../../run/redact.ts';
import { Reproduction, tokenPreamble } from './reproduce.ts';

/** The live token's variable in reproduction scripts (obtained there when unset). */
export const LIVE_TOKEN_VARIABLE = 'PAYMENTS_LIVE_ACCESS_TOKEN';

export const TARGET_GAVE_NO_ANSWER = (what: string, reason: string) =>
  `${what} got no answer (${reason}): the target is down, unreachable or hanging; this is not a contract result`;

export const TARGET_UNAVAILABLE = (
  what: string,
  status: number,
  why: { resent: { times: number; ms: number } } | { down: true } | undefined,
) => {
  const answered =
    why && 'resent' in why
      ? `still answered ${status} after being sent ${moreSends(why.resent.times)} more over ${Math.round(why.resent.ms / 1000)} s`
      : `answered ${status}`;
  const notResent =
    why && 'down' in why
      ? ' (not sent again: an earlier read stayed unavailable after all its sends, so the target is taken as down until it serves a request)'
      : '';
  return `${what} was ${answered}${notResent}: the target, or a gateway before it, did not serve the request just then; this is not a contract result`;
};

export interface ApiResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
  /** Whether the body parsed as JSON (an empty body does not). */
  json: boolean;
}

/** 'default': the run's test token; 'none': no Authorization header; or an explicit bearer value. */
export type Auth = 'default' | 'none' | { bearer: string };

export interface CallOptions {
  auth?: Auth;
  /** Asks a target with the `faults` ability for a documented error. */
  prefer?: FaultPreference;
  headers?: Record<string, string>;
  /**
   * What no answer (or a 502, 503 or 504) means: by default the test could not test the target ("not
   * tested"); `throw` hands a NoAnswer to the caller, for a robustness case, where failing to answer one
   * request is what is judged.
   */
  noAnswer?: 'not-tested' | 'throw';
}

/**
 * The target gave no answer, or answered as unavailable (502, 503, 504), to a request whose caller judges
 * that itself (CallOptions.noAnswer); `kind` is what it means where nothing else is known.
 */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor(
    message: string,
    readonly kind: Extract<FailureKind, 'timeout' | 'target-unreachable' | 'target-unavailable'>,
    /** What happened, without what it would mean alone (e.g. `POST /checkout/preferences was answered 502`). */
    readonly brief: string,
  ) {
    super(message);
  }
}

export interface RawRequest extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** false: a 429 is the answer (a test of the 429 itself), not waited out. */
  retryOn429?: boolean;
}

export type TokenRequestBody = object;

/** The tokens the run holds, by role, so reproductions can refer to them by variable. */
export interface HeldTokens {
  test: string;
  live?: string;
}

/** The test-user search's query that carries the seller's token (the catalogue's queryToken). */
const SEARCH_QUERY_TOKEN = endpointById('test-user-search').queryToken!;

/** The endpoint a request is for, as the spec writes it (`POST /oauth/token`), else its method and path. */
function endpointOfRequest(method: string, path: string): string {
  const endpoint = ENDPOINTS.find((e) => e.method === method && pathPattern(e.path).test(path));
  return endpoint ? endpoint.feature : `${method} ${path}`;
}

function pathFor(id: EndpointId, params: Record<string, string> = {}): string {
  return endpointById(id).path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

function parseJson(text: string): { json: boolean; body: unknown } {
  if (text.trim() === '') return { json: false, body: undefined };
  try {
    return { json: true, body: JSON.parse(text) as unknown };
  } catch {
    return { json: false, body: undefined };
  }
}

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
  private readonly timeoutMs = requestTimeoutMs();
  /** Whether the exchanges are attached: the test's record, in a run that keeps a report. */
  private readonly attaching: boolean;

  constructor(
    private readonly testInfo: TestInfo,
    private readonly config: TargetConfig,
    private readonly tokens: () => HeldTokens,
    private readonly reproduction: Reproduction,
    /** False for a client whose exchanges are not the test's record (the cases before a counterexample). */
    recorded = true,
  ) {
    this.attaching = recorded && ATTACHING;
    reproduction.refer(config.clientSecret, `$${VARIABLES.clientSecret}`);
    reproduction.refer(config.otherClient?.clientSecret, `$${VARIABLES.otherClientSecret}`);
    reproduction.refer(config.authCode, `$${VARIABLES.authCode}`);
  }

  private referToHeldTokens(): void {
    const held = this.tokens();
    this.reproduction.refer(
      held.test,
      `$${VARIABLES.testAccessToken}`,
      this.config.testAccessToken ? undefined : tokenPreamble(VARIABLES.testAccessToken, true),
    );
    this.reproduction.refer(held.live, `$${LIVE_TOKEN_VARIABLE}`, tokenPreamble(LIVE_TOKEN_VARIABLE, false));
  }

  /**
   * Any request; the endpoint methods below all go through here. A target's "not now" is waited out and
   * the request sent again (run/retries.ts): a 429, unless the test asks for the 429 itself (`Prefer`, or
   * `retryOn429: false`), and a 502, 503 or 504 to a safe request.
   */
  async raw(req: RawRequest): Promise<ApiResponse> {
    if (req.prefer) return this.send(req);
    const what = () => endpointOfRequest(req.method, req.path);
    const rateLimits = req.retryOn429 !== false;
    const outage = outageOf(this.config.baseUrl);
    const downBefore = outage.down;
    const { answer, resent } = await sendingAgain(req.method, () => this.send(req), {
      rateLimits,
      outage,
      onWait: (status, ms) => {
        addWait(this.testInfo, { endpoint: what(), status, ms, times: 1 });
        // So a reader of the report sees why the next exchange repeats this one.
        if (this.attaching)
          attachTo(
            this.testInfo,
            `${this.exchangeCount} waited ${(ms / 1000).toFixed(1)} s after ${status}`,
            `${what()} was answered ${status}: sent again after ${(ms / 1000).toFixed(1)} s (run/retries.ts).`,
            CONTENT_TYPES.text,
          );
      },
    });
    if (answer.status === 429 && rateLimits)
      fail(failure({ kind: 'rate-limited', seen: RATE_LIMITED(what(), resent.rateLimit) }));
    // A gateway's or an overloaded server's answer says the request was not served just then (RFC 9110
    // 15.6.3-15.6.5); the spec documents none of these statuses, so no rule is judged on one.
    if (UNAVAILABLE_STATUSES.includes(answer.status)) {
      const why =
        resent.unavailable.times > 0
          ? { resent: resent.unavailable }
          : downBefore && isRead(req.method)
            ? ({ down: true } as const)
            : undefined;
      const seen = TARGET_UNAVAILABLE(what(), answer.status, why);
      if (req.noAnswer === 'throw')
        throw new NoAnswer(seen, 'target-unavailable', `${what()} was answered ${answer.status}`);
      fail(failure({ kind: 'target-unavailable', seen }));
    }
    return answer;
  }

  private async send(req: RawRequest): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...req.headers };
    const auth = req.auth ?? 'default';
    if (auth !== 'none') {
      if (auth === 'default') this.referToHeldTokens();
      const bearer = auth === 'default' ? this.tokens().test : auth.bearer;
      rememberSecret(bearer);
      headers.authorization = `Bearer ${bearer}`;
    }
    if (
      req.query &&
      Object.values(req.query).some((v) => v === this.tokens().test || v === this.tokens().live)
    ) {
      this.referToHeldTokens();
    }
    if (req.prefer) headers[PREFER_HEADER] = preferHeader(req.prefer);
    if (req.json !== undefined) headers['content-type'] = 'application/json';
    rememberSecretFields(req.json);
    rememberSecretFields(req.query);

    const url = new URL(this.config.baseUrl + req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) url.searchParams.set(name, value);
    const pathAndQuery = url.toString().slice(this.config.baseUrl.length);
    const what = `${req.method} ${req.path}`;
    const n = ++this.exchangeCount;
    const body = req.json === undefined ? undefined : JSON.stringify(req.json);
    const curl = this.reproduction.request(n, { method: req.method, pathAndQuery, headers, body });
    this.attach(`${n} request ${what}`, () => ({
      method: req.method,
      url: this.reproduction.shown(`$${VARIABLES.baseUrl}${pathAndQuery}`),
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, this.reproduction.shown(v)])),
      ...(req.json === undefined
        ? {}
        : { body: JSON.parse(this.reproduction.shown(body ?? 'null')) as unknown }),
    }));
    if (this.attaching)
      attachTo(this.testInfo, redact(`${n} curl ${what}`), redact(curl), CONTENT_TYPES.text);

    let answer: HttpAnswer;
    try {
      answer = await exchange(url, {
        method: req.method,
        headers,
        ...(body === undefined ? {} : { body }),
        timeoutMs: this.timeoutMs,
        keepConnection: this.config.embedded,
        ...(this.config.proxy ? { proxy: this.config.proxy } : {}),
      });
    } catch (error) {
      const timedOut = error instanceof HttpTimeoutError;
      const reason = timedOut
        ? `no answer within ${this.timeoutMs} ms`
        : ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');
      const kind = timedOut ? 'timeout' : 'target-unreachable';
      const seen = TARGET_GAVE_NO_ANSWER(what, reason);
      if (req.noAnswer === 'throw') throw new NoAnswer(seen, kind, `${what} got no answer (${reason})`);
      fail(failure({ kind, seen }));
    }
    const { text } = answer;
    const parsed = parseJson(text);
    const result: ApiResponse = {
      status: answer.status,
      headers: answer.headers,
      text,
      body: parsed.body,
      json: parsed.json,
    };
    rememberSecretFields(result.body, SECRET_RESPONSE_FIELDS);
    // A redirect's Location may carry a code or token in its query (the authorization 302 does).
    if (result.headers.location) rememberSecretFields(queryOf(result.headers.location, this.config.baseUrl));
    this.reproduction.captured(n, result.body, result.headers.location);
    this.attach(`${n} response ${result.status} ${what}`, () => ({
      status: result.status,
      headers: redactedHeaders(result.headers),
      ...(result.json ? { body: result.body } : { text }),
    }));
    return result;
  }

  /** How many requests this client has sent: one after the other, each waiting for the one before. */
  get sent(): number {
    return this.exchangeCount;
  }

  /** A client like this one that records nothing: for one generated case, whose requests it counts. */
  quietSibling(): ApiClient {
    return new ApiClient(
      this.testInfo,
      this.config,
      this.tokens,
      new Reproduction(this.config.baseUrl, this.config.proxy),
      false,
    );
  }

  /** Attaches what `content` makes, made only when the exchanges are attached. */
  private attach(name: string, content: () => unknown): void {
    if (!this.attaching) return;
    attachTo(this.testInfo, redact(name), redact(JSON.stringify(content(), null, 2)), CONTENT_TYPES.json);
  }

  /** The test's requests as one shell script (undefined when it sent none). */
  reproductionScript(): string | undefined {
    const script = this.reproduction.script(this.testInfo.title);
    return script === undefined ? undefined : redact(script);
  }

  // Endpoints, in the spec's order.

  token(body: TokenRequestBody, options: CallOptions & { retryOn429?: boolean } = {}) {
    return this.raw({ method: 'POST', path: pathFor('token'), json: body, auth: 'none', ...options });
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

  /** The search with `access_token` in its query; undefined leaves the query out. */
  searchTestUsers(accessToken: string | undefined, options: CallOptions = {}) {
    return this.raw({
      method: 'GET',
      path: pathFor('test-user-search'),
      ...(accessToken === undefined ? {} : { query: { [SEARCH_QUERY_TOKEN]: accessToken } }),
      ...options,
    });
  }

  getClaimReason(reasonId: string, options: CallOptions = {}) {
    return this.raw({ method: 'GET', path: pathFor('claim-reason', { reason_id: reasonId }), ...options });
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
    return this.raw({ method: 'POST', path: pathFor('open-dispute', { claim_id: claimId }), ...options });
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
      ...(clientId === undefined ? {} : { query: { [AGREEMENT_CLIENT_ID_QUERY]: clientId } }),
      ...rest,
      headers: { ...rest.headers, ...(platformId === undefined ? {} : { 'x-platform-id': platformId }) },
    });
  }

  // Abilities: the control routes of the target contract (lib/abilities.ts).

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
    const code = location ? (queryOf(location, this.config.baseUrl).code ?? null) : null;
    return { response, location, code };
  }

  /** `clock`: ages the given codes and tokens by `seconds`, and nothing else of the target. */
  ageCredentials(credentials: readonly string[], seconds: number) {
    return this.raw({
      method: 'POST',
      path: '/__control/clock',
      auth: 'none',
      json: { advance_seconds: seconds, credentials },
    });
  }

  /** `fixtures`: a fresh resource in its initial state. */
  createFixture(kind: 'agreement' | 'claim') {
    return this.raw({ method: 'POST', path: '/__control/fixtures', auth: 'none', json: { kind } });
  }
}
