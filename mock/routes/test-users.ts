/**
 * GET /test_user/search: the bearer token authenticates the caller (or, where the rules say so, the
 * query `access_token` does when the header carries no valid token); the query `access_token` must be a
 * known test (TEST-) token, whose user's test users are answered.
 */
import type { FastifyRequest } from 'fastify';
import type { AreaHandlers, MockContext } from '../context.ts';
import { endpointById } from '../../lib/catalogue.ts';
import type { MockRules } from '../rules.ts';
import { forbidden, MESSAGES, unauthorized } from '../errors.ts';
import { singleQueryParam } from './params.ts';

function testUsersOf(userId: number, ctx: MockContext) {
  const results = ctx.state.testUsersOf(userId);
  return { total: results.length, results };
}

/** The query that carries the seller's token (the catalogue's queryToken: `access_token`). */
const SEARCH_QUERY_TOKEN = endpointById('test-user-search').queryToken!;

/** The search's `access_token` query, where the rules let it authenticate the caller without the header too. */
export function searchQueryToken(request: FastifyRequest, rules: MockRules): string | undefined {
  if (rules.testUserSearchAuthentication !== 'bearer-or-query') return undefined;
  return singleQueryParam(request.query, SEARCH_QUERY_TOKEN) ?? undefined;
}

export const testUsersHandlers: AreaHandlers = {
  'test-user-search': (request, _reply, ctx) => {
    const presented = singleQueryParam(request.query, SEARCH_QUERY_TOKEN);
    // The search lists 401, 403, 404, 405 and 500 as its errors: a 400 would be none of them.
    if (!presented) throw unauthorized(MESSAGES.missingAccessTokenQuery);
    const { token, expired } = ctx.state.findAccessToken(presented);
    if (!token) throw unauthorized(expired ? MESSAGES.expiredToken : MESSAGES.invalidToken);
    const accepted = {
      'test-only': !token.live,
      any: true,
      'live-only': token.live,
      // "a test access token of the seller obtained through the authorization flow", read to the letter.
      'seller-test-only': !token.live && token.flow === 'authorization',
    }[ctx.rules.testUserSearchTokens];
    if (!accepted)
      throw ctx.rules.testUserSearchRefusal === 401
        ? unauthorized(MESSAGES.liveTokenForTestUsers)
        : forbidden(MESSAGES.liveTokenForTestUsers);
    return testUsersOf(token.userId, ctx);
  },
};
