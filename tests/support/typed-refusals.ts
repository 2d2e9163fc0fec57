/**
 * The generated refusal tests, defined once and called by each area folder's typed-rule-refusals.spec.ts.
 * On every endpoint, a request that breaks one typed rule of the spec (a wrong type at one field, a value
 * outside a listed enum, date_of_expiration without its UTC offset, a required token field missing, a
 * path or query parameter typed "number" that is none, an Authorization header that is not
 * `Bearer <ACCESS_TOKEN>`) is refused with a 4xx. A 4xx is what refusing means: the client erred. A 5xx
 * is the server failing at the very rule it was asked to apply, so it fails the test as a deviation of
 * that rule (cited with its requirement), not as an HTTP nicety. The error body's shape is advice: the
 * spec does not show it.
 */
import fc from 'fast-check';
import type { TestInfo } from '@playwright/test';
import { endpointById, ENDPOINTS, type Area, type EndpointId } from '../../lib/catalogue.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import type { PlatformCurrency } from '../../lib/sure-valid.ts';
import { singleCurrencyOf, type TargetConfig, type TargetIds } from '../../lib/target.ts';
import {
  fillTokenRequest,
  invalidPreference,
  invalidTokenRequest,
  preferenceRulesBroken,
  TOKEN_RULES_BROKEN,
} from '../../factories/arbitraries/invalid.ts';
import {
  authorizationHeader,
  malformedAuthorization,
  nonNumericValue,
} from '../../factories/arbitraries/parameters.ts';
import { buildPreference } from '../../factories/preference.ts';
import type { ApiClient, ApiResponse, CallOptions } from './api-client.ts';
import { declare } from './declare.ts';
import { test } from './fixtures.ts';
import { expectRefused, expectStatus, noteErrorShape, type CaseContext } from './expectations.ts';
import { checkGenerated, quietClient } from './property-runner.ts';
import { authenticationRequirements, listedRefusals } from './lookups.ts';
import { createdFixtureId } from './control-fixtures.ts';
import { declareFake } from '../../run/redact.ts';
import { allowancesApply } from '../../lib/profiles.ts';
import { isPlatformForm } from '../../lib/request-forms.ts';
import { skipWherePlatformForm } from './request-forms.ts';

/** Cases per test: each is one cheap request (two where a fresh fixture is needed). */
const RUNS = 25;
/** The malformed headers are few (a handful of schemes, a bare token, a scheme alone). */
const HEADER_RUNS = 8;
/** Codes and refresh tokens nobody issued: the broken rule is the case's only typed fault. */
const UNKNOWN_CODE = declareFake('TG-000000000000000000000000-000000000');
const UNKNOWN_REFRESH_TOKEN = declareFake('TG-000000000000000000000000-111111111');
const BEARER_HEADER: RequirementId = 'auth.bearer-header-on-requests';

/**
 * Refused on `basis`: with a 4xx, or where the endpoint lists its errors, with one of their statuses; the
 * error body's shape is advice.
 */
function judgeRefusal(
  context: CaseContext,
  response: ApiResponse,
  basis: RequirementId,
  listed: readonly number[] | undefined,
): void {
  if (listed)
    expectStatus(response, listed, basis, `${listed.join(' or ')}, of the endpoint's listed errors`);
  else expectRefused(response, basis);
  noteErrorShape(context, response);
}

/** A fresh resource from `fixtures`, else the configured one (a faithful target refuses the case without touching it). */
async function resource(
  client: ApiClient,
  config: TargetConfig,
  kind: 'agreement' | 'claim',
): Promise<string> {
  if (!config.abilities.has('fixtures')) return kind === 'agreement' ? config.agreementId : config.claimId;
  return createdFixtureId(client, kind);
}

type Send = (
  client: ApiClient,
  config: TargetConfig,
  options: CallOptions,
  token: string,
) => Promise<ApiResponse>;
const PREFERENCE_SEED = 4100;

/** How each bearer endpoint is called with given options; destructive ones on a fresh resource where they can. */
const SEND: Record<Exclude<EndpointId, 'token'>, Send> = {
  preference: (c, config, o) =>
    c.createPreference(
      buildPreference('retail', { seed: PREFERENCE_SEED, currency: singleCurrencyOf(config) }),
      o,
    ),
  'release-report-schedule': (c, _ids, o) => c.scheduleReleaseReport(o),
  'subscription-plan': (c, ids, o) => c.getSubscriptionPlan(ids.planId, o),
  'test-user-search': (c, _ids, o, token) => c.searchTestUsers(token, o),
  'claim-reason': (c, ids, o) => c.getClaimReason(ids.claimReasonId, o),
  claim: (c, ids, o) => c.getClaim(ids.claimId, o),
  'settlement-report-config': (c, _ids, o) => c.getSettlementReportConfig(o),
  chargeback: (c, ids, o) => c.getChargeback(ids.chargebackId, o),
  'open-dispute': async (c, config, o) => c.openDispute(await resource(c, config, 'claim'), o),
  store: (c, ids, o) => c.getStore(ids.storeId, o),
  'cancel-agreement': async (c, config, o) => c.cancelAgreement(await resource(c, config, 'agreement'), o),
};

