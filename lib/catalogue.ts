/**
 * The specification's endpoints and its Errors table, as data.
 *
 * One place names every endpoint and every documented error path, so the mock's routes, the
 * conformance specs, the schemas, the coverage matrix and the OpenAPI document cannot disagree about
 * what the spec contains. A row added to the spec's Errors table is added here; the coverage gate
 * then fails until a test claims it.
 */

export const AREAS = [
  'oauth',
  'checkout',
  'reports',
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

export type Capability = 'faults' | 'clock' | 'authorize' | 'destructive' | 'fixtures';

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
  /** Changes state on the target (account configuration, a claim, an agreement): tests need `destructive`. */
  destructive: boolean;
  /** The endpoint's spec file, so a newcomer finds it in one step. */
  specFile: string;
}

function endpoint(e: Omit<Endpoint, 'feature' | 'specFile'>): Endpoint {
  return { ...e, feature: `${e.method} ${e.path}`, specFile: `tests/conformance/${e.area}/${e.id}.spec.ts` };
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
    area: 'reports',
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
  }),
  endpoint({
    id: 'settlement-report-config',
    section: 8,
    method: 'GET',
    path: '/v1/account/settlement_report/config',
    area: 'reports',
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
  }),
];

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

/**
 * One row of the spec's Errors table, split per status where a row lists several.
 *
 * `code` is what a conforming body must carry (in `error`, `code` or any `cause[].code`); it is set only
 * where the spec's "Code / name" column gives a machine code. Where the column gives a human label
 * ("Not-found", "Invalid token"), the label is kept in `name` and only the status is asserted
 * (docs/decisions.md, "Error names").
 */
export interface DocumentedError {
  /** Stable key: `<endpoint>.<status>[.<code>]`; the Allure story and the coverage matrix cell. */
  key: string;
  endpoint: EndpointId;
  status: number;
  name: string;
  code?: string;
  condition: string;
  /** How a test provokes it: a natural cause, or an ability the target must have. */
  trigger: { kind: 'natural'; how: string } | { kind: 'ability'; ability: Capability; how: string };
}

function documented(e: Omit<DocumentedError, 'key'>): DocumentedError {
  return { ...e, key: `${e.endpoint}.${e.status}${e.code ? `.${e.code}` : ''}` };
}

const natural = (how: string) => ({ kind: 'natural' as const, how });
const fault = (how: string) => ({ kind: 'ability' as const, ability: 'faults' as const, how });

export const DOCUMENTED_ERRORS: readonly DocumentedError[] = [
  documented({
    endpoint: 'token',
    status: 400,
    name: 'invalid_client',
    code: 'invalid_client',
    condition: 'client_id or client_secret invalid',
    trigger: natural('wrong client_secret'),
  }),
  documented({
    endpoint: 'token',
    status: 400,
    name: 'invalid_grant',
    code: 'invalid_grant',
    condition:
      'authorization code or refresh token invalid, expired, revoked, used in the wrong flow, belonging to another client, or redirect_uri mismatching the configured one',
    trigger: natural(
      'unknown code; unknown or already-used refresh token; redirect_uri mismatch; code older than 10 minutes (clock)',
    ),
  }),
  documented({
    endpoint: 'token',
    status: 400,
    name: 'invalid_scope',
    code: 'invalid_scope',
    condition: 'scope invalid, unknown or malformed; allowed: offline_access, write, read',
    trigger: natural('unknown scope value'),
  }),
  documented({
    endpoint: 'token',
    status: 400,
    name: 'invalid_request',
    code: 'invalid_request',
    condition:
      'missing required parameter, unsupported parameter or value, duplicated value, or malformed request',
    trigger: natural('a required body field missing'),
  }),
  documented({
    endpoint: 'token',
    status: 400,
    name: 'unsupported_grant_type',
    code: 'unsupported_grant_type',
    condition: 'grant_type not allowed',
    trigger: natural('grant_type "password"'),
  }),
  documented({
    endpoint: 'token',
    status: 400,
    name: 'forbidden',
    code: 'forbidden',
    condition: "access not authorized, possibly another user's token",
    trigger: fault('Prefer: code=400, example=forbidden'),
  }),
  documented({
    endpoint: 'token',
    status: 400,
    name: 'unauthorized_client',
    code: 'unauthorized_client',
    condition: 'application has no grant with the user, or its scopes do not allow token creation',
    trigger: fault('Prefer: code=400, example=unauthorized_client'),
  }),
  documented({
    endpoint: 'token',
    status: 429,
    name: 'local_rate_limited',
    code: 'local_rate_limited',
    condition: 'access not authorized; retry',
    trigger: fault('Prefer: code=429'),
  }),
  documented({
    endpoint: 'release-report-schedule',
    status: 401,
    name: 'Invalid token',
    condition: 'token invalid',
    trigger: natural('missing or unknown bearer token'),
  }),
  documented({
    endpoint: 'settlement-report-config',
    status: 401,
    name: 'Invalid token',
    condition: 'token invalid',
    trigger: natural('missing or unknown bearer token'),
  }),
  documented({
    endpoint: 'subscription-plan',
    status: 401,
    name: 'Unauthorized',
    condition: '',
    trigger: natural('missing or unknown bearer token'),
  }),
  documented({
    endpoint: 'subscription-plan',
    status: 404,
    name: 'Not-found',
    condition: '',
    trigger: natural('unknown plan id'),
  }),
  documented({
    endpoint: 'subscription-plan',
    status: 500,
    name: 'Error',
    condition: '',
    trigger: fault('Prefer: code=500'),
  }),
  documented({
    endpoint: 'test-user-search',
    status: 401,
    name: 'Not-Found',
    condition: '',
    trigger: natural('missing or unknown bearer token'),
  }),
  documented({
    endpoint: 'test-user-search',
    status: 403,
    name: 'Forbidden',
    condition: '',
    trigger: natural('a non-test (live) token in the access_token query parameter'),
  }),
  documented({
    endpoint: 'test-user-search',
    status: 404,
    name: 'Resource-Not-Found',
    condition: '',
    trigger: fault('Prefer: code=404'),
  }),
  documented({
    endpoint: 'test-user-search',
    status: 405,
    name: 'Method-Not-Allowed',
    condition: '',
    trigger: natural('POST to /test_user/search'),
  }),
  documented({
    endpoint: 'test-user-search',
    status: 500,
    name: 'Internal-Server-Error',
    condition: '',
    trigger: fault('Prefer: code=500'),
  }),
  documented({
    endpoint: 'store',
    status: 400,
    name: 'bad_request / INVALID_STORE_ID',
    code: 'INVALID_STORE_ID',
    condition: 'invalid store identifier',
    trigger: natural('a non-numeric store id'),
  }),
  documented({
    endpoint: 'cancel-agreement',
    status: 400,
    name: 'Bad-Request',
    condition: '',
    trigger: natural('a non-numeric client.id query parameter'),
  }),
  documented({
    endpoint: 'cancel-agreement',
    status: 404,
    name: 'Not-Found',
    condition: '',
    trigger: natural('unknown agreement id'),
  }),
  documented({
    endpoint: 'cancel-agreement',
    status: 500,
    name: 'Error',
    condition: '',
    trigger: fault('Prefer: code=500'),
  }),
];

/** The `error` field a body of the store's 400 carries beside its cause code, as the spec's row names it. */
export const STORE_BAD_REQUEST_ERROR = 'bad_request';

export const SCOPES = ['offline_access', 'write', 'read'] as const;
export const DEFAULT_EXPIRES_IN = 15552000;
export const AUTHORIZATION_CODE_VALIDITY_SECONDS = 600;
