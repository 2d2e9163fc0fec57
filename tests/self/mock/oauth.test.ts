import { test } from '@playwright/test';
import { AUTHORIZATION_CODE_VALIDITY_SECONDS, DEFAULT_EXPIRES_IN } from '../../../lib/catalogue.ts';
import { MESSAGES } from '../../../mock/errors.ts';
import { OTHER_APPLICATION, SEEDED_IDS } from '../../../mock/seed.ts';
import {
  advanceClock,
  authorizationCode,
  expect,
  issueToken,
  send,
  SEEDED_CLIENT,
  startMock,
  type Mock,
} from './support.ts';

const OTHER_CLIENT = { client_id: OTHER_APPLICATION.clientId, client_secret: OTHER_APPLICATION.clientSecret };

function token(app: Mock, payload: unknown, headers: Record<string, string> = {}) {
  return send(
    app,
    { method: 'POST', url: '/oauth/token', payload: payload as object, headers },
    'access-token-grant',
  );
}

async function expectTokenError(
  app: Mock,
  payload: unknown,
  code: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await token(app, payload, headers);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: code, status: 400 });
  return response.json<{ message: string }>().message;
}

test.describe('POST /oauth/token grants', () => {
  test('client_credentials issues a live APP_USR token in the real format', async () => {
    const app = await startMock();
    const grant = await issueToken(app);
    expect(grant.access_token).toMatch(
      new RegExp(`^APP_USR-${SEEDED_IDS.clientId}-\\d{6}-[0-9a-f]{32}-\\d+$`),
    );
    expect(grant).toMatchObject({
      token_type: 'bearer',
      expires_in: DEFAULT_EXPIRES_IN,
      scope: 'offline_access read write',
      live_mode: true,
    });
    expect(grant.refresh_token).toMatch(/^TG-[0-9a-f]{24}-\d+$/);
  });

  test('test_token "true" issues a TEST token that is not live', async () => {
    const app = await startMock();
    const grant = await issueToken(app, { test_token: 'true' });
    expect(grant.access_token).toMatch(/^TEST-/);
    expect(grant.live_mode).toBe(false);
  });

  test('a requested scope made of allowed words is granted as asked', async () => {
    const app = await startMock();
    const grant = await issueToken(app, { scope: 'read' });
    expect(grant.scope).toBe('read');
  });

  test('authorization_code exchanges a code from /authorization for a token and a refresh token', async () => {
    const app = await startMock();
    const code = await authorizationCode(app);
    const response = await token(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: SEEDED_IDS.redirectUri,
      code_verifier: 'ignored-verifier',
      ...SEEDED_CLIENT,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ refresh_token: string }>().refresh_token).toMatch(/^TG-/);
  });

  test('refresh_token exchanges a refresh token once; the new refresh token works, the old does not', async () => {
    const app = await startMock();
    const first = await issueToken(app);
    const refreshed = await token(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      ...SEEDED_CLIENT,
    });
    expect(refreshed.statusCode).toBe(200);
    const again = refreshed.json<{ refresh_token: string; access_token: string }>();
    expect(again.access_token).not.toBe(first.access_token);
    await expectTokenError(
      app,
      { grant_type: 'refresh_token', refresh_token: first.refresh_token, ...SEEDED_CLIENT },
      'invalid_grant',
    );
    const third = await token(app, {
      grant_type: 'refresh_token',
      refresh_token: again.refresh_token,
      ...SEEDED_CLIENT,
    });
    expect(third.statusCode).toBe(200);
  });

  test('form-urlencoded bodies are accepted like JSON', async () => {
    const app = await startMock();
    const response = await token(
      app,
      new URLSearchParams({ grant_type: 'client_credentials', ...SEEDED_CLIENT }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(response.statusCode).toBe(200);
  });

  test('the Authorization and X-Idempotency-Key headers the official SDK sends are ignored', async () => {
    const app = await startMock();
    const response = await token(
      app,
      { grant_type: 'client_credentials', ...SEEDED_CLIENT },
      {
        authorization: 'Bearer APP_USR-not-a-known-token',
        'x-idempotency-key': '6a1f0c1e-0000-4000-8000-000000000000',
      },
    );
    expect(response.statusCode).toBe(200);
  });
});

