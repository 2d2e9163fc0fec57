import type { RequirementId } from '../../../lib/requirements/index.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { tokenRejectionCases } from '../../support/cases.ts';
import { checkSchema, checkSuccess, checkThat } from '../../support/checks.ts';
import { accountIdNote } from '../../support/account-ids.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

/** The chargeback answered is the one asked for: PAYMENTS_CHARGEBACK_ID, by its own id or its payment's. */
async function checkIsTheChargeback(body: unknown, chargebackId: string, basis: RequirementId) {
  const id = (body as { id?: unknown } | undefined)?.id;
  await checkThat(
    String(id) === chargebackId,
    basis,
    `the chargeback answered is ${chargebackId}`,
    `the answer's id is ${JSON.stringify(id)}; ${VARIABLES.chargebackId} is ${chargebackId}`,
  );
}

const declare = declarationsFor('chargeback');
const ANSWERS_CHARGEBACK = [
  RESPONSE_REQUIREMENT.chargeback,
  'chargeback.route',
  'chargeback.path-id-string-required',
] as const;

test.describe('GET /v1/chargebacks/{id}', () => {
  // Error paths: the spec documents none for this endpoint; a request needs a token.

  for (const { title, details, body } of tokenRejectionCases('chargeback', ({ api, ids }, auth) =>
    api.getChargeback(ids.chargebackId, { auth }),
  )) {
    test(title, details, body);
  }

  // Behaviour.

  test(
    'answers the chargeback by its id',
    declare({ requirements: ANSWERS_CHARGEBACK, schemas: ['chargeback'] }),
    async ({ api, ids }) => {
      const response = await api.getChargeback(ids.chargebackId);
      await checkSuccess(response, RESPONSE_REQUIREMENT.chargeback, undefined, accountIdNote('chargebackId'));
      await checkSchema(response, 'chargeback', RESPONSE_REQUIREMENT.chargeback);
      await checkIsTheChargeback(response.body, ids.chargebackId, RESPONSE_REQUIREMENT.chargeback);
    },
  );

  test(
    'answers the chargeback by the id of its payment',
    declare({
      requirements: [...ANSWERS_CHARGEBACK, 'chargeback.found-by-payment-id'],
      schemas: ['chargeback'],
    }),
    async ({ api, ids }) => {
      const response = await api.getChargeback(ids.chargebackPaymentId);
      await checkSuccess(
        response,
        'chargeback.found-by-payment-id',
        undefined,
        accountIdNote('chargebackPaymentId'),
      );
      await checkSchema(response, 'chargeback', RESPONSE_REQUIREMENT.chargeback);
      // PAYMENTS_CHARGEBACK_PAYMENT_ID is a payment PAYMENTS_CHARGEBACK_ID covers.
      await checkIsTheChargeback(response.body, ids.chargebackId, 'chargeback.found-by-payment-id');
    },
  );
});
