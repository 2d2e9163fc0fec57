import {
  checkEqual,
  checkSchema,
  checkStatus,
  checkTimestampUtc,
  checkTimestampZ,
} from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

// Every test here needs 'destructive': the schedule changes the account's report configuration (the
// endpoint is destructive in lib/catalogue.ts).
const covers = labelsFor('release-report-schedule');

test.describe('POST /v1/account/release_report/schedule', () => {
  // Error paths.

  tokenRejectionTests('release-report-schedule', ({ api }, auth) => api.scheduleReleaseReport({ auth }));

  // Behaviour.

  test(
    'enabling the schedule answers the release report',
    covers('release-report-schedule.success'),
    async ({ api }) => {
      const response = await api.scheduleReleaseReport();
      await checkStatus(response, 200);
      await checkSchema(response.body, 'release-report');
      const report = (response.body ?? {}) as { begin_date?: unknown; end_date?: unknown };
      await checkTimestampZ(report.begin_date, 'begin_date');
      await checkTimestampUtc(report.end_date, 'end_date');
    },
  );

  test(
    'enabling the schedule makes the settlement report configuration scheduled',
    covers('behaviour:schedule-sets-scheduled'),
    async ({ api }) => {
      await checkStatus(await api.scheduleReleaseReport(), 200);
      const config = await api.getSettlementReportConfig();
      await checkStatus(config, 200);
      await checkEqual(
        (config.body as { scheduled?: unknown } | undefined)?.scheduled,
        true,
        'scheduled is true',
      );
    },
  );
});
