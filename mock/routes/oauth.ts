/**
 * POST /oauth/token (all three grants, JSON or form-urlencoded). Codes for the authorization_code grant
 * are minted by /authorization (mock/routes/authorization.ts).
 */
import { SCOPES } from '../../lib/catalogue.ts';
import type { AreaHandlers, MockContext } from '../context.ts';
import { MESSAGES, tokenError } from '../errors.ts';
import type { Application } from '../seed.ts';
import type { AccessToken, Grant } from '../state.ts';

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
type GrantType = (typeof GRANT_TYPES)[number];

const STRING_PARAMETERS = [
  'client_id',
  'client_secret',
  'grant_type',
  'code',
  'code_verifier',
  'redirect_uri',
  'refresh_token',
  'scope',
] as const;
const GRANT_PARAMETER: Partial<Record<GrantType, string>> = {
  authorization_code: 'code',
  refresh_token: 'refresh_token',
};

type TokenParameters = Partial<Record<(typeof STRING_PARAMETERS)[number], string>> & {
  test_token?: string | boolean;
};

/** The application's credentials in the body. */
const CREDENTIALS: readonly string[] = ['client_id', 'client_secret'];

const invalidRequest = (message: string) => tokenError('invalid_request', message);
const invalidGrant = (message: string = MESSAGES.invalidGrant) => tokenError('invalid_grant', message);
const anotherClientsGrant = (ctx: MockContext) =>
  ctx.rules.anotherClientsGrant === 'invalid_grant'
    ? invalidGrant()
    : tokenError('unauthorized_client', MESSAGES.noGrantWithUser);

function readParameters(body: unknown, ctx: MockContext): TokenParameters {
  if (body === undefined || body === null) throw invalidRequest(MESSAGES.bodyRequired);
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidRequest(MESSAGES.bodyMustBeObject);
  const params = { ...(body as Record<string, unknown>) };
  for (const name of STRING_PARAMETERS) {
    if (params[name] === undefined || typeof params[name] === 'string') continue;
    // A rule may read a credential of another type as the string it prints as (["id"] as "id").
    const value = params[name];
    if (ctx.rules.coerceCredentials && CREDENTIALS.includes(name))
      params[name] = Array.isArray(value) ? value.map(String).join(',') : JSON.stringify(value);
    else throw invalidRequest(MESSAGES.parameterNotString(name));
  }
  if (params.test_token !== undefined && !['string', 'boolean'].includes(typeof params.test_token)) {
    throw invalidRequest(MESSAGES.parameterNotString('test_token'));
  }
  return params;
}

function requireParameter(params: TokenParameters, name: keyof TokenParameters): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw invalidRequest(MESSAGES.missingParameter(name));
  return value;
}

function checkScope(scope: string | undefined, ctx: MockContext): string | undefined {
  if (scope === undefined || ctx.rules.scopeParameter === 'ignored') return undefined;
  if (ctx.rules.scopeParameter === 'refused') throw invalidRequest(MESSAGES.unsupportedParameter('scope'));
  const words = scope.split(' ');
  if (!ctx.rules.checkScope) return scope;
  if (words.some((word) => !(SCOPES as readonly string[]).includes(word))) {
    throw tokenError('invalid_scope', MESSAGES.invalidScope(scope));
  }
  const configured = ctx.rules.defaultScope.split(' ');
  if (ctx.rules.onlyConfiguredScopes && words.some((word) => !configured.includes(word))) {
    throw tokenError('invalid_scope', MESSAGES.invalidScope(scope));
  }
  return scope;
}

/** `redirect_uri` is optional; when given it must be the one the code was issued for. */
function redirectMatches(params: TokenParameters, code: Grant, ctx: MockContext): boolean {
  if (!ctx.rules.checkRedirectUri) return true;
  return params.redirect_uri === undefined || params.redirect_uri === code.redirectUri;
}

