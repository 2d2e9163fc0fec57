import { randomUUID } from 'node:crypto';
import { AUTHORIZATION_CODE_VALIDITY_SECONDS } from '../../../lib/catalogue.ts';
import { documentedError, type RequirementId } from '../../../lib/requirements/index.ts';
import type { TargetConfig, TargetIds } from '../../../lib/target.ts';
import { INVALID_TOKEN_REQUEST_VARIANTS, invalidTokenRequest } from '../../../factories/invalid.ts';
import { buildTokenRequest, type GrantType } from '../../../factories/token-request.ts';
import { requirementFor } from '../../../schemas/registry.ts';
import type { ApiClient, ApiResponse } from '../../support/api-client.ts';
import { abilityRowCases } from '../../support/cases.ts';
import {
  adviseThat,
  checkDocumentedError,
  checkOneOfDocumentedErrors,
  checkSchema,
  checkStatus,
  checkSuccess,
  checkThat,
  describeBody,
} from '../../support/checks.ts';
import { declarationsFor } from '../../support/declare.ts';
import { test } from '../../support/fixtures.ts';
import {
  configuredScopes,
  notLive,
  refusedAsUnsupported,
  takesScope,
  type Grant,
} from '../../support/generated-tokens.ts';
import { requestRequirements, RESPONSE_REQUIREMENT } from '../../support/lookups.ts';
import { declareFake } from '../../../run/redact.ts';

const declare = declarationsFor('token');
const INVALID_CLIENT = documentedError('token.error.400-invalid-client');
const INVALID_GRANT = documentedError('token.error.400-invalid-grant');
const INVALID_SCOPE = documentedError('token.error.400-invalid-scope');
const INVALID_REQUEST = documentedError('token.error.400-invalid-request');
const UNSUPPORTED_GRANT_TYPE = documentedError('token.error.400-unsupported-grant-type');
const UNAUTHORIZED_CLIENT = documentedError('token.error.400-unauthorized-client');
/**
 * Another application's code or refresh token meets two rows the spec does not order: invalid_grant
 * ("belonging to another client") and unauthorized_client ("application has no grant with the user").
 */
const ANOTHER_CLIENTS_GRANT = [INVALID_GRANT, UNAUTHORIZED_CLIENT];
/** Any bearer endpoint with a documented 401 for an invalid token will do; this one changes nothing. */
const INVALID_TOKEN = documentedError('settlement-report-config.error.401-invalid-token');

const UNKNOWN_CODE = declareFake('TG-000000000000000000000000-000000000');
const UNKNOWN_REFRESH_TOKEN = declareFake('TG-000000000000000000000000-111111111');
const UNKNOWN_SCOPE = 'payments-admin';
const SCOPE_NOT_TAKEN =
  'the target refuses scope as an unsupported parameter (invalid_request), each word alone too: the token body table lists no scope, so which scopes a request may ask for cannot be tested';
const OTHER_REDIRECT_URI = 'https://elsewhere.example.net/oauth/callback';
/** A PKCE-shaped verifier (RFC 7636: 43-128 unreserved characters); the spec says only "Accepted in the body". */
const CODE_VERIFIER = 'conformance-code-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';

/** What every successful grant is checked against. */
/** The requirements the fields of a grant type's request rest on (their types, values and presence). */
const SENT = (grant: GrantType) =>
  requestRequirements(
    'token-request',
    buildTokenRequest(grant, {
      clientId: '1',
      clientSecret: 's',
      code: 'c',
      refreshToken: 'r',
      redirectUri: 'https://seller.example/callback',
      codeVerifier: CODE_VERIFIER,
    }),
  );
const GRANT: RequirementId[] = [
  RESPONSE_REQUIREMENT.token,
  'token.route',
  'token.request.json-body',
  ...SENT('client_credentials'),
];
const CODE_FLOW: RequirementId[] = [
  ...GRANT,
  ...SENT('authorization_code'),
  'token.flow.authorization-code',
  'token.request.code-required-for-authorization-code',
];

type Credentials = { clientId: string; clientSecret: string };

const credentials = (ids: TargetIds): Credentials => ({
  clientId: ids.clientId,
  clientSecret: ids.clientSecret,
});

const clientCredentials = (ids: TargetIds) => buildTokenRequest('client_credentials', credentials(ids));