/** What a refusal test takes of its fixtures. */
type RefusalArgs = Pick<
  Parameters<RefusalTest['body']>[0],
  'api' | 'config' | 'target' | 'tokens' | 'recordParameters'
>;

/** A test for the spec file to define (so the report files it under its area, not under this module). */
export interface RefusalTest {
  title: string;
  details: ReturnType<typeof declare>;
  body: Parameters<typeof test>[2];
}

/**
 * One generated test: a property of `endpointId` over the cases `arbitrary` draws for the target, refused
 * on each case's rule.
 */
function refusalTest<T>(
  endpointId: EndpointId,
  title: string,
  requirements: readonly RequirementId[],
  arbitrary: (config: TargetConfig, currency: PlatformCurrency | undefined) => fc.Arbitrary<T>,
  send: (client: ApiClient, config: TargetConfig, input: T, token: string) => Promise<ApiResponse>,
  breaks: (input: T) => RequirementId,
  options: {
    runs?: number;
    madeUpIds?: true;
    /**
     * Where a case may be taken conformantly: the same request without what it broke, answered 2xx too,
     * shows the server never needed it (then the case holds).
     */
    takenWithout?: (client: ApiClient, config: TargetConfig, token: string) => Promise<ApiResponse>;
    /**
     * The cases carry the account's currency (a preference): the test declares it and skips where the
     * target did not say it, or a real account would refuse every case for its currency, whatever else.
     */
    inAccountCurrency?: true;
    /** The endpoint lists its errors: a refusal is one of their statuses, not any 4xx. */
    listedOnly?: true;
  } = {},
): RefusalTest {
  const runs = options.runs ?? RUNS;
  const listed = options.listedOnly
    ? [...new Set(listedRefusals(endpointId).map((row) => row.status))]
    : undefined;
  const run = async (
    { api, config, target, tokens, recordParameters }: RefusalArgs,
    testInfo: TestInfo,
    currency: PlatformCurrency | undefined,
  ) => {
    // Under lenient and platform, a value of the type the platform gives a field breaks no rule there
    // (lib/request-forms.ts): such cases are not drawn, and a test of such rules only is skipped. Its
    // requirements are the rules its cases break and nothing else: one more would leave the filter below
    // nothing to draw.
    const platformForms = allowancesApply(config.profile);
    if (platformForms && requirements.every(isPlatformForm))
      skipWherePlatformForm(config.profile, requirements[0]!);
    await checkGenerated({
      testInfo,
      api,
      quiet: quietClient(testInfo, config, target),
      recordParameters,
      property: 'a request that breaks one typed rule is refused with a 4xx',
      basis: requirements[0]!,
      arbitrary: platformForms
        ? arbitrary(config, currency).filter((input) => !isPlatformForm(breaks(input)))
        : arbitrary(config, currency),
      defaultRuns: runs,
      judge: async (input, context) => {
        const token = tokens.test.accessToken;
        const response = await send(context.client, config, input, token);
        const taken = response.status >= 200 && response.status < 300;
        if (taken && options.takenWithout) {
          const without = await options.takenWithout(context.client, config, token);
          if (without.status >= 200 && without.status < 300) return;
        }
        judgeRefusal(context, response, breaks(input), listed);
      },
    });
  };
  return {
    title,
    details: declare(endpointId, {
      requirements,
      generative: true,
      ...(options.madeUpIds ? { madeUpIds: true } : {}),
      ...(options.inAccountCurrency ? { uses: ['currency'] as const } : {}),
    }),
    body: options.inAccountCurrency
      ? async ({ api, config, target, tokens, recordParameters, accountCurrency }, testInfo) =>
          run({ api, config, target, tokens, recordParameters }, testInfo, accountCurrency)
      : async ({ api, config, target, tokens, recordParameters }, testInfo) =>
          run({ api, config, target, tokens, recordParameters }, testInfo, undefined),
  };
}

