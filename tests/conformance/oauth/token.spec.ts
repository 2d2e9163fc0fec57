import { randomUUID } from 'node:crypto';
import { AUTHORIZATION_CODE_VALIDITY_SECONDS, DEFAULT_EXPIRES_IN, SCOPES } from '../../../lib/catalogue.ts';
import type { TargetIds } from '../../../lib/target.ts';
import type { ApiClient, ApiResponse } from '../../support/api-client.ts';
import {
  checkDocumentedError,
  checkEqual,
  checkErrorShape,
  checkRuleOrAllowance,
  checkSchema,
  checkSingleUse,
  checkStatus,
  checkThat,
} from '../../support/checks.ts';
import { INVALID_TOKEN_REQUEST_VARIANTS, invalidTokenRequest } from '../../../factories/invalid.ts';
import { buildTokenRequest } from '../../../factories/token-request.ts';
import { labelsFor, test } from '../../support/fixtures.ts';
import { abilityTriggeredErrorTests, documentedError } from '../../support/shared-tests.ts';

const covers = labelsFor('token');
const INVALID_CLIENT = documentedError('token.400.invalid_client');
const INVALID_GRANT = documentedError('token.400.invalid_grant');
const INVALID_SCOPE = documentedError('token.400.invalid_scope');
const INVALID_REQUEST = documentedError('token.400.invalid_request');
const UNSUPPORTED_GRANT_TYPE = documentedError('token.400.unsupported_grant_type');

const UNKNOWN_CODE = 'TG-000000000000000000000000-000000000';
const UNKNOWN_REFRESH_TOKEN = 'TG-000000000000000000000000-111111111';
const UNKNOWN_SCOPE = 'payments-admin';
const OTHER_REDIRECT_URI = 'https://elsewhere.example.net/oauth/callback';
/** A PKCE-shaped verifier (RFC 7636: 43-128 unreserved characters); the spec says only "Accepted in the body". */
const CODE_VERIFIER = 'conformance-code-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';

interface Grant {
  access_token?: unknown;
  refresh_token?: unknown;
  token_type?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  live_mode?: unknown;
}

const credentials = (ids: TargetIds) => ({ clientId: ids.clientId, clientSecret: ids.clientSecret });

const clientCredentials = (ids: TargetIds) => buildTokenRequest('client_credentials', credentials(ids));

function exchangeCode(
  api: ApiClient,
  ids: TargetIds,
  code: string,
  redirectUri = ids.redirectUri,
  codeVerifier?: string,
) {
  return api.token(
    buildTokenRequest('authorization_code', { ...credentials(ids), code, redirectUri, codeVerifier }),
  );
}

function refresh(api: ApiClient, ids: TargetIds, refreshToken: string) {
  return api.token(buildTokenRequest('refresh_token', { ...credentials(ids), refreshToken }));
}

/** A successful grant: schema and the values the spec fixes. Secrets are checked for type only. */
async function checkGrant(response: ApiResponse): Promise<Grant> {
  await checkStatus(response, 200);
  await checkSchema(response.body, 'access-token-grant');
  const grant = (response.body ?? {}) as Grant;
  await checkThat(
    typeof grant.access_token === 'string' && grant.access_token !== '',
    'access_token is a non-empty string',
  );
  await checkRuleOrAllowance(
    grant.token_type === 'bearer',
    'token-type-capitalised',
    'token_type is "bearer" (the only supported type)',
  );
  await checkEqual(
    grant.expires_in,
    DEFAULT_EXPIRES_IN,
    `expires_in is the default lifetime ${DEFAULT_EXPIRES_IN}`,
  );
  const words = typeof grant.scope === 'string' ? grant.scope.split(' ').filter(Boolean) : [];
  await checkRuleOrAllowance(
    words.every((w) => (SCOPES as readonly string[]).includes(w)),
    'scope-unlisted-words',
    `every scope is one of ${SCOPES.join(', ')}`,
  );
  return grant;
}