function exchangeCode(
  api: ApiClient,
  ids: TargetIds,
  code: string,
  options: { redirectUri?: string; codeVerifier?: string; client?: Credentials } = {},
) {
  const { redirectUri = ids.redirectUri, codeVerifier, client = credentials(ids) } = options;
  return api.token(buildTokenRequest('authorization_code', { ...client, code, redirectUri, codeVerifier }));
}

function refresh(
  api: ApiClient,
  ids: TargetIds,
  refreshToken: string,
  client: Credentials = credentials(ids),
) {
  return api.token(buildTokenRequest('refresh_token', { ...client, refreshToken }));
}

/** A successful grant: a success carrying the access token grant, as the spec describes it. */
async function checkGrant(response: ApiResponse): Promise<Grant> {
  await checkSuccess(response, RESPONSE_REQUIREMENT.token);
  await checkSchema(response, 'access-token-grant', RESPONSE_REQUIREMENT.token);
  return response.body ?? {};
}

interface FreshCodeFixtures {
  api: ApiClient;
  ids: TargetIds;
  authorizationCode: () => Promise<string>;
}

/** The grant of a freshly minted code, which must carry a refresh token. */
async function checkFreshCodeGrant({ api, ids, authorizationCode }: FreshCodeFixtures) {
  const grant = await checkGrant(await exchangeCode(api, ids, await authorizationCode()));
  await checkThat(
    typeof grant.refresh_token === 'string' && grant.refresh_token !== '',
    'token.flow.authorization-code',
    'the authorization_code grant carries a refresh_token',
    `refresh_token is ${JSON.stringify(grant.refresh_token)}`,
  );
  return grant as Grant & { refresh_token: string; access_token: string };
}

/**
 * The answer to a request asking for an unknown scope. The body table lists no scope, which invalid_scope
 * and "Defaults to the scopes configured" imply: a server may take none, ignoring it (a grant without the
 * word) or refusing it as an unsupported parameter (invalid_request, where no scope is taken at all).
 */
async function checkUnknownScopeAnswer(api: ApiClient, config: TargetConfig, response: ApiResponse) {
  if (response.status >= 200 && response.status < 300) {
    const scope = (response.body as Grant | undefined)?.scope;
    const granted = typeof scope === 'string' ? scope.split(' ') : [];
    return checkThat(
      !granted.includes(UNKNOWN_SCOPE),
      'token.grant.scope-allowed-values',
      `the unknown scope "${UNKNOWN_SCOPE}" is not granted`,
      `the grant answers scope ${JSON.stringify(scope)}`,
    );
  }
  if (refusedAsUnsupported(response)) {
    const takes = await takesScope(api, config, await configuredScopes(api, config));
    return checkThat(
      !takes,
      INVALID_SCOPE.id,
      'an unknown scope refused as an unsupported parameter only by a target that takes no scope',
      `"${UNKNOWN_SCOPE}" was refused invalid_request, yet a scope the application has is taken`,
    );
  }
  await checkDocumentedError(response, INVALID_SCOPE);
}

