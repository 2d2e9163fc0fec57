import { tokenRejectionCases } from '../../support/cases.ts';
import { checkSchema, checkSuccess, checkThat } from '../../support/checks.ts';
import { accountIdNote } from '../../support/account-ids.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

const declare = declarationsFor('claim-reason');
const ANSWER = RESPONSE_REQUIREMENT['claim-reason'];

test.describe('GET /post-purchase/v1/claims/reasons/{reason_id}', () => {
  // Error paths: the spec documents none for this endpoint beyond "Requires a valid token."

  for (const { title, details, body } of tokenRejectionCases('claim-reason', ({ api, ids }, auth) =>
    api.getClaimReason(ids.claimReasonId, { auth }),
  )) {
    test(title, details, body);
  }

  // Behaviour.

  test(
    'answers the claim reason',
    declare({
      requirements: [ANSWER, 'claim-reason.route', 'claim-reason.path-reason-id-string-required'],
      schemas: ['claim-reason'],
    }),
    async ({ api, ids }) => {
      const response = await api.getClaimReason(ids.claimReasonId);
      await checkSuccess(response, ANSWER, undefined, accountIdNote('claimReasonId'));
      await checkSchema(response, 'claim-reason', ANSWER);
      const id = (response.body as { id?: unknown } | undefined)?.id;
      await checkThat(
        String(id) === ids.claimReasonId,
        ANSWER,
        `the claim reason answered is ${ids.claimReasonId}`,
        `the answer's id is ${JSON.stringify(id)}`,
      );
    },
  );
});
