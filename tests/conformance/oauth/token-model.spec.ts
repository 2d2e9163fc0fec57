/**
 * The token lifecycle as a model of the spec's rules, checked over generated sequences of calls: codes
 * minted (ability `authorize`) and exchanged, refresh chains, used codes and refresh tokens presented
 * again, client_credentials grants, the target's clock moved past a code's 10 minutes (ability `clock`),
 * and the access tokens used on a bearer endpoint. The model holds what the spec states:
 * - an unused code younger than 10 minutes is exchanged for an access token and a refresh token
 *   (token.flow.authorization-code, token.request.code-valid-10-minutes); an older one is invalid_grant;
 * - a refresh token is exchanged for a new access token (token.flow.refresh-token), link after link; one
 *   the clock aged may be refused as expired (invalid_grant): the spec gives it no lifetime;
 * - an access token is valid until expires_in has passed (token.grant.validity-set-by-expires-in).
 * A used code or refresh token presented again is refused as invalid_grant where it is refused; that it
 * is refused at all is an HTTP rule (codes) or a platform fact (refresh tokens): advice under strict.
 * Refused, it may have revoked its family (what the code issued, the chain of refreshes): their refresh
 * tokens may then be invalid_grant and their access tokens the 401.
 * Time passes for a sequence's own codes and tokens only (ability `clock` ages them), so the model runs
 * beside every other test.
 */
import fc from 'fast-check';
import { AUTHORIZATION_CODE_VALIDITY_SECONDS } from '../../../lib/catalogue.ts';
import { documentedError, type RequirementId } from '../../../lib/requirements/index.ts';
import type { TargetConfig } from '../../../lib/target.ts';
import type { ApiResponse } from '../../support/api-client.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import {
  expectDocumentedError,
  expectStatus,
  expectThat,
  type CaseContext,
} from '../../support/expectations.ts';
import { checkModel, command, quietClient } from '../../support/property-runner.ts';
import { expectGrant, mintCode, type Grant } from '../../support/generated-tokens.ts';
import { fail } from '../../support/outcome.ts';
import { failure } from '../../../run/typed-failure.ts';

const declare = declarationsFor('token');
const INVALID_GRANT = documentedError('token.error.400-invalid-grant');
/** Any bearer endpoint with a documented 401 will do to use a token; this one changes nothing. */
const INVALID_TOKEN = documentedError('settlement-report-config.error.401-invalid-token');
const VALIDITY: RequirementId = 'token.grant.validity-set-by-expires-in';
const SEQUENCES = 12;
const MAX_COMMANDS = 20;
/** Codes a sequence mints at most (each is a request; a few are enough to mix fresh, used and old ones). */
const MAX_CODES = 3;
/** One move per sequence, just past a code's validity. */
const CLOCK_MOVE_SECONDS = AUTHORIZATION_CODE_VALIDITY_SECONDS + 1;

interface CodeState {
  minted: number;
  presented: boolean;
  /** The family of the grant its exchange answered. */
  family?: number;
}
interface GrantState {
  issued: number;
  expiresIn: number;
  refreshable: boolean;
  refreshUsed: boolean;
  /** A code's exchange or a client_credentials grant, and every refresh of it after. */
  family: number;
  /**
   * A refused reuse of its code or of a refresh token of its family may have revoked it: RFC 6749 §4.1.2
   * says a server SHOULD revoke what a code presented twice issued, and servers that detect a reused
   * refresh token end its chain. The spec says neither.
   */
  mayBeRevoked: boolean;
}
interface TokenModel {
  /** Seconds the sequence's codes and tokens were aged. */
  clock: number;
  codes: CodeState[];
  grants: GrantState[];
}
interface TokenReal {
  context: CaseContext;
  config: TargetConfig;
  codes: string[];
  grants: { access: string; refresh?: string }[];
  /** Every access token answered so far: a refresh must answer a new one. */
  seen: Set<string>;
}

