import { INDUSTRIES, INDUSTRY_TITLES } from '../../../lib/catalogue.ts';
import { INVALID_PREFERENCE_VARIANTS, invalidPreference } from '../../../factories/invalid.ts';
import { buildPreference } from '../../../factories/preference.ts';
import { checkRejected, checkSchema, checkStatus, checkThat } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

const covers = labelsFor('preference');
/** Generated cases are reproducible: industry i uses seed BASE + i, recorded in the report. */
const PREFERENCE_SEED_BASE = 4100;

test.describe('POST /checkout/preferences', () => {
  // Error paths.

  tokenRejectionTests('preference', ({ api }, auth) =>
    api.createPreference(buildPreference('retail', { seed: PREFERENCE_SEED_BASE }), { auth }),
  );

  // Only variants that break the general request shape: a server cannot know the seller's industry.
  for (const variant of INVALID_PREFERENCE_VARIANTS.filter((v) => v.target === 'request')) {
    test(
      `rejects an invalid preference with a 4xx: ${variant.name}`,
      covers('behaviour:rejects-invalid-preference'),
      async ({ api, recordParameters }) => {
        await recordParameters({
          industry: variant.industry,
          seed: PREFERENCE_SEED_BASE,
          rule: variant.rule,
        });
        const body = invalidPreference(variant, { seed: PREFERENCE_SEED_BASE });
        await checkRejected(await api.createPreference(body));
      },
    );
  }

  // Behaviour: one preference per industry of the spec's field table.

  INDUSTRIES.forEach((industry, index) => {
    test(
      `creates a preference for ${INDUSTRY_TITLES[industry]}`,
      covers('preference.success', { industry }),
      async ({ api, recordParameters }) => {
        const seed = PREFERENCE_SEED_BASE + index;
        await recordParameters({ industry, seed });
        const response = await api.createPreference(buildPreference(industry, { seed }));
        await checkStatus(response, 201);
        await checkSchema(response.body, 'preference');
        const created = (response.body ?? {}) as { id?: unknown; init_point?: unknown };
        await checkThat(
          typeof created.id === 'string' && created.id !== '',
          'the created preference has an id',
        );
        await checkThat(
          typeof created.init_point === 'string' && URL.canParse(created.init_point),
          'the created preference has an init_point URL',
        );
      },
    );
  });
});
