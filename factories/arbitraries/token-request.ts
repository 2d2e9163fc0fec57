/**
 * Token requests the spec allows, drawn by fast-check: each of the three grant types with any
 * combination of the optional body fields (spec: Endpoints 1): a `scope` of one to three of
 * offline_access, write, read in any order, `test_token` "true" or "false", a `code_verifier` of RFC
 * 7636's form, and for authorization_code the configured `redirect_uri` or none: every value sure-valid
 * (lib/sure-valid.ts). `openTokenRequest` changes one value to one the spec leaves open: a `code_verifier`
 * of another form ("Accepted in the body" says nothing of its form) or a boolean `test_token`.
 * Credentials, codes and refresh tokens are run-time values, so an arbitrary draws the request's shape
 * and `tokenRequestBody` fills them in.
 */
import fc from 'fast-check';
import { SCOPES, type ScopeWord } from '../../lib/catalogue.ts';
import { GRANT_TYPES, type GrantType, type TokenRequest } from '../token-request.ts';
import { openValue } from './values.ts';

export interface TokenRequestShape {
  grantType: GrantType;
  scope?: string;
  /** The strings of the table's samples; a boolean is an open value. */
  testToken?: 'true' | 'false' | boolean;
  codeVerifier?: string;
  /** authorization_code only: whether the configured redirect_uri is sent (it is optional on the exchange). */
  sendsRedirectUri?: boolean;
}

/** The run-time values a shape's body is completed with. */
export interface TokenRequestValues {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** authorization_code: a fresh code. */
  code?: string;
  /** refresh_token: a refresh token not used yet. */
  refreshToken?: string;
}

const VERIFIER_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** RFC 7636's verifier: 43 to 128 unreserved characters. */
function pkceVerifier(): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...VERIFIER_CHARS), { minLength: 43, maxLength: 128 })
    .map((chars) => chars.join(''));
}

/** A verifier of another form: short, long, or of other characters. */
function otherVerifier(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .array(fc.constantFrom(...VERIFIER_CHARS), { minLength: 1, maxLength: 42 })
      .map((chars) => chars.join('')),
    fc
      .array(fc.constantFrom(...VERIFIER_CHARS), { minLength: 129, maxLength: 200 })
      .map((chars) => chars.join('')),
    openValue('text', 0).filter((text): text is string => typeof text === 'string'),
  );
}

/** One or more of `words` (the three scope words by default), each once, in any order. */
export function scope(words: readonly ScopeWord[] = SCOPES): fc.Arbitrary<string> {
  return fc.shuffledSubarray([...words], { minLength: 1 }).map((chosen) => chosen.join(' '));
}

/**
 * A request of `grantType` (any of the three when omitted) the spec allows; its scope, when it has one,
 * within `scopes` (the application's configured ones, of the three the spec allows; all three by default).
 */
export function validTokenRequest(
  grantType?: GrantType,
  scopes: readonly ScopeWord[] = SCOPES,
): fc.Arbitrary<TokenRequestShape> {
  const grant = grantType ? fc.constant(grantType) : fc.constantFrom(...GRANT_TYPES);
  return grant.chain((type) =>
    fc.record(
      {
        grantType: fc.constant(type),
        ...(scopes.length > 0 ? { scope: scope(scopes) } : {}),
        testToken: fc.constantFrom('true' as const, 'false' as const),
        codeVerifier: pkceVerifier(),
        ...(type === 'authorization_code' ? { sendsRedirectUri: fc.boolean() } : {}),
      },
      { requiredKeys: ['grantType'] },
    ),
  );
}

/** A request the spec allows but for one value it leaves open, and that value. */
export interface OpenTokenRequestCase {
  shape: TokenRequestShape;
  /** The same request before the open value: every value sure-valid. */
  base: TokenRequestShape;
  open: { at: 'code_verifier' | 'test_token'; value: unknown };
}

/** A request of `grantType` (any of the three when omitted) with one value the spec leaves open. */
export function openTokenRequest(grantType?: GrantType): fc.Arbitrary<OpenTokenRequestCase> {
  return fc.tuple(validTokenRequest(grantType), fc.boolean()).chain(([shape, verifier]) =>
    verifier
      ? otherVerifier().map((value): OpenTokenRequestCase => ({
          shape: { ...shape, codeVerifier: value },
          base: shape,
          open: { at: 'code_verifier' as const, value },
        }))
      : fc.boolean().map((value): OpenTokenRequestCase => ({
          shape: { ...shape, testToken: value },
          base: shape,
          open: { at: 'test_token' as const, value },
        })),
  );
}

/** The body of a shape, completed with the run's credentials and grant. */
export function tokenRequestBody(shape: TokenRequestShape, values: TokenRequestValues): TokenRequest {
  const body: TokenRequest & { scope?: string } = {
    client_id: values.clientId,
    client_secret: values.clientSecret,
    grant_type: shape.grantType,
  };
  if (shape.grantType === 'authorization_code') {
    body.code = values.code ?? '';
    if (shape.sendsRedirectUri) body.redirect_uri = values.redirectUri;
  }
  if (shape.grantType === 'refresh_token') body.refresh_token = values.refreshToken ?? '';
  if (shape.scope !== undefined) body.scope = shape.scope;
  if (shape.testToken !== undefined) body.test_token = shape.testToken;
  if (shape.codeVerifier !== undefined) body.code_verifier = shape.codeVerifier;
  return body;
}
