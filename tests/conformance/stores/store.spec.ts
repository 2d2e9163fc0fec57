import { STORE_BAD_REQUEST_ERROR } from '../../../lib/catalogue.ts';
import {
  checkDocumentedCode,
  checkDocumentedError,
  checkHhMm,
  checkSchema,
  checkStatus,
  checkThat,
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
      // The row names both: like every machine code, bad_request may sit in error, code or cause[].code.
      await checkDocumentedCode(response.body, STORE_BAD_REQUEST_ERROR);
    },
  );

  // Behaviour.

  test('answers the store with HH:MM business hours', covers('store.success'), async ({ api, ids }) => {
    const response = await api.getStore(ids.storeId);
    await checkStatus(response, 200);
    await checkSchema(response.body, 'store');
    const hours = (response.body as { business_hours?: BusinessHours } | undefined)?.business_hours ?? {};
    let checked = 0;
    for (const [day, ranges] of Object.entries(hours)) {
      for (const [i, range] of ranges.entries()) {
        await checkHhMm(range.open, `business_hours.${day}[${i}].open`);
        await checkHhMm(range.close, `business_hours.${day}[${i}].close`);
        checked++;
      }
    }
    // An empty business_hours would leave the HH:MM rule unchecked (docs/decisions.md).
    await checkThat(
      checked > 0,
      'business_hours has at least one open/close range (the configured store must have business hours)',
    );
  });
});
