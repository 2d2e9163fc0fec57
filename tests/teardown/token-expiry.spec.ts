/**
 * "Validity is set by expires_in" (Access token grant). Moving the target's clock past a token's lifetime
 * expires every token of the run, so this file is not part of the oauth project: it runs in the
 * `teardown` project, which Playwright starts only after every area project has finished
 * (playwright.config.ts). The test mints its own token right before it moves the clock, and needs no
 * run state (the run's tokens are being removed beside it), so it takes no run lock either: nothing
 * else that uses the target runs by then.
 */
import { DEFAULT_EXPIRES_IN } from '../../../lib/catalogue.ts';
import { buildTokenRequest } from '../../../factories/token-request.ts';
import { checkDocumentedError, checkStatus, checkThat } from '../../support/checks.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { documentedError } from '../../support/shared-tests.ts';

const covers = labelsFor('token');
/** Any bearer endpoint with a documented 401 for an invalid token will do; this one changes nothing. */
const INVALID_TOKEN = documentedError('settlement-report-config.401');

test.describe('POST /oauth/token', () => {
  test(
    'an access token is accepted until expires_in has passed and rejected after',
    covers('behaviour:token-expires-after-expires-in', { needs: ['clock'] }),
    async ({ api, ids }) => {
      const response = await api.token(
        buildTokenRequest('client_credentials', {
          clientId: ids.clientId,
          clientSecret: ids.clientSecret,
          testToken: true,
        }),
      );
      await checkStatus(response, 200);
      const grant = (response.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
      await checkThat(
        typeof grant.access_token === 'string' && grant.access_token !== '',
        'access_token is a non-empty string',
      );
      await checkThat(
        typeof grant.expires_in === 'number' && grant.expires_in > 1,
        `expires_in is a lifetime in seconds (default ${DEFAULT_EXPIRES_IN})`,
      );
      const bearer = { bearer: grant.access_token as string };
      const lifetime = grant.expires_in as number;

      await checkStatus(await api.advanceClock(lifetime - 1), 200);
      await checkStatus(await api.getSettlementReportConfig({ auth: bearer }), 200);

      await checkStatus(await api.advanceClock(2), 200);
      await checkDocumentedError(await api.getSettlementReportConfig({ auth: bearer }), INVALID_TOKEN);
    },
  );
});
