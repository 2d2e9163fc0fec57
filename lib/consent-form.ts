/**
 * The mock's login-and-consent page (mock/routes/authorization.ts) and `npm run authorize -- --headless`,
 * which fills that page in, agree on these form names and markers; both import them from here.
 */
export const CONSENT_FORM = {
  userField: 'username',
  passwordField: 'password',
  /** The submit buttons share this name; the one pressed sends its value. */
  decisionField: 'decision',
  allow: 'allow',
  deny: 'deny',
  /** Id of the element that states why the page was shown again (a wrong user name or password). */
  errorId: 'consent-error',
} as const;

/** The OAuth error code a redirect carries when the person refuses consent. */
export const ACCESS_DENIED = 'access_denied';
