/**
 * The spec's Errors table, one requirement per documented error (a row listing several statuses is split
 * per status), and each endpoint paragraph's own list of its errors. A row also says how a test provokes
 * it: a natural cause any target answers, or an ability the target must have (lib/abilities.ts).
 *
 * `code` is what a conforming body must carry (in `error`, `code` or any `cause[].code`, lib/error-body.ts);
 * it is set only where the "Code / name" column gives a machine code. Where the column gives a human label
 * ("Not-found", "Invalid token"), the label is kept in `name` and only the status is checked.
 */
import type { Ability } from '../abilities.ts';
import type { EndpointId } from '../catalogue.ts';
import type { TestableRequirement } from './types.ts';

export type ErrorTrigger =
  { kind: 'natural'; how: string } | { kind: 'ability'; ability: Ability; how: string };

export interface DocumentedErrorData {
  /** `<endpoint>.error.<status>-<code or name in kebab case>` (errorRequirementId). */
  id: string;
  endpoint: EndpointId;
  status: number;
  /** The "Code / name" column for this status. */
  name: string;
  code?: string;
  condition: string;
  trigger: ErrorTrigger;
  /** The table row, verbatim (see types.ts for how quotes compare). */
  row: string;
}

const ERRORS = 'Errors';

/** The `error` name the store's 400 row gives beside its code ("bad_request / INVALID_STORE_ID"). */
export const STORE_BAD_REQUEST_ERROR = 'bad_request';
const natural = (how: string) => ({ kind: 'natural' as const, how });
const fault = (how: string) => ({ kind: 'ability' as const, ability: 'faults' as const, how });

const INVALID_GRANT_CONDITION =
  'authorization code or refresh token invalid, expired, revoked, used in the wrong flow, belonging to another client, or redirect_uri mismatching the configured one';
const PLAN_ROW = 'Subscription plan | 401, 404, 500 | Unauthorized, Not-found, Error';
const TEST_USERS_ROW =
  'Test user search | 401, 403, 404, 405, 500 | Not-Found, Forbidden, Resource-Not-Found, Method-Not-Allowed, Internal-Server-Error';
const AGREEMENT_ROW = 'Cancel agreement | 400, 404, 500 | Bad-Request, Not-Found, Error';

