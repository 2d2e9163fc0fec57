/**
 * The specification's endpoints, areas, industries and schemas, as data.
 *
 * One place names every endpoint, so the mock's routes, the conformance specs, the schemas, the coverage
 * report and the OpenAPI document cannot disagree about what the spec contains. What the spec states
 * about each endpoint is in lib/requirements/ (its Errors table in lib/requirements/errors.ts).
 */
import type { TargetIds } from './target.ts';

export const AREAS = [
  'oauth',
  'checkout',
  'account-reports',
  'subscriptions',
  'test-users',
  'claims',
  'chargebacks',
  'stores',
  'wallet',
] as const;
export type Area = (typeof AREAS)[number];

export const INDUSTRIES = [
  'apparel',
  'electro',
  'entertainment',
  'home-deco',
  'apps-platforms',
  'retail',
  'government',
  'tourism',
  'hospitality',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const INDUSTRY_TITLES: Record<Industry, string> = {
  apparel: 'Apparel',
  electro: 'Electro',
  entertainment: 'Entertainment',
  'home-deco': 'Home & deco',
  'apps-platforms': 'Applications and online platforms',
  retail: 'Retail',
  government: 'Government and public services',
  tourism: 'Tourism',
  hospitality: 'Hospitality',
};

/** Every schema in schemas/, by name; the file is schemas/<name>.schema.json. */
export const SCHEMA_NAMES = [
  'common',
  'error',
  'token-request',
  'access-token-grant',
  'preference-request',
  ...INDUSTRIES.map((industry) => `preference-request-${industry}` as const),
  'preference',
  'release-report',
  'settlement-report-config',
  'subscription-plan',
  'test-user-search-result',
  'claim-reason',
  'claim',
  'chargeback',
  'store',
  'mediation-response',
] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

export type EndpointId =
  | 'token'
  | 'preference'
  | 'release-report-schedule'
  | 'subscription-plan'
  | 'test-user-search'
  | 'claim-reason'
  | 'claim'
  | 'settlement-report-config'
  | 'chargeback'
  | 'open-dispute'
  | 'store'
  | 'cancel-agreement';

/** The target contract's ids of resources that belong to the account under test, not to the application. */
export type ResourceId = Exclude<keyof TargetIds, 'clientId' | 'clientSecret' | 'redirectUri'>;

/**
 * The tag of a test whose requests name none of the account's resources, only ids nobody issued or of a
 * wrong form (an unknown plan, an invalid store id): it runs whether or not its endpoint's `resourceIds`
 * are given.
 */
export const MADE_UP_IDS_TAG = '@made-up-ids';

export interface Endpoint {
  id: EndpointId;
  /** Number of the endpoint's section under "Endpoints" in the spec. */
  section: number;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path template as the spec writes it, relative to the base URL. */
  path: string;
  area: Area;
  /** `METHOD path`, the Allure feature name and the coverage matrix row. */
  feature: string;
  /** Statuses a conforming success may have; more than one where the spec is silent (see docs/decisions.md). */
  successStatuses: readonly number[];
  requestSchema?: SchemaName;
  /** Absent where the success has no body. */
  responseSchema?: SchemaName;
  /** The token endpoint authenticates the application in the body; every other endpoint takes a bearer token. */
  auth: 'client' | 'bearer';
  /**
   * The query parameter that also carries the token ("The test-user search additionally takes the token as
   * query parameter access_token"): a server may read the caller from it, the header aside.
   */
  queryToken?: string;
  /** Changes state on the target (account configuration, a claim, an agreement): tests need `destructive`. */
  destructive: boolean;
  /**
   * The account's own resources its tests name (lib/target.ts's ids): unset, only the embedded mock has
   * them, so against another target without them the endpoint's tests skip (but those tagged
   * MADE_UP_IDS_TAG).
   */
  resourceIds?: readonly ResourceId[];
  /** Its spec file, its mock handler's file and its requirements file: a newcomer finds each in one step. */
  specFile: string;
  mockRoutes: string;
  requirementsFile: string;
}

function endpoint(e: Omit<Endpoint, 'feature' | 'specFile' | 'mockRoutes' | 'requirementsFile'>): Endpoint {
  return {
    ...e,
    feature: `${e.method} ${e.path}`,
    specFile: `tests/conformance/${e.area}/${e.id}.spec.ts`,
    mockRoutes: `mock/routes/${e.area}.ts`,
    requirementsFile: `lib/requirements/${e.area}.ts`,
  };
}

export const ENDPOINTS: readonly Endpoint[] = [
  endpoint({
    id: 'token',
    section: 1,
    method: 'POST',
    path: '/oauth/token',
    area: 'oauth',
    successStatuses: [200],
    requestSchema: 'token-request',
    responseSchema: 'access-token-grant',
    auth: 'client',
    destructive: false,
  }),
  endpoint({
    id: 'preference',
    section: 2,
    method: 'POST',
    path: '/checkout/preferences',
    area: 'checkout',
    successStatuses: [201],
    requestSchema: 'preference-request',
    responseSchema: 'preference',
    auth: 'bearer',
    destructive: false,
  }),
  endpoint({
    id: 'release-report-schedule',
    section: 3,
    method: 'POST',
    path: '/v1/account/release_report/schedule',
    area: 'account-reports',
    successStatuses: [200],
    responseSchema: 'release-report',
    auth: 'bearer',
    destructive: true,
  }),
  endpoint({
    id: 'subscription-plan',
    section: 4,
    method: 'GET',
    path: '/preapproval_plan/{id}',
    area: 'subscriptions',
    successStatuses: [200],
    responseSchema: 'subscription-plan',
    auth: 'bearer',
    destructive: false,
    resourceIds: ['planId'],
  }),
  endpoint({
    id: 'test-user-search',
    section: 5,
    method: 'GET',
    path: '/test_user/search',
    area: 'test-users',
    successStatuses: [200],
    responseSchema: 'test-user-search-result',
    auth: 'bearer',
    queryToken: 'access_token',
    destructive: false,
  }),
  endpoint({
    id: 'claim-reason',
    section: 6,
    method: 'GET',
    path: '/post-purchase/v1/claims/reasons/{reason_id}',
    area: 'claims',
    successStatuses: [200],
    responseSchema: 'claim-reason',
    auth: 'bearer',
    destructive: false,
    resourceIds: ['claimReasonId'],
  }),
  endpoint({
    id: 'claim',
    section: 7,
    method: 'GET',
    path: '/post-purchase/v1/claims/{claim_id}',
    area: 'claims',
    successStatuses: [200],
    responseSchema: 'claim',
    auth: 'bearer',
    destructive: false,
    resourceIds: ['claimId'],
  }),
  endpoint({
    id: 'settlement-report-config',
    section: 8,
    method: 'GET',
    path: '/v1/account/settlement_report/config',
    area: 'account-reports',
    successStatuses: [200],
    responseSchema: 'settlement-report-config',
    auth: 'bearer',
    destructive: false,
  }),
  endpoint({
    id: 'chargeback',
    section: 9,
    method: 'GET',
    path: '/v1/chargebacks/{id}',
    area: 'chargebacks',
    successStatuses: [200],
    responseSchema: 'chargeback',
    auth: 'bearer',
    destructive: false,
    resourceIds: ['chargebackId', 'chargebackPaymentId'],
  }),
  endpoint({
    id: 'open-dispute',
    section: 10,
    method: 'POST',
    path: '/v1/claims/{claim_id}/actions/open_dispute',
    area: 'claims',
    successStatuses: [200, 201],
    responseSchema: 'mediation-response',
    auth: 'bearer',
    destructive: true,
    resourceIds: ['claimId'],
  }),
  endpoint({
    id: 'store',
    section: 11,
    method: 'GET',
    path: '/stores/{id}',
    area: 'stores',
    successStatuses: [200],
    responseSchema: 'store',
    auth: 'bearer',
    destructive: false,
    resourceIds: ['storeId'],
  }),
  endpoint({
    id: 'cancel-agreement',
    section: 12,
    method: 'DELETE',
    path: '/v2/wallet_connect/agreements/{agreement_id}',
    area: 'wallet',
    successStatuses: [200, 204],
    auth: 'bearer',
    destructive: true,
    resourceIds: ['agreementId'],
  }),
];

/** Cancel agreement's optional query parameter naming the application ("Query `client.id` (number, optional)"). */
export const AGREEMENT_CLIENT_ID_QUERY = 'client.id';

export function endpointById(id: EndpointId): Endpoint {
  const found = ENDPOINTS.find((e) => e.id === id);
  if (!found) throw new Error(`unknown endpoint ${id}`);
  return found;
}

/**
 * A request path matcher for a spec path template: each `{param}` matches one path segment, and a
 * trailing slash is tolerated, as a server routing the template would.
 */
export function pathPattern(specPath: string): RegExp {
  const segments = specPath
    .split(/\{[^}]+\}/)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${segments.join('[^/]+')}/?$`);
}

export const SCOPES = ['offline_access', 'write', 'read'] as const;
export type ScopeWord = (typeof SCOPES)[number];
export const DEFAULT_EXPIRES_IN = 15552000;
export const AUTHORIZATION_CODE_VALIDITY_SECONDS = 600;
