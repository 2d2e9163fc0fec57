import { documentedError } from '../../../lib/requirements/index.ts';
import { tokenRejectionCases } from '../../support/cases.ts';
import { checkDocumentedError, checkSchema, checkSuccess } from '../../support/checks.ts';
import { accountIdNote } from '../../support/account-ids.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

const declare = declarationsFor('store');
const INVALID_STORE_ID = documentedError('store.error.400-invalid-store-id');
/** No store identifier at all: the platform's are digits, and this has none. */
const INVALID_ID = 'not-a-store';
const ANSWER = RESPONSE_REQUIREMENT.store;

test.describe('GET /stores/{id}', () => {
  // Error paths.

  for (const { title, details, body } of tokenRejectionCases('store', ({ api, ids }, auth) =>
    api.getStore(ids.storeId, { auth }),
  )) {
    test(title, details, body);
  }

  test(
    'answers 400 bad_request INVALID_STORE_ID for an invalid store id',
    declare({ requirements: [INVALID_STORE_ID.id, 'store.errors-listed'], madeUpIds: true }),
    async ({ api }) => {
      await checkDocumentedError(await api.getStore(INVALID_ID), INVALID_STORE_ID);
    },
  );

  // Behaviour.

  test(
    'answers the store',
    declare({ requirements: [ANSWER, 'store.route', 'store.path-id-string-required'], schemas: ['store'] }),
    async ({ api, ids }) => {
      const response = await api.getStore(ids.storeId);
      await checkSuccess(response, ANSWER, undefined, accountIdNote('storeId'));
      await checkSchema(response, 'store', ANSWER);
    },
  );
});
