/** GET /preapproval_plan/{id}. */
import type { AreaHandlers } from '../context.ts';
import { MESSAGES, notFound } from '../errors.ts';
import { pathParam } from './params.ts';

export const subscriptionsHandlers: AreaHandlers = {
  'subscription-plan': (request, _reply, ctx) => {
    const plan = ctx.state.plan(pathParam(request.params, 'id'));
    if (!plan) throw notFound(MESSAGES.notFound('Subscription plan'));
    return plan;
  },
};
