import { tokenRejectionCases } from '../../support/cases.ts';
import { checkSchema, checkSuccess } from '../../support/checks.ts';
import { accountIdNote } from '../../support/account-ids.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

const declare = declarationsFor('claim');
const ANSWER = RESPONSE_REQUIREMENT.claim;

test.describe('GET /post-purchase/v1/claims/{claim_id}', () => {
  // Error paths: the spec documents none for this endpoint; a request needs a token.

  for (const { title, details, body } of tokenRejectionCases('claim', ({ api, ids }, auth) =>
    api.getClaim(ids.claimId, { auth }),
  )) {
    test(title, details, body);
  }

  // Behaviour.

  test(
    'answers the claim',
    declare({
      requirements: [
        ANSWER,
        'claim.route',
        'claim.path-claim-id-number-required',
        'claim.states.status-values',
      ],
      schemas: ['claim'],
    }),
    async ({ api, ids }) => {
      const response = await api.getClaim(ids.claimId);
      await checkSuccess(response, ANSWER, undefined, accountIdNote('claimId'));
      await checkSchema(response, 'claim', ANSWER);
    },
  );
});