export const ERROR_ROWS = [
  {
    id: 'token.error.400-invalid-client',
    endpoint: 'token',
    status: 400,
    name: 'invalid_client',
    code: 'invalid_client',
    condition: 'client_id or client_secret invalid',
    trigger: natural('wrong client_secret'),
    row: 'Token | 400 | invalid_client | client_id or client_secret invalid',
  },
  {
    id: 'token.error.400-invalid-grant',
    endpoint: 'token',
    status: 400,
    name: 'invalid_grant',
    code: 'invalid_grant',
    condition: INVALID_GRANT_CONDITION,
    trigger: natural(
      'unknown code; unknown refresh token; a refresh token sent as a code (wrong flow); a code of another client; redirect_uri mismatch; code older than 10 minutes (clock)',
    ),
    row: `Token | 400 | invalid_grant | ${INVALID_GRANT_CONDITION}`,
  },
  {
    id: 'token.error.400-invalid-scope',
    endpoint: 'token',
    status: 400,
    name: 'invalid_scope',
    code: 'invalid_scope',
    condition: 'scope invalid, unknown or malformed; allowed: offline_access, write, read',
    trigger: natural('unknown scope value'),
    row: 'Token | 400 | invalid_scope | scope invalid, unknown or malformed; allowed: offline_access, write, read',
  },
  {
    id: 'token.error.400-invalid-request',
    endpoint: 'token',
    status: 400,
    name: 'invalid_request',
    code: 'invalid_request',
    condition:
      'missing required parameter, unsupported parameter or value, duplicated value, or malformed request',
    trigger: natural('a required body field missing'),
    row: 'Token | 400 | invalid_request | missing required parameter, unsupported parameter or value, duplicated value, or malformed request',
  },
  {
    id: 'token.error.400-unsupported-grant-type',
    endpoint: 'token',
    status: 400,
    name: 'unsupported_grant_type',
    code: 'unsupported_grant_type',
    condition: 'grant_type not allowed',
    trigger: natural('grant_type "password"'),
    row: 'Token | 400 | unsupported_grant_type | grant_type not allowed',
  },
  {
    id: 'token.error.400-forbidden',
    endpoint: 'token',
    status: 400,
    name: 'forbidden',
    code: 'forbidden',
    condition: "access not authorized, possibly another user's token",
    trigger: fault('Prefer: code=400, example=forbidden'),
    row: "Token | 400 | forbidden | access not authorized, possibly another user's token",
  },
  {
    id: 'token.error.400-unauthorized-client',
    endpoint: 'token',
    status: 400,
    name: 'unauthorized_client',
    code: 'unauthorized_client',
    condition: 'application has no grant with the user, or its scopes do not allow token creation',
    trigger: fault('Prefer: code=400, example=unauthorized_client'),
    row: 'Token | 400 | unauthorized_client | application has no grant with the user, or its scopes do not allow token creation',
  },
  {
    id: 'token.error.429-local-rate-limited',
    endpoint: 'token',
    status: 429,
    name: 'local_rate_limited',
    code: 'local_rate_limited',
    condition: 'access not authorized; retry',
    trigger: fault('Prefer: code=429'),
    row: 'Token | 429 | local_rate_limited | access not authorized; retry',
  },
  {
    id: 'release-report-schedule.error.401-invalid-token',
    endpoint: 'release-report-schedule',
    status: 401,
    name: 'Invalid token',
    condition: 'token invalid',
    trigger: natural('missing or unknown bearer token'),
    row: 'Release report schedule | 401 | Invalid token | token invalid',
  },
  {
    id: 'settlement-report-config.error.401-invalid-token',
    endpoint: 'settlement-report-config',
    status: 401,
    name: 'Invalid token',
    condition: 'token invalid',
    trigger: natural('missing or unknown bearer token'),
    row: 'Settlement report config | 401 | Invalid token | token invalid',
  },
  {
    id: 'subscription-plan.error.401-unauthorized',
    endpoint: 'subscription-plan',
    status: 401,
    name: 'Unauthorized',
    condition: '',
    trigger: natural('missing or unknown bearer token'),
    row: PLAN_ROW,
  },
  {
    id: 'subscription-plan.error.404-not-found',
    endpoint: 'subscription-plan',
    status: 404,
    name: 'Not-found',
    condition: '',
    trigger: natural('unknown plan id'),
    row: PLAN_ROW,
  },
  {
    id: 'subscription-plan.error.500-error',
    endpoint: 'subscription-plan',
    status: 500,
    name: 'Error',
    condition: '',
    trigger: fault('Prefer: code=500'),
    row: PLAN_ROW,
  },
  {
    id: 'test-user-search.error.401-not-found',
    endpoint: 'test-user-search',
    status: 401,
    name: 'Not-Found',
    condition: '',
    trigger: natural('missing or unknown bearer token'),
    row: TEST_USERS_ROW,
  },
  {
    id: 'test-user-search.error.403-forbidden',
    endpoint: 'test-user-search',
    status: 403,
    name: 'Forbidden',
    condition: '',
    trigger: natural('a non-test (live) token in the access_token query parameter'),
    row: TEST_USERS_ROW,
  },
  {
    id: 'test-user-search.error.404-resource-not-found',
    endpoint: 'test-user-search',
    status: 404,
    name: 'Resource-Not-Found',
    condition: '',
    trigger: fault('Prefer: code=404'),
    row: TEST_USERS_ROW,
  },
  {
    id: 'test-user-search.error.405-method-not-allowed',
    endpoint: 'test-user-search',
    status: 405,
    name: 'Method-Not-Allowed',
    condition: '',
    trigger: natural('POST to /test_user/search'),
    row: TEST_USERS_ROW,
  },
  {
    id: 'test-user-search.error.500-internal-server-error',
    endpoint: 'test-user-search',
    status: 500,
    name: 'Internal-Server-Error',
    condition: '',
    trigger: fault('Prefer: code=500'),
    row: TEST_USERS_ROW,
  },
  {
    id: 'store.error.400-invalid-store-id',
    endpoint: 'store',
    status: 400,
    name: 'bad_request / INVALID_STORE_ID',
    code: 'INVALID_STORE_ID',
    condition: 'invalid store identifier',
    trigger: natural('a store id that is no identifier at all'),
    row: 'Store | 400 | bad_request / INVALID_STORE_ID | invalid store identifier',
  },
  {
    id: 'cancel-agreement.error.400-bad-request',
    endpoint: 'cancel-agreement',
    status: 400,
    name: 'Bad-Request',
    condition: '',
    trigger: natural('a non-numeric client.id query parameter'),
    row: AGREEMENT_ROW,
  },
  {
    id: 'cancel-agreement.error.404-not-found',
    endpoint: 'cancel-agreement',
    status: 404,
    name: 'Not-Found',
    condition: '',
    trigger: natural('unknown agreement id'),
    row: AGREEMENT_ROW,
  },
  {
    id: 'cancel-agreement.error.500-error',
    endpoint: 'cancel-agreement',
    status: 500,
    name: 'Error',
    condition: '',
    trigger: fault('Prefer: code=500'),
    row: AGREEMENT_ROW,
  },
] as const satisfies readonly DocumentedErrorData[];

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type ErrorRowId = (typeof ERROR_ROWS)[number]['id'];

