/**
 * The embedded mock's side of the target contract (lib/target.ts): the PAYMENTS_* values a run against
 * it needs, besides the base URL it listens on. `npm run mock -- --print-env` prints them as shell
 * lines; the runners that start the mock themselves (mutation, bench, self-tests) take the record.
 */
import type { Capability } from '../lib/catalogue.ts';
import { CAPABILITIES, ID_VARIABLES, VARIABLES } from '../lib/target.ts';
import { SEEDED_IDS } from './seed.ts';

/** Abilities that rely on the control surface, and so disappear with --no-control. */
const CONTROL_ABILITIES: readonly Capability[] = ['faults', 'clock', 'fixtures'];

/** Variables the mock mints at run time rather than seeds, with where they come from. */
export const MINTED_VARIABLES: Readonly<Record<string, string>> = {
  [VARIABLES.authCode]: 'minted at run time by GET /authorization (single use, valid 10 minutes)',
  [VARIABLES.testAccessToken]: 'minted at run time by POST /oauth/token with test_token "true"',
};

/** Every seeded PAYMENTS_* variable (all but the base URL and the minted ones) and its value. */
export function seededEnv(control = true): Record<string, string> {
  const abilities = CAPABILITIES.filter((c) => control || !CONTROL_ABILITIES.includes(c));
  return {
    [VARIABLES.capabilities]: abilities.join(','),
    [VARIABLES.profile]: 'strict',
    ...Object.fromEntries(
      (Object.keys(ID_VARIABLES) as (keyof typeof ID_VARIABLES)[]).map((k) => [
        ID_VARIABLES[k],
        SEEDED_IDS[k],
      ]),
    ),
  };
}
