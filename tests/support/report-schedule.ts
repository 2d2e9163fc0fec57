/**
 * The release report schedule outside its transition. The spec states the request only from an
 * existing, unscheduled configuration ("configuration with `scheduled` = false"); an account without one,
 * or one scheduled already (by an earlier run, a test beside this one, or the account's owner), may refuse
 * it. The spec test and the model judge a refusal the same way.
 */
import { allowancesApply } from '../../lib/profiles.ts';
import type { ApiClient, ApiResponse } from './api-client.ts';
import { currentTarget } from './current-target.ts';

const SCHEDULED_ALREADY = (status: number) =>
  `the target refused the schedule request (${status}) with the report configuration scheduled already, which the spec leaves open: it states the request only from scheduled false`;
const RELEASE_CONFIGURATION_APART = (status: number) =>
  `the target refused the schedule request (${status}) with the settlement report configuration unscheduled: under ${currentTarget().profile} the platform keeps the release report's configuration apart (allowance separate-report-configurations), so whether it was scheduled already cannot be read`;
const NO_CONFIGURATION = (status: number, configStatus: number) =>
  `the target refused the schedule request (${status}) and answered ${configStatus} for the settlement report configuration: the spec states the request only where a report configuration exists; create one for the account`;

/**
 * Why a refusal fell outside the spec's transition, read right after it, or undefined where it did not:
 * no configuration to read (the transition needs one to exist), or one scheduled already (nothing the spec
 * shows sets `scheduled` back to false, so one that reads true was true when refused or was scheduled
 * meanwhile). One readable and still unscheduled was refused the spec's transition, but where the
 * profile allows the platform's separate release report configuration, whose `scheduled` the spec's one
 * resource does not show.
 */
export async function refusalOutsideTransition(
  client: ApiClient,
  response: ApiResponse,
): Promise<string | undefined> {
  if (response.status < 400 || response.status >= 500) return undefined;
  const after = await client.getSettlementReportConfig();
  if (after.status !== 200) return NO_CONFIGURATION(response.status, after.status);
  const scheduled = (after.body as { scheduled?: unknown } | undefined)?.scheduled;
  if (scheduled === true) return SCHEDULED_ALREADY(response.status);
  return allowancesApply(currentTarget().profile) ? RELEASE_CONFIGURATION_APART(response.status) : undefined;
}
