/** POST /checkout/preferences: validated against schema `preference-request`, stored, answered 201. */
import { bearerToken, type AreaHandlers } from '../context.ts';
import { badRequest, MESSAGES } from '../errors.ts';
import { requestViolations, violationCauses } from '../validation.ts';

/** The official SDK posts to `/checkout/preferences/`; the same handler serves both spellings. */
export const PREFERENCE_PATH_ALIASES = ['/checkout/preferences/'];

export const checkoutHandlers: AreaHandlers = {
  preference: (request, reply, ctx) => {
    const token = bearerToken(request);
    if (request.body === undefined) throw badRequest(MESSAGES.bodyRequired);
    const violations = ctx.rules.validatePreferences
      ? requestViolations('preference-request', request.body)
      : [];
    if (violations.length > 0) throw badRequest(MESSAGES.invalidRequestBody, violationCauses(violations));
    const stored = ctx.state.storePreference(
      request.body as Record<string, unknown>,
      token.userId,
      token.clientId,
    );
    return reply.code(201).send(stored);
  },
};
