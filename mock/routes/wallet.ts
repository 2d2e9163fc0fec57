/** DELETE /v2/wallet_connect/agreements/{agreement_id}: cancels (removes) the agreement; 200, no body. */
import { AGREEMENT_CLIENT_ID_QUERY } from '../../lib/catalogue.ts';
import type { AreaHandlers } from '../context.ts';
import { badRequest, cause, MESSAGES, notFound } from '../errors.ts';
import { isNumericId, pathParam, singleQueryParam } from './params.ts';

export const walletHandlers: AreaHandlers = {
  // `x-platform-id` is optional and, by default, informative only: accepted and not checked.
  'cancel-agreement': (request, reply, ctx) => {
    if (ctx.rules.checkPlatformId && request.headers['x-platform-id'] !== undefined) {
      throw badRequest(MESSAGES.unknownPlatformId, [
        cause('INVALID_PLATFORM_ID', MESSAGES.unknownPlatformId),
      ]);
    }
    const clientId = singleQueryParam(request.query, AGREEMENT_CLIENT_ID_QUERY);
    const checkedClientId = ctx.rules.checkAgreementClientId ? clientId : undefined;
    if (checkedClientId !== undefined && !isNumericId(checkedClientId)) {
      throw badRequest(MESSAGES.invalidClientIdQuery, [
        cause('INVALID_CLIENT_ID', MESSAGES.invalidClientIdQuery),
      ]);
    }
    const id = pathParam(request.params, 'agreement_id');
    if (!ctx.state.cancelAgreement(id)) throw notFound(MESSAGES.notFound('Agreement'));
    return reply.code(200).send();
  },
};
