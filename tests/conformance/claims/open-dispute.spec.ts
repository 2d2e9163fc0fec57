import { endpointById } from '../../../lib/catalogue.ts';
import { checkSchema, checkStatus, checkThat } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

// Every test here needs 'destructive' (the endpoint is destructive in lib/catalogue.ts). Only the success
// test uses a claim (freshClaim): on a target without 'fixtures' it always gets PAYMENTS_CLAIM_ID.
const covers = labelsFor('open-dispute');

test.describe('POST /v1/claims/{claim_id}/actions/open_dispute', () => {
  // Error paths: the spec documents none for this endpoint; a request needs a token.

  tokenRejectionTests('open-dispute', ({ api, ids }, auth) => api.openDispute(ids.claimId, { auth }));

  // Behaviour.

  test(
    'requesting mediation of an opened claim answers status and message',
    covers('open-dispute.success'),
    async ({ api, freshClaim }) => {
      const response = await api.openDispute(await freshClaim());
      await checkStatus(response, endpointById('open-dispute').successStatuses);
      await checkSchema(response.body, 'mediation-response');
      const answer = (response.body ?? {}) as { status?: unknown; message?: unknown };
      await checkThat(typeof answer.status === 'number', 'status is a number');
      await checkThat(typeof answer.message === 'string', 'message is a string');
    },
  );
});
