/**
 * Token endpoint bodies (spec: Endpoints 1), one per grant type, seeded and pure. Each carries the
 * fields its grant type requires; the optional `code_verifier` and `test_token` only when asked for.
 * Generated credentials are fabricated; pass a target's real ones through the options.
 */
import { faker } from '@faker-js/faker/locale/en';
import { deepMerge, type Overrides } from './merge.ts';

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** The request body of the spec's "Create or refresh token" table. */
export interface TokenRequest {
  client_id: string;
  client_secret: string;
  grant_type: string;
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
  refresh_token?: string;
  /** "Boolean-like flag, sent as a string in samples": a boolean is one of the values the spec leaves open. */
  test_token?: string | boolean;
}

export interface TokenRequestOptions {
  seed?: number;
  overrides?: Overrides<TokenRequest>;
  clientId?: string;
  clientSecret?: string;
  /** authorization_code only. */
  code?: string;
  /** authorization_code only. */
  redirectUri?: string;
  /** refresh_token only. */
  refreshToken?: string;
  /** Sent as `code_verifier` when given. */
  codeVerifier?: string;
  /** Sent as the string `"true"`/`"false"`, as the samples do, when given. */
  testToken?: boolean;
}

export const DEFAULT_TOKEN_SEED = 1;

/** Reseeded on every build, so a build depends only on its arguments (see preference.ts). */

export function buildTokenRequest(grantType: GrantType, options: TokenRequestOptions = {}): TokenRequest {
  faker.seed(options.seed ?? DEFAULT_TOKEN_SEED);
  // Drawn in a fixed order whatever the grant type, so one seed gives one application across grants.
  const clientId = faker.string.numeric({ length: 16, allowLeadingZeros: false });
  const userId = faker.string.numeric({ length: 10, allowLeadingZeros: false });
  const generated = {
    clientId,
    clientSecret: faker.string.alphanumeric(32),
    code: `TG-${faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' })}-${userId}`,
    redirectUri: `https://${faker.internet.domainName()}/oauth/callback`,
    refreshToken: `TG-${faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' })}-${userId}`,
  };

  const request: TokenRequest = {
    client_id: options.clientId ?? generated.clientId,
    client_secret: options.clientSecret ?? generated.clientSecret,
    grant_type: grantType,
  };
  if (grantType === 'authorization_code') {
    request.code = options.code ?? generated.code;
    request.redirect_uri = options.redirectUri ?? generated.redirectUri;
  }
  if (grantType === 'refresh_token') request.refresh_token = options.refreshToken ?? generated.refreshToken;
  if (options.codeVerifier !== undefined) request.code_verifier = options.codeVerifier;
  if (options.testToken !== undefined) request.test_token = String(options.testToken);
  return options.overrides === undefined ? request : deepMerge(request, options.overrides);
}