interface FreshCodeFixtures {
  api: ApiClient;
  ids: TargetIds;
  authorizationCode: () => Promise<string>;
  exclusiveOfClock: <T>(action: () => Promise<T>) => Promise<T>;
}

/** The grant of a freshly minted code (under the run's clock lock), which must carry a refresh token. */
async function checkFreshCodeGrant({
  api,
  ids,
  authorizationCode,
  exclusiveOfClock,
}: FreshCodeFixtures): Promise<Grant & { refresh_token: string }> {
  const grant = await exclusiveOfClock(async () =>
    checkGrant(await exchangeCode(api, ids, await authorizationCode())),
  );
  await checkThat(
    typeof grant.refresh_token === 'string' && grant.refresh_token !== '',
    'the authorization_code grant carries a refresh_token',
  );
  return grant as Grant & { refresh_token: string };
}

test.describe('POST /oauth/token', () => {
  // Error paths.

  abilityTriggeredErrorTests('token', ({ api, ids }, prefer) =>
    api.token(clientCredentials(ids), { prefer, retryOn429: false }),
  );

  test(
    'answers 400 invalid_client for a wrong client_secret',
    covers(INVALID_CLIENT.key),
    async ({ api, ids }) => {
      const response = await api.token({ ...clientCredentials(ids), client_secret: `wrong-${randomUUID()}` });
      await checkDocumentedError(response, INVALID_CLIENT);
    },
  );

  test(
    'answers 400 invalid_grant for an unknown authorization code',
    covers(INVALID_GRANT.key),
    async ({ api, ids }) => {
      await checkDocumentedError(await exchangeCode(api, ids, UNKNOWN_CODE), INVALID_GRANT);
    },
  );

  test(
    'answers 400 invalid_grant for an unknown refresh token',
    covers(INVALID_GRANT.key),
    async ({ api, ids }) => {
      await checkDocumentedError(await refresh(api, ids, UNKNOWN_REFRESH_TOKEN), INVALID_GRANT);
    },
  );

  test(
    'answers 400 invalid_scope for an unknown scope value',
    covers(INVALID_SCOPE.key),
    async ({ api, ids }) => {
      const response = await api.token({ ...clientCredentials(ids), scope: UNKNOWN_SCOPE });
      await checkDocumentedError(response, INVALID_SCOPE);
    },
  );

  test(
    'answers 400 invalid_request when grant_type is missing',
    covers(INVALID_REQUEST.key),
    async ({ api, ids }) => {
      const { grant_type: _omitted, ...withoutGrantType } = clientCredentials(ids);
      await checkDocumentedError(await api.token(withoutGrantType), INVALID_REQUEST);
    },
  );

  test(
    'answers 400 unsupported_grant_type for grant_type "password"',
    covers(UNSUPPORTED_GRANT_TYPE.key),
    async ({ api, ids }) => {
      const response = await api.token({ ...clientCredentials(ids), grant_type: 'password' });
      await checkDocumentedError(response, UNSUPPORTED_GRANT_TYPE);
    },
  );

  for (const variant of INVALID_TOKEN_REQUEST_VARIANTS.filter((v) => v.target === 'request')) {
    test(
      `rejects an invalid request with 400: ${variant.name}`,
      covers('behaviour:rejects-invalid-token-request'),
      async ({ api, ids }) => {
        const body = invalidTokenRequest(variant, { ...credentials(ids), redirectUri: ids.redirectUri });
        const response = await api.token(body as object);
        await checkStatus(response, 400);
        await checkErrorShape(response);
      },
    );
  }

  test(
    'an authorization code is exchanged once; a second exchange answers invalid_grant',
    covers(INVALID_GRANT.key),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      const code = await exclusiveOfClock(async () => {
        const minted = await authorizationCode();
        await checkGrant(await exchangeCode(api, ids, minted));
        return minted;
      });
      await checkDocumentedError(await exchangeCode(api, ids, code), INVALID_GRANT);
    },
  );

  test(
    'answers invalid_grant when redirect_uri does not match the configured one',
    covers(INVALID_GRANT.key),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      const response = await exclusiveOfClock(async () =>
        exchangeCode(api, ids, await authorizationCode(), OTHER_REDIRECT_URI),
      );
      await checkDocumentedError(response, INVALID_GRANT);
    },
  );

  test(
    'answers invalid_grant for an authorization code older than 10 minutes',
    covers(INVALID_GRANT.key, { needs: ['clock'] }),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      const response = await exclusiveOfClock(async () => {
        const code = await authorizationCode();
        await checkStatus(await api.advanceClock(AUTHORIZATION_CODE_VALIDITY_SECONDS + 1), 200);
        return exchangeCode(api, ids, code);
      });
      await checkDocumentedError(response, INVALID_GRANT);
    },
  );

  test(
    'a used refresh token is rejected with invalid_grant afterwards',
    covers(INVALID_GRANT.key),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      const used = (await checkFreshCodeGrant({ api, ids, authorizationCode, exclusiveOfClock }))
        .refresh_token;
      await checkGrant(await refresh(api, ids, used));
      // The platform rotates refresh tokens; a target that accepts a used one passes only under lenient.
      await checkSingleUse(
        await refresh(api, ids, used),
        INVALID_GRANT,
        'refresh-token-reusable',
        'a used refresh token is rejected',
      );
    },
  );

  test(
    'answers invalid_grant for a refresh token used in the wrong flow (sent as an authorization code)',
    covers(INVALID_GRANT.key),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      const grant = await checkFreshCodeGrant({ api, ids, authorizationCode, exclusiveOfClock });
      await checkDocumentedError(await exchangeCode(api, ids, grant.refresh_token), INVALID_GRANT);
    },
  );

  // Behaviour.

  test(
    'client_credentials issues a bearer token with the documented values',
    covers('token.success'),
    async ({ api, ids }) => {
      const grant = await checkGrant(await api.token(clientCredentials(ids)));
      await checkThat(typeof grant.live_mode === 'boolean', 'live_mode is a boolean');
    },
  );

  test(
    'authorization_code issues an access token and a refresh token',
    covers('token.success'),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      await checkFreshCodeGrant({ api, ids, authorizationCode, exclusiveOfClock });
    },
  );

  test(
    'authorization_code accepts code_verifier in the body',
    covers('token.success'),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      await exclusiveOfClock(async () =>
        checkGrant(await exchangeCode(api, ids, await authorizationCode(), ids.redirectUri, CODE_VERIFIER)),
      );
    },
  );

  test(
    'refresh_token issues a new access token',
    covers('token.success'),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      const first = await checkFreshCodeGrant({ api, ids, authorizationCode, exclusiveOfClock });
      const renewed = await checkGrant(await refresh(api, ids, first.refresh_token));
      await checkThat(
        renewed.access_token !== first.access_token,
        'the refreshed access token differs from the old one',
      );
    },
  );

  test(
    'an authorization code is still valid just before 10 minutes',
    covers('behaviour:code-valid-for-10-minutes', { needs: ['clock'] }),
    async ({ api, ids, authorizationCode, exclusiveOfClock }) => {
      await exclusiveOfClock(async () => {
        const code = await authorizationCode();
        await checkStatus(await api.advanceClock(AUTHORIZATION_CODE_VALIDITY_SECONDS - 1), 200);
        await checkGrant(await exchangeCode(api, ids, code));
      });
    },
  );

  test(
    'a test token (test_token "true") is not live',
    covers('behaviour:test-token'),
    async ({ api, ids }) => {
      const grant = await checkGrant(await api.token({ ...clientCredentials(ids), test_token: 'true' }));
      await checkEqual(grant.live_mode, false, 'a test token has live_mode false');
    },
  );

  test(
    'a requested scope within offline_access, write, read is accepted',
    covers('behaviour:scopes'),
    async ({ api, ids }) => {
      await checkGrant(await api.token({ ...clientCredentials(ids), scope: 'read write' }));
    },
  );
});
