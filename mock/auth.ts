/** Bearer authentication for every catalogue endpoint that takes a bearer token. */
import type { FastifyRequest } from 'fastify';
import { MESSAGES, unauthorized } from './errors.ts';
import { MAIN_APPLICATION } from './seed.ts';
import type { MockState } from './state.ts';
import type { BearerEnforcement } from './variations/apply.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** Any scheme before the token, as the enforcement 'any-scheme' reads the header. */
const ANY_SCHEME = /^\S+\s+(\S+)\s*$/;

/**
 * Sets `request.accessToken`, or throws the 401 a missing, unknown or expired token gets. Only a mutant
 * enforces less (`presence`: any token; `none`: no token either), acting for the main application.
 */
export function authenticate(
  request: FastifyRequest,
  state: MockState,
  enforcement: BearerEnforcement = 'full',
  /** A token presented elsewhere that also authenticates (the test-user search's query, where the rules say so). */
  alternative?: string,
): void {
  const header = request.headers.authorization;
  const presented = header
    ? (enforcement === 'any-scheme' ? ANY_SCHEME : BEARER).exec(header)?.[1]
    : undefined;
  const { token, expired } = presented
    ? state.findAccessToken(presented)
    : { token: undefined, expired: false };
  const found = token ?? (alternative ? state.findAccessToken(alternative).token : undefined);
  if (found) {
    request.accessToken = found;
    return;
  }
  if (enforcement === 'none' || (enforcement === 'presence' && presented)) {
    const app = MAIN_APPLICATION;
    request.accessToken = state.mintAccessToken(
      app,
      app.userId,
      state.rules.defaultScope,
      false,
      'application',
    );
    return;
  }
  if (!presented) throw unauthorized(MESSAGES.missingToken);
  throw unauthorized(expired ? MESSAGES.expiredToken : MESSAGES.invalidToken);
}
