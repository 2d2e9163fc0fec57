/**
 * GET /test_user/search: the bearer token authenticates the caller; the query `access_token` must be
 * a known test (TEST-) token, whose user's test users are answered.
 */
import type { AreaHandlers } from '../context.ts';
import { badRequest, cause, forbidden, MESSAGES, unauthorized } from '../errors.ts';
import { singleQueryParam } from './params.ts';

export const testUsersHandlers: AreaHandlers = {
  'test-user-search': (request, _reply, ctx) => {
    const presented = singleQueryParam(request.query, 'access_token');
    if (!presented) {
      throw badRequest(MESSAGES.missingAccessTokenQuery, [
        cause('missing_access_token', MESSAGES.missingAccessTokenQuery),
      ]);
    }
    const { token, expired } = ctx.state.findAccessToken(presented);
    if (!token) throw unauthorized(expired ? MESSAGES.expiredToken : MESSAGES.invalidToken);
    if (token.live) throw forbidden(MESSAGES.liveTokenForTestUsers);
    const results = ctx.state.testUsersOf(token.userId);
    return { total: results.length, results };
  },
};
