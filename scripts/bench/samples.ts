/** Valid bodies the bench sends or validates, taken from the project's seed and factories. */
import { createSeedData } from '../../mock/seed.ts';

const NO_SEEDED_CLAIM = 'the mock seed has no claim to validate';

export function sampleClaim(): unknown {
  const claim = createSeedData().claims[0];
  if (!claim) throw new Error(NO_SEEDED_CLAIM);
  return claim;
}
