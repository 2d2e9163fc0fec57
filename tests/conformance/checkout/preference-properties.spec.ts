/**
 * Generated preferences: for each industry, every preference its "Fields by industry" column allows
 * (factories/arbitraries/preference.ts) is accepted, whichever optional fields it combines, its values
 * being ones every reading of the spec must accept (lib/sure-valid.ts). A preference carrying a value the
 * spec leaves open (zero, negatives, extremes, unknown codes, long or unusual strings, far dates) may be
 * taken or refused with a 4xx, and must be answered one way or the other.
 */
import { INDUSTRIES, INDUSTRY_TITLES } from '../../../lib/catalogue.ts';
import type { RequirementId } from '../../../lib/requirements/index.ts';
import { industryRequirements } from '../../../factories/industry-fields.ts';
import { openPreference, validPreference } from '../../../factories/arbitraries/preference.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import {
  answerToOpenValue,
  expectSuccess,
  expectTakenOrRefused,
  noteForms,
} from '../../support/expectations.ts';
import { sendInForms } from '../../support/request-forms.ts';
import { checkGenerated, quietClient } from '../../support/property-runner.ts';

const declare = declarationsFor('preference');
/** Cases per industry: nine industries make about a hundred preferences a run. */
const RUNS_PER_INDUSTRY = 12;
/** Preferences with an open value, over every industry. */
const OPEN_RUNS = 25;
/**
 * A refused preference of the request shape breaks the statement that the endpoint takes that shape
 * (which field the server objected to, only its answer can say: it is in the failure's body line).
 */
const TAKES_THE_SHAPE: RequirementId = 'preference.request.json-body';

test.describe('POST /checkout/preferences (generated)', () => {
  for (const industry of INDUSTRIES) {
    const title = INDUSTRY_TITLES[industry];

    test(
      `accepts every generated preference valid for ${title}`,
      declare({
        requirements: ['preference.route', TAKES_THE_SHAPE, ...industryRequirements(industry)],
        // Every field of the request shape may be drawn: the test holds the target to each one's type.
        schemas: ['preference-request'],
        industry,
        generative: true,
        uses: ['currency'],
      }),
      async ({ api, config, target, accountCurrency, recordParameters }, testInfo) => {
        recordParameters({ industry });
        await checkGenerated({
          testInfo,
          api,
          quiet: quietClient(testInfo, config, target),
          recordParameters,
          property: `every preference valid for ${title} is accepted (2xx)`,
          basis: TAKES_THE_SHAPE,
          // In the account's currency: every code is a value the spec leaves open.
          arbitrary: validPreference(industry, { currency: accountCurrency }),
          defaultRuns: RUNS_PER_INDUSTRY,
          judge: async (preference, context) => {
            const sent = await sendInForms('preference', preference, config.profile, (body) =>
              context.client.createPreference(body),
            );
            noteForms(context, sent);
            expectSuccess(sent.response, TAKES_THE_SHAPE, sent.note);
          },
        });
      },
    );
  }

  test(
    'takes or refuses with a 4xx every preference carrying a value the spec leaves open',
    declare({
      requirements: ['preference.route', TAKES_THE_SHAPE, 'general.bodies-json'],
      generative: true,
    }),
    async ({ api, config, target, recordParameters }, testInfo) => {
      await checkGenerated({
        testInfo,
        api,
        quiet: quietClient(testInfo, config, target),
        recordParameters,
        property:
          'a preference carrying a value the spec leaves open is taken (2xx) or refused (4xx), never failed',
        basis: TAKES_THE_SHAPE,
        arbitrary: openPreference(),
        defaultRuns: OPEN_RUNS,
        describe: ({ industry, open, preference }) => ({ industry, open, preference }),
        judge: async ({ preference, base }, context) => {
          const sent = await sendInForms('preference', preference, config.profile, (body) =>
            answerToOpenValue(
              (request, options) => context.client.createPreference(request, options),
              body,
              base,
              TAKES_THE_SHAPE,
            ),
          );
          noteForms(context, sent);
          expectTakenOrRefused(context, sent.response, { basis: TAKES_THE_SHAPE });
        },
      });
    },
  );
});
