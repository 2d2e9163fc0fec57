import { documentedError } from '../../../lib/requirements/index.ts';
import { abilityRowCases, tokenRejectionCases } from '../../support/cases.ts';
import { checkDocumentedError, checkSchema, checkSuccess } from '../../support/checks.ts';
import { accountIdNote } from '../../support/account-ids.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT, unknownHexId } from '../../support/lookups.ts';

const declare = declarationsFor('subscription-plan');
const NOT_FOUND = documentedError('subscription-plan.error.404-not-found');
const ANSWER = RESPONSE_REQUIREMENT['subscription-plan'];

test.describe('GET /preapproval_plan/{id}', () => {
  // Error paths.

  for (const { title, details, body } of [
    ...tokenRejectionCases('subscription-plan', ({ api, ids }, auth) =>
      api.getSubscriptionPlan(ids.planId, { auth }),
    ),
    ...abilityRowCases('subscription-plan', ({ api, ids }, prefer) =>
      api.getSubscriptionPlan(ids.planId, { prefer }),
    ),
  ]) {
    test(title, details, body);
  }

  test(
    'answers 404 for an unknown plan id',
    declare({ requirements: [NOT_FOUND.id, 'subscription-plan.errors-listed'], madeUpIds: true }),
    async ({ api }) => {
      await checkDocumentedError(await api.getSubscriptionPlan(unknownHexId()), NOT_FOUND);
    },
  );

  // Behaviour.

  test(
    'answers the subscription plan',
    declare({
      requirements: [ANSWER, 'subscription-plan.route', 'subscription-plan.path-id-string-required'],
      schemas: ['subscription-plan'],
    }),
    async ({ api, ids }) => {
      const response = await api.getSubscriptionPlan(ids.planId);
      await checkSuccess(response, ANSWER, undefined, accountIdNote('planId'));
      await checkSchema(response, 'subscription-plan', ANSWER);
    },
  );
});
