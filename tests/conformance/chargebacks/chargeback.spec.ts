import { checkSchema, checkStatus } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

const covers = labelsFor('chargeback');

test.describe('GET /v1/chargebacks/{id}', () => {
  // Error paths: the spec documents none for this endpoint; a request needs a token.

  tokenRejectionTests('chargeback', ({ api, ids }, auth) => api.getChargeback(ids.chargebackId, { auth }));

  // Behaviour.

  test('answers the chargeback by its id', covers('chargeback.success'), async ({ api, ids }) => {
    const response = await api.getChargeback(ids.chargebackId);
    await checkStatus(response, 200);
    await checkSchema(response.body, 'chargeback');
  });

  test(
    'answers the chargeback by the id of its payment',
    covers('chargeback.success'),
    async ({ api, ids }) => {
      const response = await api.getChargeback(ids.chargebackPaymentId);
      await checkStatus(response, 200);
      await checkSchema(response.body, 'chargeback');
    },
  );
});