type TokenCommand = fc.AsyncCommand<TokenModel, TokenReal, false>;

const credentials = (config: TargetConfig) => ({
  client_id: config.clientId,
  client_secret: config.clientSecret,
});

/** Among the `items` for which `holds`, the `pick`-th newest (wrapping around); undefined when none. */
function choose<T>(items: readonly T[], holds: (item: T) => boolean, pick: number): number | undefined {
  const indexes = items.flatMap((item, i) => (holds(item) ? [i] : []));
  return indexes.length === 0 ? undefined : indexes[indexes.length - 1 - (pick % indexes.length)];
}

/** Records a grant the target answered in the model and on the real side; answers its family. */
function remember(model: TokenModel, real: TokenReal, grant: Grant, parent?: GrantState): number {
  const family = parent?.family ?? model.grants.length;
  const access = typeof grant.access_token === 'string' ? grant.access_token : '';
  const refresh = typeof grant.refresh_token === 'string' ? grant.refresh_token : undefined;
  real.grants.push({ access, ...(refresh ? { refresh } : {}) });
  real.seen.add(access);
  model.grants.push({
    issued: model.clock,
    expiresIn: typeof grant.expires_in === 'number' ? grant.expires_in : 0,
    refreshable: refresh !== undefined,
    refreshUsed: false,
    family,
    mayBeRevoked: parent?.mayBeRevoked ?? false,
  });
  return family;
}

/** After a refused reuse: every grant of the family may have been revoked. */
function mayHaveRevoked(model: TokenModel, family: number | undefined): void {
  for (const grant of model.grants) if (grant.family === family) grant.mayBeRevoked = true;
}

/** A code presented once more: invalid_grant where refused; accepted only while young (advice: HTTP). */
function judgeReusedCode(model: TokenModel, real: TokenReal, response: ApiResponse, age: number): void {
  if (response.status >= 400) return expectDocumentedError(response, INVALID_GRANT);
  expectThat(
    age <= AUTHORIZATION_CODE_VALIDITY_SECONDS,
    'token.request.code-valid-10-minutes',
    `a used code ${age} s old was exchanged again (answered ${response.status})`,
    'invalid_grant',
  );
  real.context.advise(
    'http.oauth-code-single-use',
    `a used code was exchanged again (answered ${response.status})`,
  );
  remember(model, real, expectGrant(real.context, response, 'token.flow.authorization-code'));
}

class MintCode implements TokenCommand {
  check = (m: Readonly<TokenModel>) => m.codes.length < MAX_CODES;
  async run(m: TokenModel, r: TokenReal) {
    r.codes.push(await mintCode(r.context.client, r.config));
    m.codes.push({ minted: m.clock, presented: false });
  }
  toString = () => 'mint a code';
}

class ExchangeCode implements TokenCommand {
  private label = 'exchange a code';
  constructor(private readonly pick: number) {}
  check = (m: Readonly<TokenModel>) => m.codes.some((c) => !c.presented);
  async run(m: TokenModel, r: TokenReal) {
    const index = choose(m.codes, (c) => !c.presented, this.pick)!;
    const code = m.codes[index]!;
    const age = m.clock - code.minted;
    this.label = `exchange code #${index + 1} (${age} s old)`;
    code.presented = true;
    const response = await r.context.client.token({
      ...credentials(r.config),
      grant_type: 'authorization_code',
      code: r.codes[index]!,
      redirect_uri: r.config.redirectUri,
    });
    if (age > AUTHORIZATION_CODE_VALIDITY_SECONDS) return expectDocumentedError(response, INVALID_GRANT);
    const grant = expectGrant(r.context, response, 'token.flow.authorization-code');
    expectThat(
      typeof grant.refresh_token === 'string' && grant.refresh_token !== '',
      'token.flow.authorization-code',
      `the exchange answered refresh_token ${JSON.stringify(typeof grant.refresh_token)}`,
      'a refresh token',
    );
    code.family = remember(m, r, grant);
  }
  toString = () => this.label;
}

