import { checkDocumentedError, checkSchema, checkStatus } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import {
  abilityTriggeredErrorTests,
  documentedError,
  tokenRejectionTests,
  unknownHexId,
} from '../../support/shared-tests.ts';

const covers = labelsFor('subscription-plan');
const NOT_FOUND = documentedError('subscription-plan.404');

test.describe('GET /preapproval_plan/{id}', () => {
  // Error paths.

  tokenRejectionTests('subscription-plan', ({ api, ids }, auth) =>
    api.getSubscriptionPlan(ids.planId, { auth }),
  );
  abilityTriggeredErrorTests('subscription-plan', ({ api, ids }, prefer) =>
    api.getSubscriptionPlan(ids.planId, { prefer }),
  );

  test('answers 404 for an unknown plan id', covers(NOT_FOUND.key), async ({ api }) => {
    await checkDocumentedError(await api.getSubscriptionPlan(unknownHexId()), NOT_FOUND);
  });

  // Behaviour.

  test('answers the subscription plan', covers('subscription-plan.success'), async ({ api, ids }) => {
    const response = await api.getSubscriptionPlan(ids.planId);
    await checkStatus(response, 200);
    await checkSchema(response.body, 'subscription-plan');
  });
});
