/** GET /v1/chargebacks/{id}: by chargeback id, or by the id of a payment the chargeback covers. */
import type { AreaHandlers } from '../context.ts';
import { MESSAGES, notFound } from '../errors.ts';
import { pathParam } from './params.ts';

export const chargebacksHandlers: AreaHandlers = {
  chargeback: (request, _reply, ctx) => {
    const chargeback = ctx.state.chargeback(pathParam(request.params, 'id'));
    if (!chargeback) throw notFound(MESSAGES.notFound('Chargeback'));
    return chargeback;
  },
};
