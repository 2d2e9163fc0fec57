/** Release report schedule (the spec's one state transition) and the settlement report configuration. */
import { bearerToken, type AreaHandlers } from '../context.ts';

export const accountReportsHandlers: AreaHandlers = {
  'release-report-schedule': (request, _reply, ctx) => {
    const token = bearerToken(request);
    return ctx.state.scheduleReleaseReport(token.userId, !token.live);
  },
  'settlement-report-config': (request, _reply, ctx) =>
    ctx.state.settlementConfig(bearerToken(request).userId),
};
