import { checkSchema, checkStatus, checkThat } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

const covers = labelsFor('settlement-report-config');

test.describe('GET /v1/account/settlement_report/config', () => {
  // Error paths.

  tokenRejectionTests('settlement-report-config', ({ api }, auth) => api.getSettlementReportConfig({ auth }));

  // Behaviour.

  test(
    'answers the settlement report configuration',
    covers('settlement-report-config.success'),
    async ({ api }) => {
      const response = await api.getSettlementReportConfig();
      await checkStatus(response, 200);
      await checkSchema(response.body, 'settlement-report-config');
      const config = (response.body ?? {}) as { file_name_prefix?: unknown; scheduled?: unknown };
      await checkThat(
        typeof config.file_name_prefix === 'string' && config.file_name_prefix !== '',
        'file_name_prefix is neither empty nor null',
      );
      await checkThat(typeof config.scheduled === 'boolean', 'scheduled is a boolean');
    },
  );
});
