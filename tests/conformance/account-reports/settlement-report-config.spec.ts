import { tokenRejectionCases } from '../../support/cases.ts';
import { checkSchema, checkStatus } from '../../support/checks.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

const declare = declarationsFor('settlement-report-config');
const ANSWER = RESPONSE_REQUIREMENT['settlement-report-config'];

test.describe('GET /v1/account/settlement_report/config', () => {
  // Error paths.

  for (const { title, details, body } of tokenRejectionCases('settlement-report-config', ({ api }, auth) =>
    api.getSettlementReportConfig({ auth }),
  )) {
    test(title, details, body);
  }

  // Behaviour.

  test(
    'answers the settlement report configuration',
    declare({
      requirements: [ANSWER, 'settlement-report-config.route', 'settlement-report-config.success-status-200'],
      schemas: ['settlement-report-config'],
    }),
    async ({ api }) => {
      const response = await api.getSettlementReportConfig();
      await checkStatus(response, 200, 'settlement-report-config.success-status-200');
      await checkSchema(response, 'settlement-report-config', ANSWER);
    },
  );
});
