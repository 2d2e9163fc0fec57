import { INDUSTRIES, INDUSTRY_TITLES } from '../../../lib/catalogue.ts';
import type { Profile } from '../../../lib/profiles.ts';
import type { RequirementId } from '../../../lib/requirements/index.ts';
import type { PlatformCurrency } from '../../../lib/sure-valid.ts';
import { singleCurrencyOf } from '../../../lib/target.ts';
import { industryRequirements } from '../../../factories/industry-fields.ts';
import { INVALID_PREFERENCE_VARIANTS, invalidPreference } from '../../../factories/invalid.ts';
import { deepMerge } from '../../../factories/merge.ts';
import { buildPreference } from '../../../factories/preference.ts';
import { requirementFor } from '../../../schemas/registry.ts';
import { tokenRejectionCases } from '../../support/cases.ts';
import { checkRejected, checkSchema, checkSuccess, recordForms } from '../../support/checks.ts';
import { sendInForms, skipWherePlatformForm, type SentInForms } from '../../support/request-forms.ts';
import type { ApiClient } from '../../support/api-client.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { requestRequirements } from '../../support/lookups.ts';

const declare = declarationsFor('preference');
/** Generated cases are reproducible: industry i uses seed BASE + i, recorded in the report. */
const PREFERENCE_SEED_BASE = 4100;
/** The spec shows no answer: the endpoint creating preferences is what a success rests on. */
const CREATES: RequirementId[] = [
  'preference.route',
  'preference.request.json-body',
  'preference.events.notification-url-accepted',
];

/** Sends `body` in the form the profile sends, and checks the success the spec names for it. */
async function checkPreferenceCreated(api: ApiClient, profile: Profile, body: unknown): Promise<SentInForms> {
  const sent = await sendInForms('preference', body, profile, (form) => api.createPreference(form));
  await recordForms(sent);
  await checkSuccess(
    sent.response,
    'preference.route',
    { status: [201, 200], advice: 'platform.preference-created-status' },
    sent.note,
  );
  return sent;
}

test.describe('POST /checkout/preferences', () => {
  // Error paths.

  for (const { title, details, body } of tokenRejectionCases('preference', ({ api, config }, auth) =>
    api.createPreference(
      buildPreference('retail', { seed: PREFERENCE_SEED_BASE, currency: singleCurrencyOf(config) }),
      { auth },
    ),
  )) {
    test(title, details, body);
  }

  // Only variants that break the general request shape: a server cannot know the seller's industry.
  for (const variant of INVALID_PREFERENCE_VARIANTS.filter((v) => v.target === 'request')) {
    const broken = requirementFor('preference-request', variant.expect.pointer, variant.expect.keyword)!;

    test(
      `rejects an invalid preference with a 4xx: ${variant.name}`,
      // In the account's currency: a real account refuses any other, whatever else is wrong.
      declare({ requirements: [broken], uses: ['currency'] }),
      async ({ api, config, accountCurrency, recordParameters }) => {
        skipWherePlatformForm(config.profile, broken);
        recordParameters({
          industry: variant.industry,
          seed: PREFERENCE_SEED_BASE,
          rule: variant.rule,
        });
        const body = invalidPreference(variant, { seed: PREFERENCE_SEED_BASE, currency: accountCurrency });
        await checkRejected(await api.createPreference(body), broken);
      },
    );
  }

  // Behaviour: every documented field at once, then one preference per industry of the spec's field table.

  {
    // Fields the industry table does not govern, which the industry preferences leave out; a server
    // cannot know the seller's industry, so it must accept them in any preference. Priced in the
    // account's currency: every code is a value the spec leaves open.
    const everyField = (currency?: PlatformCurrency) =>
      deepMerge(buildPreference('retail', { seed: PREFERENCE_SEED_BASE, currency }), {
        auto_return: 'approved',
        expires: true,
        payer: { email: 'buyer@example.com', date_created: '2025-03-01T10:00:00.000-03:00' },
        payment_methods: {
          excluded_payment_methods: [{ id: 'visa' }],
          excluded_payment_types: [{ id: 'ticket' }],
          default_installments: null,
          default_payment_method_id: null,
          installments: null,
        },
        shipments: { mode: 'not_specified', receiver_address: { street_name: 'Av. Corrientes' } },
      });

    test(
      'creates a preference that carries every documented field',
      declare({
        requirements: [...CREATES, ...requestRequirements('preference-request', everyField())],
        uses: ['currency'],
      }),
      async ({ api, config, accountCurrency }) => {
        await checkPreferenceCreated(api, config.profile, everyField(accountCurrency));
      },
    );
  }

  INDUSTRIES.forEach((industry, index) => {
    const seed = PREFERENCE_SEED_BASE + index;

    test(
      `creates a preference for ${INDUSTRY_TITLES[industry]}`,
      declare({
        requirements: [
          ...CREATES,
          ...industryRequirements(industry),
          // The same fields in any currency.
          ...requestRequirements('preference-request', buildPreference(industry, { seed })),
        ],
        industry,
        uses: ['currency'],
      }),
      async ({ api, config, accountCurrency, recordParameters }) => {
        const preference = buildPreference(industry, {
          seed,
          currency: accountCurrency,
        });
        recordParameters({ industry, seed });
        const sent = await checkPreferenceCreated(api, config.profile, preference);
        // "Response: not shown": the answer's shape is the platform's, checked as advice.
        await checkSchema(sent.response, 'preference', 'preference.route', { bodyRequired: false });
      },
    );
  });
});