test.describe('POST /oauth/token', () => {
  // Error paths.

  for (const { title, details, body } of abilityRowCases('token', ({ api, ids }, prefer) =>
    api.token(clientCredentials(ids), { prefer, retryOn429: false }),
  )) {
    test(title, details, body);
  }

  test(
    'answers 400 invalid_client for a wrong client_secret',
    declare({ requirements: [INVALID_CLIENT.id, 'auth.token-endpoint-client-credentials'] }),
    async ({ api, ids }) => {
      const wrong = declareFake(`wrong-${randomUUID()}`);
      await checkDocumentedError(
        await api.token({ ...clientCredentials(ids), client_secret: wrong }),
        INVALID_CLIENT,
      );
    },
  );

  test(
    'answers 400 invalid_grant for an unknown authorization code',
    declare({ requirements: [INVALID_GRANT.id] }),
    async ({ api, ids }) => {
      await checkDocumentedError(await exchangeCode(api, ids, UNKNOWN_CODE), INVALID_GRANT);
    },
  );

  test(
    'answers 400 invalid_grant for an unknown refresh token',
    declare({ requirements: [INVALID_GRANT.id] }),
    async ({ api, ids }) => {
      await checkDocumentedError(await refresh(api, ids, UNKNOWN_REFRESH_TOKEN), INVALID_GRANT);
    },
  );

  test(
    'answers 400 invalid_scope for an unknown scope value, unless it takes no scope at all',
    declare({ requirements: [INVALID_SCOPE.id, 'auth.scopes', 'token.grant.scope-allowed-values'] }),
    async ({ api, ids, config }) => {
      const response = await api.token({ ...clientCredentials(ids), scope: UNKNOWN_SCOPE });
      await checkUnknownScopeAnswer(api, config, response);
    },
  );

  test(
    'answers 400 invalid_request when grant_type is missing',
    declare({ requirements: [INVALID_REQUEST.id, 'token.request.grant-type-required'] }),
    async ({ api, ids }) => {
      const { grant_type: _omitted, ...withoutGrantType } = clientCredentials(ids);
      await checkDocumentedError(await api.token(withoutGrantType), INVALID_REQUEST);
    },
  );

  test(
    'answers 400 unsupported_grant_type for grant_type "password"',
    declare({ requirements: [UNSUPPORTED_GRANT_TYPE.id, 'token.request.grant-type-values'] }),
    async ({ api, ids }) => {
      const response = await api.token({ ...clientCredentials(ids), grant_type: 'password' });
      await checkDocumentedError(response, UNSUPPORTED_GRANT_TYPE);
    },
  );

  // The factories' invalid token requests break one rule of the body table each; the Errors table says
  // every token error is a 400, but not which code each of these gets.
  for (const variant of INVALID_TOKEN_REQUEST_VARIANTS.filter((v) => v.target === 'request')) {
    const broken = requirementFor('token-request', variant.expect.pointer, variant.expect.keyword);

    test(
      `rejects an invalid request with 400: ${variant.name}`,
      declare({ requirements: [INVALID_REQUEST.id, ...(broken ? [broken] : [])] }),
      async ({ api, ids }) => {
        const body = invalidTokenRequest(variant, { ...credentials(ids), redirectUri: ids.redirectUri });
        await checkStatus(await api.token(body as object), 400, INVALID_REQUEST.id);
      },
    );
  }

  test(
    'a second exchange of an authorization code is refused',
    declare({
      uses: ['auth-code'],
      requirements: [...CODE_FLOW, INVALID_GRANT.id],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids, authorizationCode }) => {
      const code = await authorizationCode();
      await checkGrant(await exchangeCode(api, ids, code));
      const again = await exchangeCode(api, ids, code);
      const refused = again.status >= 400;
      await adviseThat(refused, 'http.oauth-code-single-use', `the second exchange answered ${again.status}`);
      // A used code is no longer a valid one: where it is refused, it is refused as the row says.
      // eslint-disable-next-line playwright/no-conditional-in-test -- a second exchange that succeeds is advice (above), not a row to check
      if (refused) await checkDocumentedError(again, INVALID_GRANT);
    },
  );

  test(
    'answers invalid_grant when redirect_uri does not match the configured one',
    declare({
      uses: ['auth-code'],
      requirements: [INVALID_GRANT.id, 'token.request.redirect-uri-must-match'],
    }),
    async ({ api, ids, authorizationCode }) => {
      const response = await exchangeCode(api, ids, await authorizationCode(), {
        redirectUri: OTHER_REDIRECT_URI,
      });
      // Granting breaks the match rule; refusing otherwise than invalid_grant breaks the Errors row.
      await checkThat(
        response.status >= 400,
        'token.request.redirect-uri-must-match',
        'a code exchanged with another redirect_uri is refused',
        `an exchange with redirect_uri ${OTHER_REDIRECT_URI}, not the configured one, was answered ${response.status}`,
      );
      await checkDocumentedError(response, INVALID_GRANT);
    },
  );

  test(
    'answers invalid_grant for an authorization code older than 10 minutes',
    declare({
      uses: ['auth-code'],
      requirements: [
        INVALID_GRANT.id,
        'token.request.code-valid-10-minutes',
        'limits.code-validity-10-minutes',
      ],
      needs: ['clock'],
    }),
    async ({ api, ids, authorizationCode, ageCredentials }) => {
      const code = await authorizationCode();
      const age = AUTHORIZATION_CODE_VALIDITY_SECONDS + 1;
      await ageCredentials(age, [code]);
      const answer = await exchangeCode(api, ids, code);
      // Taking the code breaks its limit; refusing it otherwise than invalid_grant breaks the Errors row.
      await checkThat(
        answer.status >= 400,
        'limits.code-validity-10-minutes',
        'a code past its 10 minutes is refused',
        `a code ${age} s old was answered ${answer.status}`,
      );
      await checkDocumentedError(answer, INVALID_GRANT);
    },
  );

  test(
    'a used refresh token is refused afterwards (the platform rotates them)',
    declare({
      uses: ['auth-code'],
      requirements: [...CODE_FLOW, 'token.flow.refresh-token', INVALID_GRANT.id],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids, authorizationCode }) => {
      const used = (await checkFreshCodeGrant({ api, ids, authorizationCode })).refresh_token;
      await checkGrant(await refresh(api, ids, used));
      const again = await refresh(api, ids, used);
      const refused = again.status >= 400;
      await adviseThat(
        refused,
        'platform.refresh-token-single-use',
        `the second refresh answered ${again.status}`,
      );
      // eslint-disable-next-line playwright/no-conditional-in-test -- a second refresh that succeeds is advice (above), not a row to check
      if (refused) await checkDocumentedError(again, INVALID_GRANT);
    },
  );

  test(
    'answers invalid_grant for a refresh token used in the wrong flow (sent as an authorization code)',
    declare({
      uses: ['auth-code'],
      requirements: [...CODE_FLOW, INVALID_GRANT.id],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids, authorizationCode }) => {
      const grant = await checkFreshCodeGrant({ api, ids, authorizationCode });
      await checkDocumentedError(await exchangeCode(api, ids, grant.refresh_token), INVALID_GRANT);
    },
  );

  test(
    'answers invalid_grant or unauthorized_client for an authorization code of another client',
    declare({
      uses: ['auth-code', 'other-client'],
      requirements: [INVALID_GRANT.id, UNAUTHORIZED_CLIENT.id],
    }),
    async ({ api, ids, otherClient, authorizationCode }) => {
      const response = await exchangeCode(api, ids, await authorizationCode(), { client: otherClient });
      await checkOneOfDocumentedErrors(response, ANOTHER_CLIENTS_GRANT);
    },
  );

  test(
    'answers invalid_grant or unauthorized_client for a refresh token of another client',
    declare({
      uses: ['auth-code', 'other-client'],
      requirements: [...CODE_FLOW, INVALID_GRANT.id, UNAUTHORIZED_CLIENT.id],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids, otherClient, authorizationCode }) => {
      const grant = await checkFreshCodeGrant({ api, ids, authorizationCode });
      const response = await refresh(api, ids, grant.refresh_token, otherClient);
      await checkOneOfDocumentedErrors(response, ANOTHER_CLIENTS_GRANT);
    },
  );

  // Behaviour.

  test(
    'client_credentials issues a grant of the documented shape',
    declare({
      requirements: [...GRANT, 'token.flow.client-credentials', 'auth.token-endpoint-client-credentials'],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids }) => {
      await checkGrant(await api.token(clientCredentials(ids)));
    },
  );

  test(
    'authorization_code issues an access token and a refresh token',
    declare({ uses: ['auth-code'], requirements: CODE_FLOW, schemas: ['access-token-grant'] }),
    async ({ api, ids, authorizationCode }) => {
      await checkFreshCodeGrant({ api, ids, authorizationCode });
    },
  );

  test(
    'authorization_code accepts code_verifier in the body',
    declare({
      uses: ['auth-code'],
      requirements: [...CODE_FLOW, 'token.request.code-verifier-accepted'],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids, authorizationCode }) => {
      await checkGrant(
        await exchangeCode(api, ids, await authorizationCode(), { codeVerifier: CODE_VERIFIER }),
      );
    },
  );

  test(
    'refresh_token issues a new access token',
    declare({
      uses: ['auth-code'],
      requirements: [
        ...CODE_FLOW,
        ...SENT('refresh_token'),
        'token.flow.refresh-token',
        'token.request.refresh-token-required-for-refresh',
      ],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids, authorizationCode }) => {
      const first = await checkFreshCodeGrant({ api, ids, authorizationCode });
      const renewed = await checkGrant(await refresh(api, ids, first.refresh_token));
      await checkThat(
        renewed.access_token !== first.access_token,
        'token.flow.refresh-token',
        'the refreshed access token is a new one',
        'the refresh answered the old access token again',
      );
    },
  );

  test(
    'an authorization code is still valid just before 10 minutes',
    declare({
      uses: ['auth-code'],
      requirements: [...CODE_FLOW, 'token.request.code-valid-10-minutes', 'limits.code-validity-10-minutes'],
      schemas: ['access-token-grant'],
      needs: ['clock'],
    }),
    async ({ api, ids, authorizationCode, ageCredentials }) => {
      const code = await authorizationCode();
      const age = AUTHORIZATION_CODE_VALIDITY_SECONDS - 1;
      await ageCredentials(age, [code]);
      const answer = await exchangeCode(api, ids, code);
      await checkThat(
        answer.status < 400 || answer.status >= 500,
        'token.request.code-valid-10-minutes',
        'a code is taken until its 10 minutes have passed',
        `a code ${age} s old was answered ${answer.status}: ${describeBody(answer)}`,
      );
      await checkGrant(answer);
    },
  );

  test(
    'an access token is accepted until expires_in has passed and refused after',
    declare({
      requirements: [...GRANT, 'token.grant.validity-set-by-expires-in', INVALID_TOKEN.id],
      schemas: ['access-token-grant'],
      needs: ['clock'],
    }),
    async ({ api, ids, ageCredentials }) => {
      // The test's own token ages, nothing else of the target: it runs beside every other test.
      const grant = await checkGrant(await api.token({ ...clientCredentials(ids), test_token: 'true' }));
      await checkThat(
        typeof grant.access_token === 'string' &&
          typeof grant.expires_in === 'number' &&
          grant.expires_in > 1,
        'token.grant.validity-set-by-expires-in',
        'the grant carries an access token and its lifetime in seconds',
        `access_token is ${typeof grant.access_token}, expires_in is ${JSON.stringify(grant.expires_in)}`,
      );
      const token = grant.access_token as string;
      const lifetime = grant.expires_in as number;
      await ageCredentials(lifetime - 1, [token]);
      await checkStatus(
        await api.getSettlementReportConfig({ auth: { bearer: token } }),
        200,
        'token.grant.validity-set-by-expires-in',
      );
      await ageCredentials(2, [token]);
      const expired = await api.getSettlementReportConfig({ auth: { bearer: token } });
      // Accepting the token breaks its validity; refusing it otherwise than 401 breaks the Errors row.
      await checkThat(
        expired.status >= 400,
        'token.grant.validity-set-by-expires-in',
        'a token past its expires_in is refused',
        `a token ${lifetime + 1} s old (expires_in ${lifetime}) was answered ${expired.status}`,
      );
      await checkDocumentedError(expired, INVALID_TOKEN);
    },
  );

  test(
    'a test token (test_token "true") is not live',
    declare({
      requirements: [
        ...GRANT,
        ...requestRequirements('token-request', { test_token: 'true' }),
        'token.grant.token-types-user-or-test',
        'auth.token-types',
        'token.request.test-token-flag',
      ],
      schemas: ['access-token-grant'],
    }),
    async ({ api, ids, config }) => {
      const grant = await checkGrant(await api.token({ ...clientCredentials(ids), test_token: 'true' }));
      await checkThat(
        notLive(grant, config.profile),
        'token.grant.token-types-user-or-test',
        'the grant of a test token is not live (live_mode false)',
        `live_mode is ${JSON.stringify(grant.live_mode)}`,
      );
    },
  );

  test(
    "a requested scope within the application's configured ones (of offline_access, write, read) is accepted",
    declare({ requirements: [...GRANT, 'auth.scopes'], schemas: ['access-token-grant'] }),
    async ({ api, ids, config }) => {
      // Within the application's configured scopes: asking for more than it has may be refused.
      const scopes = await configuredScopes(api, config);
      const response = await api.token({ ...clientCredentials(ids), scope: scopes.join(' ') });
      // Refused as an unsupported parameter: the body table lists no scope, so a target may take none; one
      // that takes some word alone reads scope and had to take these.
      test.skip(refusedAsUnsupported(response) && !(await takesScope(api, config, scopes)), SCOPE_NOT_TAKEN);
      await checkGrant(response);
    },
  );
});
