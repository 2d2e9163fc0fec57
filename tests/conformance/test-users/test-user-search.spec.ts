import { endpointById } from '../../../lib/catalogue.ts';
import { documentedError } from '../../../lib/requirements/index.ts';
import { abilityRowCases, tokenRejectionCases } from '../../support/cases.ts';
import {
  adviseThat,
  checkDocumentedError,
  checkOneOfDocumentedErrors,
  checkSchema,
  checkSuccess,
  checkThat,
  describeBody,
} from '../../support/checks.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { listedRefusals, RESPONSE_REQUIREMENT } from '../../support/lookups.ts';

const declare = declarationsFor('test-user-search');
const FORBIDDEN = documentedError('test-user-search.error.403-forbidden');
/** The search's 401, "Not-Found" in the spec's Errors table. */
const NOT_FOUND_401 = documentedError('test-user-search.error.401-not-found');
/** The answer's results counted as the schema check reads them: anything but an array counts none. */
const lengthOf = (results: unknown) => (Array.isArray(results) ? results.length : 0);
/** A total that is not a number fails `total >= answered` (the schema check names the type). */
const numberOrNaN = (total: unknown) => (typeof total === 'number' ? total : NaN);
const METHOD_NOT_ALLOWED = documentedError('test-user-search.error.405-method-not-allowed');
const ANSWER = RESPONSE_REQUIREMENT['test-user-search'];
/** The search's listed errors of the 4xx class. */
const LISTED_REFUSALS = listedRefusals('test-user-search');
const PATH = endpointById('test-user-search').path;

test.describe('GET /test_user/search', () => {
  // Error paths.

  for (const { title, details, body } of [
    // The search "additionally takes the token as query parameter access_token": the query carries the
    // same token as the header (none, or one nobody issued), so no valid token is left to read anywhere.
    // Its rows give no condition, and without a token the required query is missing too: a refused token
    // may be answered with any of its listed 4xx.
    ...tokenRejectionCases(
      'test-user-search',
      ({ api }, auth) => api.searchTestUsers(typeof auth === 'object' ? auth.bearer : undefined, { auth }),
      LISTED_REFUSALS.filter((row) => row.id !== NOT_FOUND_401.id),
    ),
    ...abilityRowCases('test-user-search', ({ api, tokens }, prefer) =>
      api.searchTestUsers(tokens.test.accessToken, { prefer }),
    ),
  ]) {
    test(title, details, body);
  }

  test(
    'answers 403 or 401 for a non-test token in access_token',
    declare({
      uses: ['live-token'],
      requirements: [
        FORBIDDEN.id,
        NOT_FOUND_401.id,
        'test-user-search.errors-listed',
        'test-user-search.query-access-token-test-token',
      ],
    }),
    async ({ api, liveToken }) => {
      // The spec's rows give no condition: a token the search does not take may be answered 401 or 403.
      // "The token" in the query is the header's too, so no test token is left to read anywhere.
      const token = liveToken.accessToken;
      await checkOneOfDocumentedErrors(await api.searchTestUsers(token, { auth: { bearer: token } }), [
        FORBIDDEN,
        NOT_FOUND_401,
      ]);
    },
  );

  test(
    'rejects a search without the required access_token query parameter with one of its listed 4xx',
    declare({
      requirements: [
        'test-user-search.query-access-token-required',
        'test-user-search.errors-listed',
        ...LISTED_REFUSALS.map((row) => row.id),
      ],
    }),
    async ({ api }) => {
      // Authenticated as usual (bearer), only the query parameter the spec marks required is missing; the
      // refusal is one of the search's listed errors ("Errors: 401, 403, 404, 405, 500"), any of its 4xx.
      await checkOneOfDocumentedErrors(await api.searchTestUsers(undefined), LISTED_REFUSALS);
    },
  );

  test(
    'answers 405 to POST',
    declare({ requirements: [METHOD_NOT_ALLOWED.id, 'test-user-search.errors-listed'] }),
    async ({ api, tokens }) => {
      const response = await api.raw({
        method: 'POST',
        path: PATH,
        query: { access_token: tokens.test.accessToken },
      });
      await checkDocumentedError(response, METHOD_NOT_ALLOWED);
      await adviseThat(
        response.headers.allow !== undefined,
        'http.allow-on-405',
        'the 405 carries no Allow header',
      );
    },
  );

  // Behaviour.

  test(
    'answers the test users of the seller',
    declare({
      requirements: [
        ANSWER,
        'test-user-search.route',
        'test-user-search.query-access-token-test-token',
        'test-user-search.total-counts-results',
        'auth.test-user-search-query-token',
      ],
      schemas: ['test-user-search-result'],
      // "a test access token of the seller obtained through the authorization flow": not the run's own
      // client_credentials token, which a server may refuse here with the listed 403.
      uses: ['seller-token'],
    }),
    async ({ api, sellerTestToken }) => {
      // "The token" the search additionally takes in its query is the header's: the seller's in both.
      const token = await sellerTestToken();
      const response = await api.searchTestUsers(token, { auth: { bearer: token } });
      // Refusing the very token the query asks for breaks that row, whatever the answer was to hold.
      await checkThat(
        response.status < 400 || response.status > 499,
        'test-user-search.query-access-token-test-token',
        "the seller's test token is taken in the query",
        `the seller's test token, in the query and the header, was refused with ${response.status}: ${describeBody(response)}`,
      );
      // No answer of the search is published: no status of the platform's to advise.
      await checkSuccess(response, ANSWER, null);
      await checkSchema(response, 'test-user-search-result', ANSWER);
      const found = (response.body ?? {}) as { total?: unknown; results?: unknown };
      const answered = lengthOf(found.results);
      const total = numberOrNaN(found.total);
      await checkThat(
        total >= answered,
        'test-user-search.total-counts-results',
        'total counts at least the users answered',
        `total is ${String(found.total)} for ${answered} results`,
      );
    },
  );
});
