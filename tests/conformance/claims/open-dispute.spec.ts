import { endpointById } from '../../../lib/catalogue.ts';
import { checkSchema, checkStatus, checkThat } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { tokenRejectionTests } from '../../support/shared-tests.ts';

const covers = labelsFor('open-dispute');
/** Mediation changes a claim: only with `destructive` and a test token. */
const DESTRUCTIVE = { needs: ['destructive' as const] };

test.describe('POST /v1/claims/{claim_id}/actions/open_dispute', () => {
  // Error paths: the spec documents none for this endpoint; a request needs a token.

  tokenRejectionTests(
    'open-dispute',
    ({ api, ids }, auth) => api.openDispute(ids.claimId, { auth }),
    DESTRUCTIVE,
  );

  // Behaviour.

  test(
    'requesting mediation of an opened claim answers status and message',
    covers('open-dispute.success', DESTRUCTIVE),
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
