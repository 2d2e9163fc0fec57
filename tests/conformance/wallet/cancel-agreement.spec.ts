import { endpointById } from '../../../lib/catalogue.ts';
import { checkDocumentedError, checkStatus, checkThat } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import {
  abilityTriggeredErrorTests,
  documentedError,
  tokenRejectionTests,
  unknownHexId,
} from '../../support/shared-tests.ts';

// Every test here needs 'destructive' (the endpoint is destructive in lib/catalogue.ts). Only the plain
// success test may use the configured PAYMENTS_AGREEMENT_ID; every other test that cancels an agreement
// needs 'fixtures', so on a target without them the success test always gets that one agreement.
const covers = labelsFor('cancel-agreement');
const BAD_REQUEST = documentedError('cancel-agreement.400');
const NOT_FOUND = documentedError('cancel-agreement.404');
const FRESH_AGREEMENTS = { needs: ['fixtures' as const] };
const NON_NUMERIC_CLIENT_ID = 'not-a-number';
/** Any string will do: the spec types `x-platform-id` as an optional string and says nothing of its values. */
const PLATFORM_ID = 'payments-conformance-suite';
const CLIENT_ID_NOT_NUMERIC =
  'the configured PAYMENTS_CLIENT_ID is not numeric, so it cannot be sent as the numeric client.id query parameter';
const SUCCESS_STATUSES = endpointById('cancel-agreement').successStatuses;

test.describe('DELETE /v2/wallet_connect/agreements/{agreement_id}', () => {
  // Error paths.

  tokenRejectionTests('cancel-agreement', ({ api, ids }, auth) =>
    api.cancelAgreement(ids.agreementId, { auth }),
  );
  // An unknown id, so a target that ignores Prefer cancels nothing (and fails the test with its 404).
  abilityTriggeredErrorTests('cancel-agreement', ({ api }, prefer) =>
    api.cancelAgreement(unknownHexId(), { prefer }),
  );

  test(
    'answers 400 for a non-numeric client.id',
    covers(BAD_REQUEST.key, FRESH_AGREEMENTS),
    async ({ api, freshAgreement }) => {
      // An existing agreement, so the only thing wrong with the request is client.id.
      const response = await api.cancelAgreement(await freshAgreement(), { clientId: NON_NUMERIC_CLIENT_ID });
      await checkDocumentedError(response, BAD_REQUEST);
    },
  );

  test('answers 404 for an unknown agreement id', covers(NOT_FOUND.key), async ({ api }) => {
    await checkDocumentedError(await api.cancelAgreement(unknownHexId()), NOT_FOUND);
  });

  // Behaviour.

  test(
    'cancels an active agreement, with no body',
    covers('cancel-agreement.success'),
    async ({ api, freshAgreement }) => {
      const response = await api.cancelAgreement(await freshAgreement());
      await checkStatus(response, SUCCESS_STATUSES);
      await checkThat(response.text === '', 'the response has no body');
    },
  );

  test(
    'cancels an active agreement given the optional x-platform-id header and numeric client.id',
    covers('cancel-agreement.success', FRESH_AGREEMENTS),
    async ({ api, ids, freshAgreement }) => {
      test.skip(!/^\d+$/.test(ids.clientId), CLIENT_ID_NOT_NUMERIC);
      const response = await api.cancelAgreement(await freshAgreement(), {
        platformId: PLATFORM_ID,
        clientId: ids.clientId,
      });
      await checkStatus(response, SUCCESS_STATUSES);
      await checkThat(response.text === '', 'the response has no body');
    },
  );

  test(
    'a cancelled agreement is gone: cancelling it again answers 404',
    covers('behaviour:cancelled-agreement-is-gone', FRESH_AGREEMENTS),
    async ({ api, freshAgreement }) => {
      const id = await freshAgreement();
      await checkStatus(await api.cancelAgreement(id), SUCCESS_STATUSES);
      await checkDocumentedError(await api.cancelAgreement(id), NOT_FOUND);
    },
  );
});
