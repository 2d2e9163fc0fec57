/**
 * Token steps the generated and model-based token tests share: minting a code (ability `authorize`),
 * judging a grant, and obtaining a refresh token to refresh.
 */
import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { SCOPES, type ScopeWord } from '../../lib/catalogue.ts';
import { documentedError, type RequirementId } from '../../lib/requirements/index.ts';
import { buildTokenRequest } from '../../factories/token-request.ts';
import { documentedCodesOf } from '../../lib/error-body.ts';
import { allowancesApply, type Profile } from '../../lib/profiles.ts';
import type { TargetConfig } from '../../lib/target.ts';
import type { ApiClient, ApiResponse } from './api-client.ts';
import { expectSchema, expectSuccess, type CaseContext } from './expectations.ts';
import { fail } from './outcome.ts';
import { failure } from '../../run/typed-failure.ts';

export const INVALID_REQUEST = documentedError('token.error.400-invalid-request');
const NO_REFRESH_TOKEN =
  "needs a refresh token: the target's client_credentials grant carries none, and without ability 'authorize' no code can be exchanged for one";

/** An access token grant as answered, every field unchecked. */
export interface Grant {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  live_mode?: unknown;
  scope?: unknown;
}

/**
 * Why a test that asks for scopes cannot: the application's plain grant names none of the three the spec
 * allows.
 */
export const NO_CONFIGURED_SCOPE = (scope: unknown) =>
  `needs a scope to ask for: the application's client_credentials grant answers scope ${JSON.stringify(scope)}, none of ${SCOPES.join(', ')}`;

/**
 * The scopes the application is configured with ("Defaults to the scopes configured for the application":
 * those of a grant that asks for none), of the three the spec allows. A request may ask for these; one
 * asking for more than the application has may be refused (invalid_scope, unauthorized_client).
 */
export async function configuredScopes(client: ApiClient, config: TargetConfig): Promise<ScopeWord[]> {
  const response = await client.token(
    buildTokenRequest('client_credentials', {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
    }),
  );
  const scope = (response.body as Grant | undefined)?.scope;
  const words = typeof scope === 'string' ? scope.split(' ') : [];
  const allowed = SCOPES.filter((word) => words.includes(word));
  test.skip(allowed.length === 0, NO_CONFIGURED_SCOPE(scope));
  return allowed;
}

/**
 * A token request's refusal as invalid_request: how a server that takes no `scope` (the body table lists
 * none, and the row names "unsupported parameter") refuses one.
 */
export function refusedAsUnsupported(response: ApiResponse): boolean {
  return (
    response.status === INVALID_REQUEST.status &&
    documentedCodesOf(response.body).includes(INVALID_REQUEST.code!)
  );
}

/**
 * Whether the target takes `scope` as a parameter at all: a client_credentials request asking for one of
 * `words` alone is answered otherwise than as an unsupported parameter. A target that refuses every such
 * request so reads the body table, which lists no scope, to the letter.
 */
export async function takesScope(client: ApiClient, config: TargetConfig, words: readonly ScopeWord[]) {
  const credentials = { clientId: config.clientId, clientSecret: config.clientSecret };
  for (const word of words) {
    const response = await client.token({
      ...buildTokenRequest('client_credentials', credentials),
      scope: word,
    });
    // Taken, or judged (refused otherwise than as unsupported): either way the target reads scope.
    if (!refusedAsUnsupported(response)) return true;
  }
  return false;
}

/**
 * The scopes a generated request may ask for: the application's configured ones, or none where the target
 * does not take `scope` (a request the spec allows then carries no scope).
 */
export async function requestableScopes(client: ApiClient, config: TargetConfig): Promise<ScopeWord[]> {
  const configured = await configuredScopes(client, config);
  return (await takesScope(client, config, configured)) ? configured : [];
}

/** A fresh code of the main application (ability `authorize`), or the test stops: the ability is broken. */
export async function mintCode(client: ApiClient, config: TargetConfig): Promise<string> {
  const { response, code } = await client.authorize({
    clientId: config.clientId,
    redirectUri: config.redirectUri,
    state: randomUUID(),
  });
  if (response.status !== 302 || !code) {
    fail(
      failure({
        kind: 'ability-broken',
        seen: `the target claims 'authorize', but GET /authorization answered ${response.status}, not a 302 carrying a code`,
      }),
    );
  }
  return code;
}

/**
 * Whether a grant asked for as a test token is not live: `live_mode` false. Under lenient and platform a
 * grant without `live_mode` (the platform's refresh grants have none) says nothing either way; the schema
 * check let it pass under its allowance, and recorded it.
 */
export function notLive(grant: Grant, profile: Profile): boolean {
  return grant.live_mode === false || (grant.live_mode === undefined && allowancesApply(profile));
}

/** A success carrying the access token grant; `flow` is the grant's rule in the spec. */
export function expectGrant(context: CaseContext, response: ApiResponse, flow: RequirementId): Grant {
  expectSuccess(response, flow);
  expectSchema(context, response, 'access-token-grant');
  const body: unknown = response.body;
  return body ?? {};
}

/** A refresh token of a fresh grant: client_credentials where it carries one, else an exchanged code. */
export async function freshRefreshToken(
  client: ApiClient,
  config: TargetConfig,
): Promise<{ refresh: string; access: unknown }> {
  const response = await client.token({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    grant_type: 'client_credentials',
    test_token: 'true',
  });
  let grant = (response.body ?? {}) as Grant;
  if (typeof grant.refresh_token !== 'string' && config.abilities.has('authorize')) {
    const code = await mintCode(client, config);
    const exchanged = await client.token({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: config.redirectUri,
    });
    const body: unknown = exchanged.body;
    grant = body ?? {};
  }
  test.skip(typeof grant.refresh_token !== 'string', NO_REFRESH_TOKEN);
  return { refresh: grant.refresh_token as string, access: grant.access_token };
}