function grantResponse(app: Application, token: AccessToken, refresh?: Grant) {
  return {
    access_token: token.value,
    token_type: 'bearer',
    expires_in: token.expiresIn,
    scope: token.scope,
    user_id: token.userId,
    ...(refresh ? { refresh_token: refresh.value } : {}),
    public_key: `${token.live ? 'APP_USR' : 'TEST'}-${app.publicKeyUuid}`,
    live_mode: token.live,
  };
}

function issueToken(params: TokenParameters, ctx: MockContext) {
  const { state, options } = ctx;
  // Only known applications are counted: a count per presented client_id would grow without bound
  // under requests with ever-new unknown ids (they get invalid_client anyway).
  const knownClientId = params.client_id !== undefined && state.application(params.client_id) !== undefined;
  const delay = knownClientId
    ? state.rateLimitDelay(params.client_id as string, options.rateLimit.max, options.rateLimit.windowSeconds)
    : 0;
  if (delay > 0) {
    throw tokenError('local_rate_limited', MESSAGES.rateLimited, 429, { 'retry-after': String(delay) });
  }
  const grantType = requireParameter(params, 'grant_type');
  const clientId = requireParameter(params, 'client_id');
  const clientSecret = requireParameter(params, 'client_secret');
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    throw tokenError('unsupported_grant_type', MESSAGES.unsupportedGrantType(grantType));
  }
  const grantParameter = GRANT_PARAMETER[grantType as GrantType];
  const presented = grantParameter ? requireParameter(params, grantParameter as keyof TokenParameters) : '';
  const app = state.application(clientId);
  if (!app || app.clientSecret !== clientSecret) throw tokenError('invalid_client', MESSAGES.invalidClient);
  const requestedScope = checkScope(params.scope, ctx);
  const testRequested = params.test_token === true || params.test_token === 'true';

  if (grantType === 'client_credentials') {
    // The real platform omits refresh_token here; the spec's table gives it to every grant, and the
    // reference mock follows the spec (docs/decisions.md, "Mock: client_credentials refresh token").
    const token = state.mintAccessToken(
      app,
      app.userId,
      requestedScope ?? ctx.rules.defaultScope,
      !testRequested,
      'application',
    );
    return grantResponse(app, token, state.mintRefreshToken(token));
  }
  if (grantType === 'authorization_code') {
    const code = state.consumeAuthorizationCode(presented);
    const ageSeconds = code ? (state.now() - code.issuedAt) / 1000 : Infinity;
    if (code && code.clientId !== app.clientId) throw anotherClientsGrant(ctx);
    if (!code) state.revokeIfPresentedAgain(presented);
    if (!code || ageSeconds > ctx.rules.codeValiditySeconds) throw invalidGrant();
    if (!redirectMatches(params, code, ctx)) {
      throw invalidGrant(MESSAGES.redirectUriMismatch);
    }
    const token = state.mintAccessToken(
      app,
      code.userId,
      requestedScope ?? ctx.rules.defaultScope,
      !testRequested,
      'authorization',
      code,
    );
    return grantResponse(app, token, state.mintRefreshToken(token));
  }
  const refresh = state.consumeRefreshToken(presented);
  if (refresh && refresh.clientId !== app.clientId) throw anotherClientsGrant(ctx);
  if (!refresh) {
    state.revokeIfPresentedAgain(presented);
    throw invalidGrant();
  }
  if (state.now() - refresh.issuedAt > ctx.rules.refreshTokenLifetimeSeconds * 1000) throw invalidGrant();
  const refreshes = (refresh.refreshes ?? 0) + 1;
  if (refreshes > ctx.rules.refreshesPerChain) throw invalidGrant();
  const live = params.test_token === undefined ? refresh.live !== false : !testRequested;
  const token = state.mintAccessToken(
    app,
    refresh.userId,
    requestedScope ?? refresh.scope,
    live,
    refresh.flow ?? 'application',
    refresh,
  );
  return grantResponse(app, token, state.mintRefreshToken(token, refreshes));
}

export const oauthHandlers: AreaHandlers = {
  // The official SDK sends an Authorization header here too; the token endpoint ignores it.
  token: (request, _reply, ctx) => issueToken(readParameters(request.body, ctx), ctx),
};
