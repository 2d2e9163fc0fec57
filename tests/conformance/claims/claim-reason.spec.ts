import { checkSchema, checkStatus } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

const covers = labelsFor('claim-reason');

test.describe('GET /post-purchase/v1/claims/reasons/{reason_id}', () => {
  // Error paths: the spec documents none for this endpoint beyond "requires a valid token".

  tokenRejectionTests('claim-reason', ({ api, ids }, auth) =>
    api.getClaimReason(ids.claimReasonId, { auth }),
  );

  // Behaviour.

  test('answers the claim reason', covers('claim-reason.success'), async ({ api, ids }) => {
    const response = await api.getClaimReason(ids.claimReasonId);
    await checkStatus(response, 200);
    await checkSchema(response.body, 'claim-reason');
  });
});
