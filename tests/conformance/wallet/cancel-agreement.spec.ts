import { endpointById } from '../../../lib/catalogue.ts';
import { checkDocumentedError, checkStatus, checkThat } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import {
  abilityTriggeredErrorTests,
  documentedError,
  tokenRejectionTests,
  unknownHexId,
} from '../../support/shared-tests.ts';

const covers = labelsFor('cancel-agreement');
const BAD_REQUEST = documentedError('cancel-agreement.400');
const NOT_FOUND = documentedError('cancel-agreement.404');
/** Every DELETE may cancel an agreement: only with `destructive` and a test token. */
const DESTRUCTIVE = { needs: ['destructive' as const] };
const NON_NUMERIC_CLIENT_ID = 'not-a-number';

test.describe('DELETE /v2/wallet_connect/agreements/{agreement_id}', () => {
  // Error paths.

  tokenRejectionTests(
    'cancel-agreement',
    ({ api, ids }, auth) => api.cancelAgreement(ids.agreementId, { auth }),
    DESTRUCTIVE,
  );
  // An unknown id, so a target that ignores Prefer cancels nothing (and fails the test with its 404).
  abilityTriggeredErrorTests(
    'cancel-agreement',
    ({ api }, prefer) => api.cancelAgreement(unknownHexId(), { prefer }),
    DESTRUCTIVE,
  );

  test(
    'answers 400 for a non-numeric client.id',
    covers(BAD_REQUEST.key, DESTRUCTIVE),
    async ({ api, freshAgreement }) => {
      // An existing agreement, so the only thing wrong with the request is client.id.
      const response = await api.cancelAgreement(await freshAgreement(), { clientId: NON_NUMERIC_CLIENT_ID });
      await checkDocumentedError(response, BAD_REQUEST);
    },
  );

  test('answers 404 for an unknown agreement id', covers(NOT_FOUND.key, DESTRUCTIVE), async ({ api }) => {
    await checkDocumentedError(await api.cancelAgreement(unknownHexId()), NOT_FOUND);
  });

  // Behaviour.

  test(
    'cancels an active agreement, with no body',
    covers('cancel-agreement.success', DESTRUCTIVE),
    async ({ api, freshAgreement }) => {
      const response = await api.cancelAgreement(await freshAgreement());
      await checkStatus(response, endpointById('cancel-agreement').successStatuses);
      await checkThat(response.text === '', 'the response has no body');
    },
  );

  test(
    'a cancelled agreement is gone: cancelling it again answers 404',
    covers('behaviour:cancelled-agreement-is-gone', DESTRUCTIVE),
    async ({ api, freshAgreement }) => {
      const id = await freshAgreement();
      await checkStatus(await api.cancelAgreement(id), endpointById('cancel-agreement').successStatuses);
      await checkDocumentedError(await api.cancelAgreement(id), NOT_FOUND);
    },
  );
});
