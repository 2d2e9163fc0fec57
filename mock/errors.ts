/**
 * Every message the mock answers with, as named constants so tests and docs can refer to them, and the
 * failure a handler throws. The body's shape is lib/error-body.ts.
 */
import { STORE_BAD_REQUEST_ERROR } from '../lib/requirements/errors.ts';
import { errorNameForStatus, type ErrorBody, type ErrorCause } from '../lib/error-body.ts';

export { errorNameForStatus };

export const MESSAGES = {
  missingToken: 'Must provide your access_token to proceed',
  invalidToken: 'Invalid token',
  expiredToken: 'Expired token',
  notFound: (what: string) => `${what} not found`,
  routeNotFound: (method: string, path: string) => `Resource ${method} ${path} not found.`,
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `Method ${method} is not allowed here; allowed: ${allowed.join(', ')}`,
  malformedJson: 'Malformed JSON body',
  bodyRequired: 'A JSON body is required',
  bodyMustBeObject: 'The JSON body must be an object',
  unsupportedMediaType: (contentType: string, accepted: readonly string[]) =>
    `Unsupported Content-Type ${JSON.stringify(contentType)}; accepted: ${accepted.join(', ')}`,
  bodyTooLarge: 'Request body is larger than 1 MiB',
  badUrl: 'Malformed request URL',
  headersTooLarge: 'Request line and headers are larger than the server accepts',
  malformedHttp: 'Malformed HTTP request',
  requestTimeout: 'The request was not received in time',
  invalidRequestBody: 'The request body is invalid',
  invalidStoreId: 'Invalid STORE_ID.',
  invalidNumericId: (name: string) => `${name} must be numeric`,
  invalidClientIdQuery: 'client.id must be numeric',
  alreadyScheduled: 'The report configuration is already scheduled',
  unknownPlatformId: 'x-platform-id names no known platform',
  missingAccessTokenQuery: 'Query parameter access_token is required',
  liveTokenForTestUsers: 'Test users can only be searched with a test access token',
  searchTokensDiffer: 'The Authorization header and access_token name different tokens',
  disputeNotAllowed: (status: string, stage: string) =>
    `A dispute cannot be opened on a claim with status ${status} and stage ${stage}`,
  disputeCreated: 'DISPUTE_CREATED',
  // Token endpoint (OAuth) errors.
  missingParameter: (name: string) => `Missing required parameter: ${name}`,
  parameterNotString: (name: string) => `Parameter ${name} must be a string`,
  duplicatedParameter: (name: string) => `Parameter ${name} is given more than once`,
  unsupportedGrantType: (grantType: string) =>
    // The spec's own error text lists only these two, although client_credentials is accepted too.
    `grant_type ${JSON.stringify(grantType)} is not allowed; allowed values: authorization_code, refresh_token`,
  unsupportedParameter: (name: string) => `Parameter ${name} is not supported`,
  noGrantWithUser: 'The application has no grant with this user',
  invalidClient: 'Invalid client_id or client_secret',
  invalidScope: (scope: string) =>
    `Invalid scope ${JSON.stringify(scope)}; allowed scopes: offline_access, write, read`,
  invalidGrant:
    'Error validating grant. Your authorization code or refresh token may be expired or it was already used.',
  redirectUriMismatch:
    'Error validating grant. The redirect_uri does not match the application configuration.',
  rateLimited: 'Too many requests for this client; retry after the Retry-After delay',
  // /authorization
  authorizationParameters:
    'response_type=code, a known client_id and the redirect_uri configured for it are required',
  // Faults and control.
  faultNotDocumented: (asked: string, documented: readonly string[]) =>
    `Prefer ${asked} is not a documented error of this endpoint; documented: ${
      documented.length > 0 ? documented.join('; ') : 'none'
    }`,
  injected: (name: string) => `Injected documented error: ${name}`,
  invalidAdvance: 'advance_seconds must be a non-negative number that keeps the clock before the year 9999',
  invalidCredentials: 'credentials must be a list of codes and tokens (strings)',
  notPlatformForm: (field: string, type: string) => `${field} must be of type ${type}`,
  currencyNotTaken: (currency: string) => `currency_id invalid: this account takes ${currency} only`,
  unknownFixtureKind: (kind: unknown, kinds: readonly string[]) =>
    `Unknown fixture kind ${JSON.stringify(kind)}; known kinds: ${kinds.join(', ')}`,
  internal: 'Internal server error',
} as const;

const BAD_REQUEST_ERROR = STORE_BAD_REQUEST_ERROR;

/** A failure a handler throws; the app's error handler turns it into the error body. */
export class MockHttpError extends Error {
  override name = 'MockHttpError';
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly causes: ErrorCause[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { message: this.message, error: this.error, status: this.status, cause: this.causes };
  }
}

export function cause(code: string | number, description: string, data: string | null = null): ErrorCause {
  return { code, description, data };
}

export function badRequest(message: string, causes: ErrorCause[] = [cause(BAD_REQUEST_ERROR, message)]) {
  return new MockHttpError(400, BAD_REQUEST_ERROR, message, causes);
}

export function unauthorized(message: string) {
  return new MockHttpError(401, 'unauthorized', message, [cause(401, message)]);
}

export function forbidden(message: string) {
  return new MockHttpError(403, 'forbidden', message, [cause(403, message)]);
}

export function notFound(message: string) {
  return new MockHttpError(404, 'not_found', message, []);
}

export function methodNotAllowed(method: string, allowed: readonly string[]) {
  return new MockHttpError(405, 'method_not_allowed', MESSAGES.methodNotAllowed(method, allowed), [], {
    allow: allowed.join(', '),
  });
}

/** Token endpoint errors carry the OAuth code in `error` and, like the real platform, an empty cause. */
export function tokenError(
  code: string,
  message: string,
  status = 400,
  headers: Record<string, string> = {},
) {
  return new MockHttpError(status, code, message, [], headers);
}

export function invalidNumericId(name: string) {
  const message = MESSAGES.invalidNumericId(name);
  return badRequest(message, [cause(`INVALID_${name.toUpperCase()}`, message)]);
}
