/**
 * The release report schedule outside its transition. The spec states the request only from an
 * unscheduled configuration ("configuration with `scheduled` = false"); one scheduled already (by an
 * earlier run, a test beside this one, or the account's owner) may refuse it. The spec test and the model
 * judge a refusal the same way.
 */
import type { ApiClient, ApiResponse } from './api-client.ts';

export const SCHEDULED_ALREADY = (status: number) =>
  `the target refused the schedule request (${status}) with the report configuration scheduled already, which the spec leaves open: it states the request only from scheduled false`;

/**
 * Whether a refusal came from a configuration scheduled already, read right after it: nothing the spec
 * shows sets `scheduled` back to false, so one that reads true was true when refused or was scheduled
 * meanwhile. One still unscheduled was refused the spec's transition.
 */
export async function refusedOnceScheduled(client: ApiClient, response: ApiResponse): Promise<boolean> {
  if (response.status < 400 || response.status >= 500) return false;
  const after = await client.getSettlementReportConfig();
  return (after.body as { scheduled?: unknown } | undefined)?.scheduled === true;
}
