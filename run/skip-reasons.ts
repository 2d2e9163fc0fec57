/**
 * Why a test skips, in words shared by the fixtures that skip it and `--plan`, which predicts the skips
 * without running anything.
 */
import { ABILITY_PURPOSES, type Ability } from '../lib/abilities.ts';
import { endpointById, MADE_UP_IDS_TAG, type EndpointId } from '../lib/catalogue.ts';
import { ID_VARIABLES, VARIABLE_DOCS, VARIABLES, type TargetConfig, type TargetIds } from '../lib/target.ts';

export const NEEDS_ABILITY = (ability: Ability) =>
  `needs ability '${ability}': the target ${ABILITY_PURPOSES[ability]}`;
export const TARGET_NOT_SET_UP = (why: string) => `the target could not be set up: ${why}`;
export const REFUSE_LIVE_TOKEN =
  'refusing a destructive test: the token this run holds is not known to be a test token (live_mode is not false); destructive requests are never sent with a live-mode token';
export const NO_CONFIGURED_ID_LEFT = (single: string, list: string) =>
  `needs one more ${single.replace(/^PAYMENTS_|_ID$/g, '').toLowerCase()} than the run has: each is used up once; list several in ${list} or give the target 'fixtures'`;
export const NO_AUTH_CODE = `needs ability 'authorize' (to mint authorization codes) or ${VARIABLES.authCode} (a fresh code: npm run authorize)`;
export const AUTH_CODE_USED = `needs a second authorization code: ${VARIABLES.authCode} was already exchanged by another test in this run (codes are single use); a target with 'authorize' mints one per test`;
export const NO_SELLER_TOKEN = (status: number) =>
  `needs a test token of the seller: the authorization code was not exchanged for one (POST /oauth/token answered ${status}; the token endpoint's own tests say why), and ${VARIABLES.testAccessToken} is unset`;
/** Why no code can be had, for a test a seller's test token given in PAYMENTS_TEST_ACCESS_TOKEN also serves. */
export const OR_SELLER_TEST_TOKEN = (noCode: string) =>
  `${noCode}; or set ${VARIABLES.testAccessToken}, a test access token of the seller`;
export const NO_OTHER_CLIENT = `needs a second application: set ${VARIABLES.otherClientId} and ${VARIABLES.otherClientSecret}`;
export const PLATFORM_FORM = (field: string, type: string) =>
  `the platform types ${field} as ${type} (its OpenAPI), so under the lenient and platform profiles a ${type} there breaks no rule; strict sends it as one`;
export const NO_LIVE_TOKEN =
  'needs a non-test token: the target issued none (client_credentials without test_token), so a non-test access_token cannot be presented';
export const STOPPED_BEFORE_ITS_END =
  'not run to its end: the run stopped early (Ctrl-C, SIGTERM or --max-failures)';
export const NEEDS_CURRENCY = `needs ${VARIABLES.currency}, the currency the account's checkout preferences take (e.g. ARS for an account in Argentina, or any): unset, only the embedded mock takes any`;
export const NEEDS_ID = (id: keyof TargetIds) => {
  const variable = ID_VARIABLES[id];
  return `needs ${variable}, ${VARIABLE_DOCS[variable]?.meaning}: unset, only the embedded mock has one`;
};

/**
 * Why no fresh authorization code can come from `config`, whatever the run has used: neither minted
 * (`authorize`) nor given (PAYMENTS_AUTH_CODE), or no redirect URI to bind one to.
 */
export function noAuthorizationCodeOf(config: TargetConfig): string | undefined {
  if (!config.abilities.has('authorize') && config.authCode === undefined) return NO_AUTH_CODE;
  return config.unsetIds.has('redirectUri') ? NEEDS_ID('redirectUri') : undefined;
}

/**
 * Why a test of `endpointId` with `tags` cannot run against `config`: the first id its endpoint names that
 * is unset, unless the test sends only made-up ids.
 */
export function unsetResourceOf(
  endpointId: EndpointId,
  tags: readonly string[],
  config: TargetConfig,
): string | undefined {
  if (tags.includes(MADE_UP_IDS_TAG)) return undefined;
  const unset = endpointById(endpointId).resourceIds?.find((id) => config.unsetIds.has(id));
  return unset && NEEDS_ID(unset);
}