const credentials = (ids: TargetIds) => ({
  clientId: ids.clientId,
  clientSecret: ids.clientSecret,
  redirectUri: ids.redirectUri,
  code: UNKNOWN_CODE,
  refreshToken: UNKNOWN_REFRESH_TOKEN,
});

/** The typed rules of each endpoint beyond its Authorization header, as one generated test. */
const RULE_REFUSALS: Partial<Record<EndpointId, () => RefusalTest>> = {
  token: () =>
    refusalTest(
      'token',
      'POST /oauth/token refuses a request that breaks one rule of the body table with a 400',
      ['token.error.400-invalid-request', ...TOKEN_RULES_BROKEN],
      () => invalidTokenRequest(),
      (client, config, input) => client.token(fillTokenRequest(input.document, credentials(config))),
      (input) => input.breaks,
      // Every refusal the token endpoint lists is a 400.
      { listedOnly: true },
    ),
  preference: () =>
    refusalTest(
      'preference',
      'POST /checkout/preferences refuses a preference that breaks one typed rule with a 4xx',
      ['preference.request.json-body', ...preferenceRulesBroken()],
      // In the account's currency: refused for the broken rule, not for the currency.
      (_config, currency) => invalidPreference({ currency }),
      (client, _config, input) => client.createPreference(input.document),
      (input) => input.breaks,
      { inAccountCurrency: true },
    ),
  claim: () =>
    refusalTest(
      'claim',
      'GET /post-purchase/v1/claims/{claim_id} refuses a claim_id that is not a number with a 4xx',
      ['claim.path-claim-id-number-required'],
      () => nonNumericValue(),
      (client, _config, id) => client.getClaim(id),
      () => 'claim.path-claim-id-number-required',
      // The generated id is the request's whole point: no claim of the account is named.
      { madeUpIds: true },
    ),
  'open-dispute': () =>
    refusalTest(
      'open-dispute',
      'POST /v1/claims/{claim_id}/actions/open_dispute refuses a claim_id that is not a number with a 4xx',
      ['open-dispute.path-claim-id-number-required'],
      () => nonNumericValue(),
      (client, _config, id) => client.openDispute(id),
      () => 'open-dispute.path-claim-id-number-required',
      // The generated id is the request's whole point: no claim of the account is named.
      { madeUpIds: true },
    ),
  'cancel-agreement': () =>
    refusalTest(
      'cancel-agreement',
      'DELETE /v2/wallet_connect/agreements/{agreement_id} refuses a client.id that is not a number with its 400 or 404',
      ['cancel-agreement.query-client-id-number-optional'],
      () => nonNumericValue(),
      async (client, config, clientId) =>
        client.cancelAgreement(await resource(client, config, 'agreement'), { clientId }),
      () => 'cancel-agreement.query-client-id-number-optional',
      // "Errors: 400, 404, 500": a refusal is one of its 4xx.
      { listedOnly: true },
    ),
};

/** The run's valid token in an Authorization header of another form. */
function authorizationRefusal(id: Exclude<EndpointId, 'token'>, feature: string): RefusalTest {
  return refusalTest(
    id,
    `${feature} refuses an Authorization header that is not "Bearer <ACCESS_TOKEN>" with a 4xx`,
    [BEARER_HEADER, ...authenticationRequirements(id)],
    () => malformedAuthorization(),
    (client, config, malformed, token) =>
      SEND[id](
        client,
        config,
        { auth: 'none', headers: { authorization: authorizationHeader(malformed, token) } },
        token,
      ),
    () => BEARER_HEADER,
    {
      runs: HEADER_RUNS,
      // An endpoint that "additionally takes the token as query parameter" gets the run's token there
      // too: a malformed header may be taken where the query alone authenticates, as the same request
      // with no Authorization header at all shows.
      ...(endpointById(id).queryToken
        ? {
            takenWithout: (client: ApiClient, config: TargetConfig, token: string) =>
              SEND[id](client, config, { auth: 'none' }, token),
          }
        : {}),
    },
  );
}

/** The generated refusal tests of every endpoint of `area`, for its folder's typed-rule-refusals.spec.ts. */
export function typedRuleRefusals(area: Area): RefusalTest[] {
  return ENDPOINTS.filter((e) => e.area === area).flatMap((endpoint) => [
    ...(RULE_REFUSALS[endpoint.id] ? [RULE_REFUSALS[endpoint.id]!()] : []),
    ...(endpoint.auth === 'bearer'
      ? [authorizationRefusal(endpoint.id as Exclude<EndpointId, 'token'>, endpoint.feature)]
      : []),
  ]);
}
