/** Claim reasons, claims, and the mediation request that moves an opened claim to dispute. */
import type { AreaHandlers, MockContext } from '../context.ts';
import { badRequest, cause, invalidNumericId, MESSAGES, notFound } from '../errors.ts';
import { isNumericId, pathParam } from './params.ts';

export const DISPUTE_CREATED = { status: 201, message: MESSAGES.disputeCreated } as const;

function findClaim(params: unknown, ctx: MockContext) {
  const id = pathParam(params, 'claim_id');
  if (!isNumericId(id)) throw invalidNumericId('claim_id');
  const claim = ctx.state.claim(Number(id));
  if (!claim) throw notFound(MESSAGES.notFound('Claim'));
  return claim;
}

export const claimsHandlers: AreaHandlers = {
  'claim-reason': (request, _reply, ctx) => {
    const reason = ctx.state.claimReason(pathParam(request.params, 'reason_id'));
    if (!reason) throw notFound(MESSAGES.notFound('Claim reason'));
    return reason;
  },
  claim: (request, _reply, ctx) => findClaim(request.params, ctx),
  'open-dispute': (request, reply, ctx) => {
    const claim = findClaim(request.params, ctx);
    if (!ctx.state.openDispute(claim)) {
      const message = MESSAGES.disputeNotAllowed(claim.status, claim.stage);
      throw badRequest(message, [cause('INVALID_CLAIM_STATE', message)]);
    }
    return reply.code(201).send(DISPUTE_CREATED);
  },
};
