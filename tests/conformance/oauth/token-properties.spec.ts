/**
 * Generated token requests: for each grant type, every request the spec allows (any combination of a
 * scope within offline_access, write, read and the application's configured scopes, test_token
 * "true"/"false", a code_verifier and, for authorization_code, redirect_uri:
 * factories/arbitraries/token-request.ts) is answered with a grant. A
 * request carrying a value the spec leaves open (a code_verifier of another form, a boolean test_token) is
 * taken, or refused with one of the documented 400s.
 */
import type { RequirementId } from '../../../lib/requirements/index.ts';
import {
  openTokenRequest,
  tokenRequestBody,
  validTokenRequest,
} from '../../../factories/arbitraries/token-request.ts';
import { listedRefusals } from '../../support/lookups.ts';
import type { GrantType } from '../../../factories/token-request.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import { answerToOpenValue, expectTakenOrRefused, expectThat } from '../../support/expectations.ts';
import { checkGenerated, quietClient } from '../../support/property-runner.ts';
import {
  expectGrant,
  freshRefreshToken,
  INVALID_REQUEST,
  mintCode,
  notLive,
  requestableScopes,
} from '../../support/generated-tokens.ts';

const declare = declarationsFor('token');
const RUNS = 15;
const OPEN_RUNS = 12;
/** What the token endpoint may refuse a request with: the Errors table's 400 rows. */
const REFUSALS = listedRefusals('token');
/**
 * A value refused as such is "unsupported parameter or value ... or malformed request": the row a refusal
 * of an open value quotes when it matches none of them.
 */
const OPEN_VALUE_REFUSALS = [INVALID_REQUEST, ...REFUSALS.filter((row) => row.id !== INVALID_REQUEST.id)];
const GRANT: RequirementId[] = [
  'token.response-access-token-grant',
  'token.route',
  'token.request.json-body',
];
/** What every allowed request may carry besides its grant's own fields. */
const OPTIONAL_FIELDS: RequirementId[] = [
  'auth.scopes',
  'token.request.test-token-flag',
  'token.request.code-verifier-accepted',
  'auth.token-endpoint-client-credentials',
];
const FLOW: Record<GrantType, RequirementId> = {
  client_credentials: 'token.flow.client-credentials',
  authorization_code: 'token.flow.authorization-code',
  refresh_token: 'token.flow.refresh-token',
};

test.describe('POST /oauth/token (generated)', () => {
  for (const grantType of ['client_credentials', 'authorization_code', 'refresh_token'] as const) {
    test(
      `answers every ${grantType} request the spec allows with a grant`,
      declare({
        requirements: [...GRANT, FLOW[grantType], ...OPTIONAL_FIELDS, 'token.grant.token-types-user-or-test'],
        schemas: ['access-token-grant', 'token-request'],
        // A code per case: only a target that mints them can be asked for more than one.
        needs: grantType === 'authorization_code' ? ['authorize'] : [],
        generative: true,
      }),
      async ({ api, config, target, recordParameters }, testInfo) => {
        recordParameters({ grant_type: grantType });
        // Scopes within the application's: asking for more than it has may be refused; none where the
        // target takes no scope (the body table lists none).
        const scopes = await requestableScopes(api, config);
        await checkGenerated({
          testInfo,
          api,
          quiet: quietClient(testInfo, config, target),
          recordParameters,
          property: `every ${grantType} request the spec allows is answered with a grant`,
          basis: FLOW[grantType],
          arbitrary: validTokenRequest(grantType, scopes),
          defaultRuns: RUNS,
          judge: async (shape, context) => {
            const { client } = context;
            const code = grantType === 'authorization_code' ? await mintCode(client, config) : undefined;
            const previous =
              grantType === 'refresh_token' ? await freshRefreshToken(client, config) : undefined;
            const body = tokenRequestBody(shape, {
              clientId: config.clientId,
              clientSecret: config.clientSecret,
              redirectUri: config.redirectUri,
              ...(code ? { code } : {}),
              ...(previous ? { refreshToken: previous.refresh } : {}),
            });
            const grant = expectGrant(context, await client.token(body), FLOW[grantType]);
            if (shape.testToken === 'true') {
              expectThat(
                notLive(grant, config.profile),
                'token.grant.token-types-user-or-test',
                `a test_token "true" request was answered live_mode ${JSON.stringify(grant.live_mode)}`,
                'live_mode false',
              );
            }
            if (grantType === 'authorization_code') {
              expectThat(
                typeof grant.refresh_token === 'string' && grant.refresh_token !== '',
                FLOW.authorization_code,
                `the exchange answered refresh_token ${JSON.stringify(typeof grant.refresh_token)}`,
                'a refresh token',
              );
            }
            if (previous) {
              expectThat(
                grant.access_token !== previous.access,
                FLOW.refresh_token,
                'the refresh answered the old access token again',
                'a new access token',
              );
            }
          },
        });
      },
    );
  }

  test(
    'takes, or refuses with a documented 400, every token request carrying a value the spec leaves open',
    declare({
      requirements: [...GRANT, 'token.flow.client-credentials', ...REFUSALS.map((row) => row.id)],
      schemas: ['access-token-grant'],
      generative: true,
    }),
    async ({ api, config, target, recordParameters }, testInfo) => {
      await checkGenerated({
        testInfo,
        api,
        quiet: quietClient(testInfo, config, target),
        recordParameters,
        property:
          'a token request carrying a value the spec leaves open is answered with a grant or a documented 400',
        basis: 'token.request.json-body',
        arbitrary: openTokenRequest('client_credentials'),
        defaultRuns: OPEN_RUNS,
        describe: ({ shape, open }) => ({ open, request: shape }),
        judge: async ({ shape, base }, context) => {
          const values = {
            clientId: config.clientId,
            clientSecret: config.clientSecret,
            redirectUri: config.redirectUri,
          };
          const response = await answerToOpenValue(
            (body, options) => context.client.token(body, options),
            tokenRequestBody(shape, values),
            tokenRequestBody(base, values),
            'token.request.json-body',
          );
          expectTakenOrRefused(context, response, {
            basis: 'token.request.json-body',
            documented: OPEN_VALUE_REFUSALS,
            successSchema: 'access-token-grant',
          });
        },
      });
    },
  );
});