test.describe('POST /oauth/token errors from their natural causes', () => {
  test('invalid_request: each required parameter missing, a non-string value, no body', async () => {
    const app = await startMock();
    const full = { grant_type: 'client_credentials', ...SEEDED_CLIENT };
    for (const name of ['grant_type', 'client_id', 'client_secret'] as const) {
      const { [name]: _dropped, ...rest } = full;
      expect(await expectTokenError(app, rest, 'invalid_request')).toBe(MESSAGES.missingParameter(name));
    }
    expect(
      await expectTokenError(app, { grant_type: 'authorization_code', ...SEEDED_CLIENT }, 'invalid_request'),
    ).toBe(MESSAGES.missingParameter('code'));
    expect(
      await expectTokenError(app, { grant_type: 'refresh_token', ...SEEDED_CLIENT }, 'invalid_request'),
    ).toBe(MESSAGES.missingParameter('refresh_token'));
    await expectTokenError(app, { ...full, client_secret: 42 }, 'invalid_request');
    await expectTokenError(app, [full], 'invalid_request');
    const empty = await send(app, { method: 'POST', url: '/oauth/token' });
    expect(empty.json()).toMatchObject({ error: 'invalid_request', status: 400 });
  });

  test('invalid_request: malformed JSON, an unsupported content type, a duplicated form parameter', async () => {
    const app = await startMock();
    const malformed = await send(app, {
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type": ',
    });
    expect(malformed.json()).toMatchObject({ error: 'invalid_request', status: 400 });
    const text = await send(app, {
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=client_credentials',
    });
    expect(text.json()).toMatchObject({ error: 'invalid_request', status: 400 });
    const duplicated = await send(app, {
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&grant_type=refresh_token',
    });
    expect(duplicated.json()).toMatchObject({ error: 'invalid_request', status: 400 });
  });

  test('unsupported_grant_type: a grant type outside the three, its message listing the allowed types', async () => {
    const app = await startMock();
    const message = await expectTokenError(
      app,
      { grant_type: 'password', ...SEEDED_CLIENT },
      'unsupported_grant_type',
    );
    expect(message).toContain('authorization_code');
    expect(message).toContain('refresh_token');
  });

  test('invalid_client: an unknown client_id or a wrong client_secret', async () => {
    const app = await startMock();
    await expectTokenError(
      app,
      { grant_type: 'client_credentials', client_id: '1', client_secret: 'x' },
      'invalid_client',
    );
    await expectTokenError(
      app,
      { grant_type: 'client_credentials', ...SEEDED_CLIENT, client_secret: 'wrong' },
      'invalid_client',
    );
  });

  test('invalid_scope: a scope word outside offline_access, write, read', async () => {
    const app = await startMock();
    await expectTokenError(
      app,
      { grant_type: 'client_credentials', ...SEEDED_CLIENT, scope: 'read payments' },
      'invalid_scope',
    );
    await expectTokenError(
      app,
      { grant_type: 'client_credentials', ...SEEDED_CLIENT, scope: '' },
      'invalid_scope',
    );
  });

  test('invalid_grant: unknown, used, expired and other-client codes; redirect_uri mismatch', async () => {
    const app = await startMock();
    const exchange = (code: string, extra: object = {}) => ({
      grant_type: 'authorization_code',
      code,
      ...SEEDED_CLIENT,
      ...extra,
    });
    expect(await expectTokenError(app, exchange('TG-000000000000000000000000-1'), 'invalid_grant')).toBe(
      MESSAGES.invalidGrant,
    );

    const used = await authorizationCode(app);
    expect((await token(app, exchange(used))).statusCode).toBe(200);
    await expectTokenError(app, exchange(used), 'invalid_grant');

    const expired = await authorizationCode(app);
    await advanceClock(app, AUTHORIZATION_CODE_VALIDITY_SECONDS + 1);
    await expectTokenError(app, exchange(expired), 'invalid_grant');

    const othersCode = await authorizationCode(
      app,
      OTHER_APPLICATION.clientId,
      OTHER_APPLICATION.redirectUri,
    );
    await expectTokenError(app, exchange(othersCode), 'invalid_grant');

    const mismatched = await authorizationCode(app);
    expect(
      await expectTokenError(
        app,
        exchange(mismatched, { redirect_uri: 'https://elsewhere.example/cb' }),
        'invalid_grant',
      ),
    ).toBe(MESSAGES.redirectUriMismatch);
  });

  test('a code still inside its 10 minutes is accepted', async () => {
    const app = await startMock();
    const code = await authorizationCode(app);
    await advanceClock(app, AUTHORIZATION_CODE_VALIDITY_SECONDS - 5);
    expect((await token(app, { grant_type: 'authorization_code', code, ...SEEDED_CLIENT })).statusCode).toBe(
      200,
    );
  });

  test("invalid_grant: an unknown refresh token, or another client's", async () => {
    const app = await startMock();
    await expectTokenError(
      app,
      { grant_type: 'refresh_token', refresh_token: 'TG-nope-1', ...SEEDED_CLIENT },
      'invalid_grant',
    );
    const grant = await issueToken(app);
    await expectTokenError(
      app,
      { grant_type: 'refresh_token', refresh_token: grant.refresh_token, ...OTHER_CLIENT },
      'invalid_grant',
    );
  });

  test('local_rate_limited: 429 with Retry-After once a client exceeds the configured rate; the window passes', async () => {
    const app = await startMock({ rateLimit: { max: 2, windowSeconds: 60 } });
    await issueToken(app);
    await issueToken(app);
    const limited = await token(app, { grant_type: 'client_credentials', ...SEEDED_CLIENT });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'local_rate_limited', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-mock-injected']).toBeUndefined();
    const otherClient = await token(app, { grant_type: 'client_credentials', ...OTHER_CLIENT });
    expect(otherClient.statusCode).toBe(200);
    await advanceClock(app, 61);
    expect((await token(app, { grant_type: 'client_credentials', ...SEEDED_CLIENT })).statusCode).toBe(200);
  });
});

test.describe('GET /authorization', () => {
  test('redirects to the redirect URI with a code and the state', async () => {
    const app = await startMock();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: SEEDED_IDS.clientId,
      redirect_uri: SEEDED_IDS.redirectUri,
      state: 'a b&c',
    });
    const response = await send(app, { method: 'GET', url: `/authorization?${query.toString()}` });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(SEEDED_IDS.redirectUri);
    expect(location.searchParams.get('state')).toBe('a b&c');
    expect(location.searchParams.get('code')).toMatch(/^TG-/);
  });

  test('bad or missing parameters get a 400 in the error shape, not a redirect', async () => {
    const app = await startMock();
    const good = {
      response_type: 'code',
      client_id: SEEDED_IDS.clientId,
      redirect_uri: SEEDED_IDS.redirectUri,
    };
    const cases: Record<string, string>[] = [
      {},
      { ...good, response_type: 'token' },
      { ...good, client_id: '999' },
      { ...good, redirect_uri: 'https://attacker.example/cb' },
      { response_type: 'code', client_id: SEEDED_IDS.clientId },
    ];
    for (const params of cases) {
      const response = await send(app, {
        method: 'GET',
        url: `/authorization?${new URLSearchParams(params).toString()}`,
      });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.headers.location).toBeUndefined();
    }
  });
});
