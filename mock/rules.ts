/**
 * The behaviour choices of the mock, as one record the routes and the state read. The faithful reference
 * implementation is `FAITHFUL_RULES`; a mutant or a conformant variant (mock/variations/) changes some of
 * them by declaring a `set-rule` effect, so no route or state method knows any variation by name.
 */
import { AUTHORIZATION_CODE_VALIDITY_SECONDS, DEFAULT_EXPIRES_IN } from '../lib/catalogue.ts';
import { ANY_CURRENCY, type AccountCurrency } from '../lib/target.ts';

export interface MockRules {
  /** An authorization code is gone once presented. */
  codesSingleUse: boolean;
  /** Seconds a code stays valid ("Valid 10 minutes from generation"). */
  codeValiditySeconds: number;
  /** A refresh token is gone once presented (the platform rotates them). */
  refreshTokensSingleUse: boolean;
  /**
   * A code or refresh token presented again revokes what it issued, and the rest of its chain (RFC 6749
   * §4.1.2: a server SHOULD; the spec says nothing of it).
   */
  revokeOnReuse: boolean;
  /** Seconds a refresh token stays valid (the spec gives it no lifetime). */
  refreshTokenLifetimeSeconds: number;
  /** How many refreshes one chain of refresh tokens allows (each refresh answers the next link). */
  refreshesPerChain: number;
  /** `expires_in` of every grant, in seconds. */
  accessTokenLifetimeSeconds: number;
  /** An access token is refused once its lifetime has passed. */
  accessTokensExpire: boolean;
  /**
   * The refusal of another application's code or refresh token, which meets two rows: invalid_grant
   * ("belonging to another client") and unauthorized_client ("application has no grant with the user").
   */
  anotherClientsGrant: 'invalid_grant' | 'unauthorized_client';
  /** A `redirect_uri` given on the exchange must be the one the code was issued for. */
  checkRedirectUri: boolean;
  /** A requested scope word outside offline_access, write, read is invalid_scope. */
  checkScope: boolean;
  /**
   * How a token request's `scope` is read: as OAuth 2.0's parameter (which invalid_scope and "Defaults to
   * the scopes configured" imply), ignored, or refused as an unsupported parameter (the body table lists
   * no scope).
   */
  scopeParameter: 'taken' | 'ignored' | 'refused';
  /** A preference is validated against the request schema before it is stored. */
  validatePreferences: boolean;
  /**
   * The forms a preference's fields are taken in where the platform types them otherwise than the spec
   * (lib/request-forms.ts): the spec's, or only the platform's.
   */
  preferenceFieldForms: 'spec' | 'platform';
  /**
   * The currency a preference's items are taken in: any of the platform's, or one, as a real account
   * takes its market's only (what `--print-env` prints as PAYMENTS_CURRENCY).
   */
  preferenceCurrency: AccountCurrency;
  /** Scheduling the release report sets the configuration's `scheduled` to true. */
  scheduleSetsScheduled: boolean;
  /**
   * A schedule request while the configuration is already scheduled, which the spec's one transition
   * (from `scheduled` false) does not cover: generates another report, answers the last one again, or is
   * refused.
   */
  scheduleWhenScheduled: 'generates' | 'answers-last' | 'refused';
  /** A chargeback is also found by the id of a payment it covers. */
  chargebackByPaymentId: boolean;
  /** A cancelled agreement is removed (a second cancel is 404), rather than kept (a second cancel succeeds). */
  removeCancelledAgreements: boolean;
  /** The optional `client.id` query of a cancellation must be numeric. */
  checkAgreementClientId: boolean;
  /**
   * An `x-platform-id` on a cancellation must name a platform the server knows (the mock knows none); by
   * default it is informative only.
   */
  checkPlatformId: boolean;
  /** Which tokens the test-user search takes in its `access_token` query. */
  testUserSearchTokens: 'test-only' | 'any' | 'live-only' | 'seller-test-only';
  /** Whether the search's `access_token` query also authenticates a caller whose header carries no valid token. */
  testUserSearchAuthentication: 'bearer' | 'bearer-or-query';
  /** The status of a search whose `access_token` is a token it does not take (both are listed, neither explained). */
  testUserSearchRefusal: 401 | 403;
  /** The scope of a grant that asks for none ("Defaults to the scopes configured for the application"). */
  defaultScope: string;
  /** A requested scope word the application is not configured with (`defaultScope`) is invalid_scope. */
  onlyConfiguredScopes: boolean;
  /** client_id or client_secret of another type than string is read as the string it prints as, not refused. */
  coerceCredentials: boolean;
  /** How minted tokens and codes look: the platform's prefixes, or opaque random strings. */
  tokenFormat: 'platform' | 'opaque';
}

export const FAITHFUL_RULES: Readonly<MockRules> = {
  codesSingleUse: true,
  codeValiditySeconds: AUTHORIZATION_CODE_VALIDITY_SECONDS,
  refreshTokensSingleUse: true,
  revokeOnReuse: false,
  refreshTokenLifetimeSeconds: Infinity,
  refreshesPerChain: Infinity,
  accessTokenLifetimeSeconds: DEFAULT_EXPIRES_IN,
  accessTokensExpire: true,
  anotherClientsGrant: 'invalid_grant',
  checkRedirectUri: true,
  checkScope: true,
  scopeParameter: 'taken',
  validatePreferences: true,
  preferenceFieldForms: 'spec',
  preferenceCurrency: ANY_CURRENCY,
  scheduleSetsScheduled: true,
  scheduleWhenScheduled: 'generates',
  chargebackByPaymentId: true,
  removeCancelledAgreements: true,
  checkAgreementClientId: true,
  checkPlatformId: false,
  testUserSearchTokens: 'test-only',
  testUserSearchAuthentication: 'bearer',
  testUserSearchRefusal: 403,
  defaultScope: 'offline_access read write',
  onlyConfiguredScopes: false,
  coerceCredentials: false,
  tokenFormat: 'platform',
};