class ReuseCode implements TokenCommand {
  private label = 'present a used code again';
  constructor(private readonly pick: number) {}
  check = (m: Readonly<TokenModel>) => m.codes.some((c) => c.presented);
  async run(m: TokenModel, r: TokenReal) {
    const index = choose(m.codes, (c) => c.presented, this.pick)!;
    const age = m.clock - m.codes[index]!.minted;
    this.label = `present used code #${index + 1} again (${age} s old)`;
    const response = await r.context.client.token({
      ...credentials(r.config),
      grant_type: 'authorization_code',
      code: r.codes[index]!,
      redirect_uri: r.config.redirectUri,
    });
    judgeReusedCode(m, r, response, age);
    if (response.status >= 400) mayHaveRevoked(m, m.codes[index]!.family);
  }
  toString = () => this.label;
}

class ClientCredentials implements TokenCommand {
  check = () => true;
  async run(m: TokenModel, r: TokenReal) {
    const response = await r.context.client.token({
      ...credentials(r.config),
      grant_type: 'client_credentials',
      test_token: 'true',
    });
    remember(m, r, expectGrant(r.context, response, 'token.flow.client-credentials'));
  }
  toString = () => 'client_credentials grant';
}

class Refresh implements TokenCommand {
  private label = 'refresh';
  constructor(private readonly pick: number) {}
  check = (m: Readonly<TokenModel>) => m.grants.some((g) => g.refreshable && !g.refreshUsed);
  async run(m: TokenModel, r: TokenReal) {
    const index = choose(m.grants, (g) => g.refreshable && !g.refreshUsed, this.pick)!;
    const parent = m.grants[index]!;
    this.label = `refresh grant #${index + 1}`;
    parent.refreshUsed = true;
    const response = await r.context.client.token({
      ...credentials(r.config),
      grant_type: 'refresh_token',
      refresh_token: r.grants[index]!.refresh!,
    });
    // Revoked after a refused reuse in its family, or expired: the spec gives a refresh token no
    // lifetime, so one the clock aged may be gone (invalid_grant).
    if ((parent.mayBeRevoked || parent.issued < m.clock) && response.status >= 400)
      return expectDocumentedError(response, INVALID_GRANT);
    const grant = expectGrant(r.context, response, 'token.flow.refresh-token');
    expectThat(
      typeof grant.access_token === 'string' && !r.seen.has(grant.access_token),
      'token.flow.refresh-token',
      'the refresh answered an access token it had answered before',
      'a new access token',
    );
    remember(m, r, grant, parent);
  }
  toString = () => this.label;
}

class ReuseRefresh implements TokenCommand {
  private label = 'present a used refresh token again';
  constructor(private readonly pick: number) {}
  check = (m: Readonly<TokenModel>) => m.grants.some((g) => g.refreshUsed);
  async run(m: TokenModel, r: TokenReal) {
    const index = choose(m.grants, (g) => g.refreshUsed, this.pick)!;
    this.label = `present grant #${index + 1}'s used refresh token again`;
    const response = await r.context.client.token({
      ...credentials(r.config),
      grant_type: 'refresh_token',
      refresh_token: r.grants[index]!.refresh!,
    });
    const used = m.grants[index]!;
    if (response.status >= 400) {
      mayHaveRevoked(m, used.family);
      return expectDocumentedError(response, INVALID_GRANT);
    }
    r.context.advise(
      'platform.refresh-token-single-use',
      `a used refresh token was exchanged again (answered ${response.status})`,
    );
    remember(m, r, expectGrant(r.context, response, 'token.flow.refresh-token'), used);
  }
  toString = () => this.label;
}

