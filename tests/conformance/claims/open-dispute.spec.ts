import { tokenRejectionCases } from '../../support/cases.ts';
import { stopWhereLentResourceUsedUp } from '../../support/account-ids.ts';
import { checkSchema, checkSuccess, checkThat } from '../../support/checks.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

// Every test here needs 'destructive' (the endpoint is destructive in lib/catalogue.ts). The rejections
// use the configured claim without using it up; the success test uses up one claim (freshClaim), so it
// runs last in this file.
test.describe.configure({ mode: 'default' });
const declare = declarationsFor('open-dispute');
const ANSWER = RESPONSE_REQUIREMENT['open-dispute'];

test.describe('POST /v1/claims/{claim_id}/actions/open_dispute', () => {
  // Error paths: the spec documents none for this endpoint; a request needs a token.

  for (const { title, details, body } of tokenRejectionCases('open-dispute', ({ api, ids }, auth) =>
    api.openDispute(ids.claimId, { auth }),
  )) {
    test(title, details, body);
  }

  // Behaviour.

  test(
    'requesting mediation of an opened claim answers status and message; asked again, it is taken or refused',
    declare({
      uses: ['claim'],
      requirements: [
        ANSWER,
        'open-dispute.route',
        'open-dispute.path-claim-id-number-required',
        'open-dispute.no-request-body',
      ],
      schemas: ['mediation-response'],
    }),
    async ({ api, freshClaim }) => {
      const claimId = await freshClaim();
      const response = await api.openDispute(claimId);
      stopWhereLentResourceUsedUp('claim', claimId, response);
      await checkSuccess(response, ANSWER, { status: [201, 200], advice: 'platform.dispute-created-status' });
      await checkSchema(response, 'mediation-response', ANSWER);
      // Asked again: what it answers is not shown ("Effect of a mediation request on the claim's state:
      // not shown"), so a success or any refusal passes, and only failing at it (a 5xx) fails.
      const again = await api.openDispute(claimId);
      await checkThat(
        again.status >= 200 && again.status < 500,
        ANSWER,
        'a second mediation request is taken or refused',
        `the second request answered ${again.status}`,
      );
    },
  );
});
