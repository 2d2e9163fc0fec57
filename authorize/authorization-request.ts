/**
 * The OAuth side of a run: the authorization URL with a fresh random state, and what the redirect back
 * says (a code, a refusal, or a state this run never sent).
 */
import { randomBytes } from 'node:crypto';
import { ACCESS_DENIED } from '../lib/consent-form.ts';
import { AUTHORIZE_MESSAGES, AuthorizeFailure } from './failures.ts';

/** Unguessable, so a redirect this run did not cause cannot pass for its answer. */
export function newState(): string {
  return randomBytes(24).toString('base64url');
}

/** The page URL with the request's parameters; parameters already in it (a platform's own) are kept. */
export function authorizationUrl(page: URL, clientId: string, redirectUri: URL, state: string): URL {
  const url = new URL(page);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri.toString());
  url.searchParams.set('state', state);
  return url;
}

/** True for a request to the redirect URI, whatever its query. */
export function isRedirectTo(redirectUri: URL, url: URL): boolean {
  return url.origin === redirectUri.origin && url.pathname === redirectUri.pathname;
}

/** The code a redirect carries; the state is checked first, so nothing from a foreign redirect is used. */
export function codeOfRedirect(redirect: URL, state: string): string {
  const params = redirect.searchParams;
  if (params.get('state') !== state) throw new AuthorizeFailure(AUTHORIZE_MESSAGES.stateMismatch);
  const error = params.get('error');
  if (error === ACCESS_DENIED) throw new AuthorizeFailure(AUTHORIZE_MESSAGES.consentDenied);
  if (error !== null) throw new AuthorizeFailure(AUTHORIZE_MESSAGES.targetError(error));
  const code = params.get('code');
  if (code === null || code === '') throw new AuthorizeFailure(AUTHORIZE_MESSAGES.noCode);
  return code;
}
