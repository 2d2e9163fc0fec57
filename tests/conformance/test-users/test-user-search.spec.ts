import { endpointById } from '../../../lib/catalogue.ts';
import {
  checkDocumentedError,
  checkEqual,
  checkRejected,
  checkSchema,
  checkStatus,
} from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import {
  abilityTriggeredErrorTests,
  documentedError,
  tokenRejectionTests,
} from '../../support/shared-tests.ts';

const covers = labelsFor('test-user-search');
const FORBIDDEN = documentedError('test-user-search.403');
const METHOD_NOT_ALLOWED = documentedError('test-user-search.405');
const NO_LIVE_TOKEN =
  'the target issued no non-test token (client_credentials without test_token), so a non-test access_token cannot be presented';

test.describe('GET /test_user/search', () => {
  // Error paths.

  tokenRejectionTests('test-user-search', ({ api, tokens }, auth) =>
    api.searchTestUsers(tokens.test.accessToken, { auth }),
  );
  abilityTriggeredErrorTests('test-user-search', ({ api, tokens }, prefer) =>
    api.searchTestUsers(tokens.test.accessToken, { prefer }),
  );

  test('answers 403 for a non-test token in access_token', covers(FORBIDDEN.key), async ({ api, tokens }) => {
    test.skip(tokens.live?.liveMode !== true, NO_LIVE_TOKEN);
    await checkDocumentedError(await api.searchTestUsers(tokens.live?.accessToken ?? ''), FORBIDDEN);
  });

  test(
    'rejects a search without the required access_token query parameter with a 4xx',
    covers('behaviour:rejects-missing-access-token-query'),
    async ({ api }) => {
      // Authenticated as usual (bearer), only the query parameter the spec marks required is missing.
      await checkRejected(await api.raw({ method: 'GET', path: endpointById('test-user-search').path }));
    },
  );

  test('answers 405 to POST', covers(METHOD_NOT_ALLOWED.key), async ({ api, tokens }) => {
    const response = await api.raw({
      method: 'POST',
      path: endpointById('test-user-search').path,
      query: { access_token: tokens.test.accessToken },
    });
    await checkDocumentedError(response, METHOD_NOT_ALLOWED);
  });

  // Behaviour.

  test(
    'answers the test users of the seller',
    covers('test-user-search.success'),
    async ({ api, tokens }) => {
      const response = await api.searchTestUsers(tokens.test.accessToken);
      await checkStatus(response, 200);
      await checkSchema(response.body, 'test-user-search-result');
      const found = (response.body ?? {}) as { total?: unknown; results?: unknown };
      await checkEqual(
        found.total,
        Array.isArray(found.results) ? found.results.length : undefined,
        'total counts results',
      );
    },
  );
});
