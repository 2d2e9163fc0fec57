/**
 * The embedded mock's side of the target contract (lib/target.ts): the PAYMENTS_* values a run against
 * it needs, besides the base URL it listens on. `npm run mock -- --print-env` prints them as shell
 * lines; the runners that start the mock themselves (mutation, bench, self-tests) take the record.
 */
import { ABILITIES, CONTROL_ABILITIES } from '../lib/abilities.ts';
import { DEFAULT_PROFILE } from '../lib/profiles.ts';
import { ID_KEYS, ID_VARIABLES, VARIABLES, type TargetIds } from '../lib/target.ts';
import { CONSENT_USER, OTHER_APPLICATION, SEEDED_IDS } from './seed.ts';
import { applyVariation, type AppliedVariation } from './variations/apply.ts';

/** Variables the mock mints at run time rather than seeds, with where they come from. */
export const MINTED_VARIABLES: Readonly<Record<string, string>> = {
  [VARIABLES.authCode]: 'minted at run time by GET /authorization (single use, valid 10 minutes)',
  [VARIABLES.testAccessToken]: 'minted at run time by POST /oauth/token with test_token "true"',
};

export interface SeededEnvOptions {
  /** False for a mock started with --no-control: its control abilities are gone. */
  control?: boolean;
  /**
   * The variation the mock serves (mock/variations/apply.ts): the ids it seeds its resources under and the
   * currency it takes preferences in. Default: the faithful mock.
   */
  served?: Pick<AppliedVariation, 'seededIds' | 'rules'>;
}

/** The contract's ids (the application, its redirect URI, the account's resources) as the mock seeds them. */
export function seededIdVariables(ids: Readonly<TargetIds> = SEEDED_IDS): Record<string, string> {
  return Object.fromEntries(ID_KEYS.map((k) => [ID_VARIABLES[k], ids[k]]));
}

/**
 * Every seeded PAYMENTS_* variable and its value: all but the base URL, the authorization page (the base
 * URL's /authorization) and the minted ones.
 */
export function seededEnv({
  control = true,
  served = applyVariation(undefined),
}: SeededEnvOptions = {}): Record<string, string> {
  const abilities = ABILITIES.filter((a) => control || !CONTROL_ABILITIES.includes(a));
  return {
    [VARIABLES.abilities]: abilities.join(','),
    [VARIABLES.profile]: DEFAULT_PROFILE,
    // The faithful mock takes a preference in any of the platform's currencies; a real account, its own.
    [VARIABLES.currency]: served.rules.preferenceCurrency,
    ...seededIdVariables(served.seededIds),
    [VARIABLES.otherClientId]: OTHER_APPLICATION.clientId,
    [VARIABLES.otherClientSecret]: OTHER_APPLICATION.clientSecret,
    [VARIABLES.consentUser]: CONSENT_USER.username,
    [VARIABLES.consentPassword]: CONSENT_USER.password,
  };
}
