import { checkOneOf, checkSchema, checkStatus } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

const covers = labelsFor('claim');
/** The spec's Claim table: "status | string | `opened` or `closed`". */
const CLAIM_STATUSES = ['opened', 'closed'] as const;

test.describe('GET /post-purchase/v1/claims/{claim_id}', () => {
  // Error paths: the spec documents none for this endpoint; a request needs a token.

  tokenRejectionTests('claim', ({ api, ids }, auth) => api.getClaim(ids.claimId, { auth }));

  // Behaviour.

  test('answers the claim', covers('claim.success'), async ({ api, ids }) => {
    const response = await api.getClaim(ids.claimId);
    await checkStatus(response, 200);
    await checkSchema(response.body, 'claim');
    await checkOneOf((response.body as { status?: unknown } | undefined)?.status, CLAIM_STATUSES, 'status');
  });
});
