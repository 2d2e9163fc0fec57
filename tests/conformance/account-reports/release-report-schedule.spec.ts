import { tokenRejectionCases } from '../../support/cases.ts';
import {
  checkEqualUnlessAllowed,
  checkSchema,
  checkStatus,
  checkSuccess,
  checkThat,
  describeBody,
} from '../../support/checks.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';
import { refusalOutsideTransition } from '../../support/report-schedule.ts';

// Every test here needs 'destructive': the schedule changes the account's report configuration (the
// endpoint is destructive in lib/catalogue.ts).
const declare = declarationsFor('release-report-schedule');
const ANSWER = RESPONSE_REQUIREMENT['release-report-schedule'];

test.describe('POST /v1/account/release_report/schedule', () => {
  // Error paths.

  for (const { title, details, body } of tokenRejectionCases('release-report-schedule', ({ api }, auth) =>
    api.scheduleReleaseReport({ auth }),
  )) {
    test(title, details, body);
  }

  // Behaviour.

  test(
    'enabling the schedule answers the release report',
    declare({
      requirements: [
        ANSWER,
        'release-report-schedule.route',
        'release-report-schedule.no-parameters',
        'release-report-schedule.effect-generates-report',
      ],
      schemas: ['release-report'],
    }),
    async ({ api }) => {
      const response = await api.scheduleReleaseReport();
      const outside = await refusalOutsideTransition(api, response);
      test.skip(outside !== undefined, outside);
      // A refusal left here came from scheduled false, where the request generates a report.
      await checkThat(
        response.status < 400 || response.status >= 500,
        'release-report-schedule.effect-generates-report',
        'scheduling from scheduled false generates a report',
        `refused with ${response.status} while the configuration was not scheduled: ${describeBody(response)}`,
      );
      await checkSuccess(response, ANSWER);
      await checkSchema(response, 'release-report', ANSWER);
    },
  );

  test(
    'enabling the schedule makes the settlement report configuration scheduled',
    declare({
      requirements: [
        ANSWER,
        'release-report-schedule.effect-scheduled-true',
        'release-report-schedule.transition.scheduled-true',
        'settlement-report-config.success-status-200',
      ],
    }),
    async ({ api }) => {
      const response = await api.scheduleReleaseReport();
      const outside = await refusalOutsideTransition(api, response);
      test.skip(outside !== undefined, outside);
      await checkSuccess(response, ANSWER);
      const settlement = await api.getSettlementReportConfig();
      await checkStatus(settlement, 200, 'settlement-report-config.success-status-200');
      const scheduled = (settlement.body as { scheduled?: unknown } | undefined)?.scheduled;
      // The spec's one configuration; the platform keeps the release report's apart (lenient allows it).
      await checkEqualUnlessAllowed(
        scheduled,
        true,
        'release-report-schedule.effect-scheduled-true',
        'scheduled',
        'separate-report-configurations',
      );
    },
  );
});
