/** Release report schedule (the spec's one state transition) and the settlement report configuration. */
import { bearerToken, type AreaHandlers } from '../context.ts';
import { badRequest, cause, MESSAGES } from '../errors.ts';

export const accountReportsHandlers: AreaHandlers = {
  'release-report-schedule': (request, _reply, ctx) => {
    const token = bearerToken(request);
    const report = ctx.state.scheduleReleaseReport(token.userId, !token.live);
    if (!report)
      throw badRequest(MESSAGES.alreadyScheduled, [cause('ALREADY_SCHEDULED', MESSAGES.alreadyScheduled)]);
    return report;
  },
  'settlement-report-config': (request, _reply, ctx) =>
    ctx.state.settlementConfig(bearerToken(request).userId),
};
