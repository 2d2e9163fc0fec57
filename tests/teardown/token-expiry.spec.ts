/**
 * "Validity is set by expires_in" (Access token grant). Moving the target's clock past a token's lifetime
 * expires every token of the run, so this test runs last: it is queued after every other test, and waits
 * for those the other workers are still running to end (tests/support/run-state.ts). The test mints its
 * own token right before it moves the clock. It is the only test of tests/teardown/: two would wait on
 * each other's clock.
 */
import { documentedError } from '../../lib/requirements/index.ts';
import { buildTokenRequest } from '../../factories/token-request.ts';
import { checkDocumentedError, checkStatus, checkSuccess, checkThat } from '../support/checks.ts';
import { declarationsFor } from '../support/declare.ts';
import { test } from '../support/fixtures.ts';
import { RESPONSE_REQUIREMENT } from '../support/lookups.ts';
import { afterEveryOtherTest } from '../support/run-state.ts';

const declare = declarationsFor('token');
/** Any bearer endpoint with a documented 401 for an invalid token will do; this one changes nothing. */
const INVALID_TOKEN = documentedError('settlement-report-config.error.401-invalid-token');

test.describe('POST /oauth/token', () => {
  test(
    'an access token is accepted until expires_in has passed and refused after',
    declare({
      requirements: [RESPONSE_REQUIREMENT.token, 'token.grant.validity-set-by-expires-in', INVALID_TOKEN.id],
      needs: ['clock'],
    }),
    async ({ api, ids, moveClock }, testInfo) => {
      await afterEveryOtherTest(testInfo.testId);
      const response = await api.token(
        buildTokenRequest('client_credentials', {
          clientId: ids.clientId,
          clientSecret: ids.clientSecret,
          testToken: true,
        }),
      );
      await checkSuccess(response, RESPONSE_REQUIREMENT.token);
      const grant = (response.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
      await checkThat(
        typeof grant.access_token === 'string' &&
          typeof grant.expires_in === 'number' &&
          grant.expires_in > 1,
        'token.grant.validity-set-by-expires-in',
        'the grant carries an access token and its lifetime in seconds',
        `access_token is ${typeof grant.access_token}, expires_in is ${JSON.stringify(grant.expires_in)}`,
      );
      const bearer = { bearer: grant.access_token as string };
      const lifetime = grant.expires_in as number;

      await moveClock(lifetime - 1);
      await checkStatus(
        await api.getSettlementReportConfig({ auth: bearer }),
        200,
        'token.grant.validity-set-by-expires-in',
      );
      await moveClock(2);
      await checkDocumentedError(await api.getSettlementReportConfig({ auth: bearer }), INVALID_TOKEN);
    },
  );
});
