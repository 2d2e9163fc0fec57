import { documentedError } from '../../../lib/requirements/index.ts';
import type { ApiClient, ApiResponse } from '../../support/api-client.ts';
import { abilityRowCases, tokenRejectionCases } from '../../support/cases.ts';
import { stopWhereLentResourceUsedUp } from '../../support/account-ids.ts';
import {
  checkDocumentedError,
  checkNoBody,
  checkOneOfDocumentedErrors,
  checkSuccess,
} from '../../support/checks.ts';
import { skipWherePlatformForm } from '../../support/request-forms.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { unknownHexId } from '../../support/lookups.ts';

// Every test here needs 'destructive' (the endpoint is destructive in lib/catalogue.ts). A real target lends
// the run few agreements, so this file runs in order: first every test that does not use one up (the
// rejections and the 400 on the configured agreement, the 404 and the fault on unknown ids), then the
// tests that cancel one (freshAgreement: 'fixtures', else the next of PAYMENTS_AGREEMENT_IDS, else a skip).
test.describe.configure({ mode: 'default' });
const declare = declarationsFor('cancel-agreement');
const BAD_REQUEST = documentedError('cancel-agreement.error.400-bad-request');
const NOT_FOUND = documentedError('cancel-agreement.error.404-not-found');
const NON_NUMERIC_CLIENT_ID = 'not-a-number';
/** Any string will do: the spec types `x-platform-id` as an optional string and says nothing of its values. */
const PLATFORM_ID = 'payments-conformance-suite';
const PLATFORM_ID_REFUSED = `x-platform-id "${PLATFORM_ID}" refused with 400 (the spec gives no value a server must take): cancelled again with client.id alone`;
const CLIENT_ID_NOT_NUMERIC =
  'needs a numeric PAYMENTS_CLIENT_ID: the configured one cannot be sent as the numeric client.id query parameter';
const CANCELS = [
  'cancel-agreement.route',
  'cancel-agreement.path-agreement-id-string-required',
  'cancel-agreement.no-body',
] as const;

async function checkCancelled(response: ApiResponse, agreementId: string) {
  stopWhereLentResourceUsedUp('agreement', agreementId, response);
  await checkSuccess(response, 'cancel-agreement.route', {
    status: 200,
    advice: 'platform.cancel-agreement-200',
  });
  await checkNoBody(response, 'cancel-agreement.no-body');
}

/**
 * A cancelled agreement cancelled again. The spec lists the endpoint's errors and says nothing of what a
 * cancelled agreement becomes, so each reading passes: gone (the 404 row), kept and cancelled again (a
 * success with no body), or refused as already cancelled (the 400 row). Anything else fails.
 */
async function checkCancelledAgain(response: ApiResponse) {
  if (response.status >= 200 && response.status < 300)
    return checkNoBody(response, 'cancel-agreement.no-body');
  await checkDocumentedError(response, response.status === BAD_REQUEST.status ? BAD_REQUEST : NOT_FOUND);
}

/**
 * A cancellation given x-platform-id and client.id. The header's values are left open: a server may take
 * only platforms it knows, with its 400. Refused, nothing was cancelled, so the agreement is asked for
 * again with client.id alone, which it must take.
 */
async function cancelWithPlatformId(api: ApiClient, id: string, clientId: string): Promise<ApiResponse> {
  const response = await api.cancelAgreement(id, { platformId: PLATFORM_ID, clientId });
  if (response.status !== BAD_REQUEST.status) return response;
  return test.step(PLATFORM_ID_REFUSED, () => api.cancelAgreement(id, { clientId }));
}

test.describe('DELETE /v2/wallet_connect/agreements/{agreement_id}', () => {
  // Error paths, none of which uses an agreement up.

  for (const { title, details, body } of [
    ...tokenRejectionCases('cancel-agreement', ({ api, ids }, auth) =>
      api.cancelAgreement(ids.agreementId, { auth }),
    ),
    // An unknown id, so a target that ignores Prefer cancels nothing (and fails the test with its 404).
    ...abilityRowCases('cancel-agreement', ({ api }, prefer) =>
      api.cancelAgreement(unknownHexId(), { prefer }),
    ),
  ]) {
    test(title, details, body);
  }

  test(
    'refuses a non-numeric client.id on an existing agreement with its 400 or 404',
    declare({
      requirements: [
        BAD_REQUEST.id,
        NOT_FOUND.id,
        'cancel-agreement.errors-listed',
        'cancel-agreement.query-client-id-number-optional',
      ],
    }),
    async ({ api, ids, config }) => {
      skipWherePlatformForm(config.profile, 'cancel-agreement.query-client-id-number-optional');
      // An existing agreement, so the only thing wrong with the request is client.id. The endpoint's rows
      // carry no condition: a server that looks an agreement up by its client as well finds none (404), and
      // a lent agreement may be gone already; either way nothing is cancelled.
      const response = await api.cancelAgreement(ids.agreementId, { clientId: NON_NUMERIC_CLIENT_ID });
      await checkOneOfDocumentedErrors(response, [BAD_REQUEST, NOT_FOUND]);
    },
  );

  test(
    'answers 404 for an unknown agreement id',
    declare({ requirements: [NOT_FOUND.id, 'cancel-agreement.errors-listed'], madeUpIds: true }),
    async ({ api }) => {
      await checkDocumentedError(await api.cancelAgreement(unknownHexId()), NOT_FOUND);
    },
  );

  // Behaviour: each test uses an agreement up.

  test(
    'cancels an active agreement, with no body',
    declare({ uses: ['agreement'], requirements: CANCELS }),
    async ({ api, freshAgreement }) => {
      const id = await freshAgreement();
      await checkCancelled(await api.cancelAgreement(id), id);
    },
  );

  test(
    'cancels an active agreement given the optional x-platform-id header and numeric client.id',
    declare({
      uses: ['agreement'],
      requirements: [
        ...CANCELS,
        'cancel-agreement.header-x-platform-id-optional',
        'cancel-agreement.query-client-id-number-optional',
      ],
    }),
    async ({ api, ids, freshAgreement }) => {
      test.skip(!/^\d+$/.test(ids.clientId), CLIENT_ID_NOT_NUMERIC);
      const id = await freshAgreement();
      const response = await cancelWithPlatformId(api, id, ids.clientId);
      await checkCancelled(response, id);
    },
  );

  test(
    'cancelling a cancelled agreement again succeeds, or is refused with a documented error',
    declare({ uses: ['agreement'], requirements: [...CANCELS, NOT_FOUND.id, BAD_REQUEST.id] }),
    async ({ api, freshAgreement }) => {
      const id = await freshAgreement();
      await checkCancelled(await api.cancelAgreement(id), id);
      await checkCancelledAgain(await api.cancelAgreement(id));
    },
  );
});