class UseAccessToken implements TokenCommand {
  private label = 'use an access token';
  constructor(private readonly pick: number) {}
  // Only the newest token of a chain: whether a refresh ends the old access token the spec does not say.
  check = (m: Readonly<TokenModel>) => m.grants.some((g) => !g.refreshUsed);
  async run(m: TokenModel, r: TokenReal) {
    const index = choose(m.grants, (g) => !g.refreshUsed, this.pick)!;
    const grant = m.grants[index]!;
    const age = m.clock - grant.issued;
    this.label = `use grant #${index + 1}'s access token (${age} s old)`;
    const response = await r.context.client.getSettlementReportConfig({
      auth: { bearer: r.grants[index]!.access },
    });
    if (grant.mayBeRevoked && response.status === INVALID_TOKEN.status)
      return expectDocumentedError(response, INVALID_TOKEN);
    if (age < grant.expiresIn)
      expectStatus(
        response,
        [200],
        VALIDITY,
        `200: the token is ${age} s old, expires_in is ${grant.expiresIn}`,
      );
    else expectDocumentedError(response, INVALID_TOKEN);
  }
  toString = () => this.label;
}

/** Time passes for every code and token of the sequence (a used one is gone: the target ages what it has). */
class MoveClock implements TokenCommand {
  check = (m: Readonly<TokenModel>) => m.clock === 0;
  async run(m: TokenModel, r: TokenReal) {
    const credentials = [
      ...r.codes,
      ...r.grants.flatMap((g) => [g.access, ...(g.refresh ? [g.refresh] : [])]),
    ];
    const response = await r.context.client.ageCredentials(credentials, CLOCK_MOVE_SECONDS);
    if (response.status !== 200) {
      fail(
        failure({
          kind: 'ability-broken',
          seen: `the target claims 'clock', but POST /__control/clock answered ${response.status}`,
        }),
      );
    }
    m.clock += CLOCK_MOVE_SECONDS;
  }
  toString = () => `let ${CLOCK_MOVE_SECONDS} s pass`;
}

/** Mostly the newest candidate, so refreshes build chains; sometimes an older one. */
const pick = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 7 }) });
const COMMANDS: fc.Arbitrary<TokenCommand>[] = [
  command(() => new MintCode()),
  pick.map((p) => new ExchangeCode(p)),
  pick.map((p) => new ExchangeCode(p)),
  pick.map((p) => new ReuseCode(p)),
  command(() => new ClientCredentials()),
  command(() => new ClientCredentials()),
  // Refreshes most often, so sequences build chains of several links.
  ...Array.from({ length: 5 }, () => pick.map((p) => new Refresh(p))),
  pick.map((p) => new ReuseRefresh(p)),
  pick.map((p) => new UseAccessToken(p)),
  pick.map((p) => new UseAccessToken(p)),
  command(() => new MoveClock()),
];

test.describe('POST /oauth/token (model)', () => {
  test(
    'the token lifecycle follows the spec over generated sequences of calls',
    declare({
      requirements: [
        'token.response-access-token-grant',
        'token.flow.authorization-code',
        'token.flow.refresh-token',
        'token.flow.client-credentials',
        'token.request.code-valid-10-minutes',
        'token.request.code-required-for-authorization-code',
        'token.request.refresh-token-required-for-refresh',
        VALIDITY,
        INVALID_GRANT.id,
        INVALID_TOKEN.id,
        'settlement-report-config.success-status-200',
      ],
      schemas: ['access-token-grant'],
      needs: ['clock', 'authorize'],
      generative: true,
    }),
    async ({ api, config, target, recordParameters }, testInfo) => {
      await checkModel<TokenModel, TokenReal>({
        testInfo,
        api,
        quiet: quietClient(testInfo, config, target),
        recordParameters,
        property: 'codes, refresh chains, reuse and expiry behave as the spec states',
        basis: 'token.flow.refresh-token',
        commands: COMMANDS,
        maxCommands: MAX_COMMANDS,
        defaultRuns: SEQUENCES,
        setup: (context) =>
          Promise.resolve({
            model: { clock: 0, codes: [], grants: [] },
            real: { context, config, codes: [], grants: [], seen: new Set() },
          }),
      });
    },
  );
});
