/** Bearer authentication for every catalogue endpoint that takes a bearer token. */
import type { FastifyRequest } from 'fastify';
import { MESSAGES, unauthorized } from './errors.ts';
import type { MockState } from './state.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Sets `request.accessToken`, or throws the 401 a missing, unknown or expired token gets. */
export function authenticate(request: FastifyRequest, state: MockState): void {
  const header = request.headers.authorization;
  const presented = header ? BEARER.exec(header)?.[1] : undefined;
  if (!presented) throw unauthorized(MESSAGES.missingToken);
  const { token, expired } = state.findAccessToken(presented);
  if (!token) throw unauthorized(expired ? MESSAGES.expiredToken : MESSAGES.invalidToken);
  request.accessToken = token;
}
