import { STORE_BAD_REQUEST_ERROR } from '../../../lib/catalogue.ts';
import {
  checkDocumentedError,
  checkEqual,
  checkHhMm,
  checkSchema,
  checkStatus,
} from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { documentedError, tokenRejectionTests } from '../../support/shared-tests.ts';

const covers = labelsFor('store');
const INVALID_STORE_ID = documentedError('store.400.INVALID_STORE_ID');
const NON_NUMERIC_STORE_ID = 'not-a-store';

type BusinessHours = Record<string, { open?: unknown; close?: unknown }[]>;

test.describe('GET /stores/{id}', () => {
  // Error paths.

  tokenRejectionTests('store', ({ api, ids }, auth) => api.getStore(ids.storeId, { auth }));

  test(
    'answers 400 bad_request INVALID_STORE_ID for a non-numeric id',
    covers(INVALID_STORE_ID.key),
    async ({ api }) => {
      const response = await api.getStore(NON_NUMERIC_STORE_ID);
      await checkDocumentedError(response, INVALID_STORE_ID);
      await checkEqual(
        (response.body as { error?: unknown } | undefined)?.error,
        STORE_BAD_REQUEST_ERROR,
        'error is bad_request',
      );
    },
  );

  // Behaviour.

  test('answers the store with HH:MM business hours', covers('store.success'), async ({ api, ids }) => {
    const response = await api.getStore(ids.storeId);
    await checkStatus(response, 200);
    await checkSchema(response.body, 'store');
    const hours = (response.body as { business_hours?: BusinessHours } | undefined)?.business_hours ?? {};
    for (const [day, ranges] of Object.entries(hours)) {
      for (const [i, range] of ranges.entries()) {
        await checkHhMm(range.open, `business_hours.${day}[${i}].open`);
        await checkHhMm(range.close, `business_hours.${day}[${i}].close`);
      }
    }
  });
});