/** The id a row must have: `token.error.400-invalid-client`, `subscription-plan.error.404-not-found`, ... */
export function errorRequirementId(row: Omit<DocumentedErrorData, 'id'>): string {
  return `${row.endpoint}.error.${row.status}-${kebab(row.code ?? row.name)}`;
}

/** The rows as requirements. */
export const ERROR_ROW_REQUIREMENTS: readonly (TestableRequirement & { id: ErrorRowId })[] = ERROR_ROWS.map(
  (row) => ({
    id: row.id,
    section: ERRORS,
    quote: row.row,
    kind: 'error-row',
    endpoints: [row.endpoint],
    testable: true,
  }),
);

/** Each endpoint paragraph's own list of its errors: the same rows, said where the endpoint is. */
export const ERROR_PARAGRAPH_REQUIREMENTS = [
  {
    id: 'release-report-schedule.errors-listed',
    section: 'Endpoints › 3. Enable automatic report generation',
    quote: 'Error: 401 invalid token.',
    kind: 'error-row',
    endpoints: ['release-report-schedule'],
    testable: true,
  },
  {
    id: 'subscription-plan.errors-listed',
    section: 'Endpoints › 4. Get subscription plan',
    quote: 'Errors: 401, 404, 500.',
    kind: 'error-row',
    endpoints: ['subscription-plan'],
    testable: true,
  },
  {
    id: 'test-user-search.errors-listed',
    section: 'Endpoints › 5. Search test user',
    quote: 'Errors: 401, 403, 404, 405, 500.',
    kind: 'error-row',
    endpoints: ['test-user-search'],
    testable: true,
  },
  {
    id: 'settlement-report-config.errors-listed',
    section: 'Endpoints › 8. Get settlement report configuration',
    quote: 'Success status 200. Response: settlement report configuration. Error: 401 invalid token.',
    kind: 'error-row',
    endpoints: ['settlement-report-config'],
    testable: true,
  },
  {
    id: 'store.errors-listed',
    section: 'Endpoints › 11. Get store',
    quote: 'Error: 400 `bad_request` with code `INVALID_STORE_ID`.',
    kind: 'error-row',
    endpoints: ['store'],
    testable: true,
  },
  {
    id: 'cancel-agreement.errors-listed',
    section: 'Endpoints › 12. Cancel agreement',
    quote: 'Errors: 400, 404, 500.',
    kind: 'error-row',
    endpoints: ['cancel-agreement'],
    testable: true,
  },
] as const satisfies readonly TestableRequirement[];
