import { test } from '@playwright/test';
import type { InjectOptions } from 'fastify';
import { endpointById, ENDPOINTS } from '../../../lib/catalogue.ts';
import { DOCUMENTED_ERRORS } from '../../../lib/requirements/index.ts';
import { routePath } from '../../../mock/app.ts';
import { INJECTED_HEADER } from '../../../mock/faults.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { authHeaders, errorCodes, expect, send, SEEDED_CLIENT, startMock, type Mock } from './support.ts';

type Requester = (app: Mock) => Promise<InjectOptions>;

const withToken =
  (request: InjectOptions): Requester =>
  async (app) => ({ ...request, headers: { ...(await authHeaders(app)), ...request.headers } });
const withoutToken =
  (url: string, method: InjectOptions['method'] = 'GET'): Requester =>
  () =>
    Promise.resolve({ method, url });
const token =
  (payload: object): Requester =>
  () =>
    Promise.resolve({ method: 'POST', url: '/oauth/token', payload });

/** The natural cause of every documented error whose trigger is natural, keyed by its requirement id. */
const NATURAL_CAUSES: Record<string, Requester> = {
  'token.error.400-invalid-client': token({
    grant_type: 'client_credentials',
    ...SEEDED_CLIENT,
    client_secret: 'wrong',
  }),
  'token.error.400-invalid-grant': token({
    grant_type: 'refresh_token',
    refresh_token: 'TG-unknown-1',
    ...SEEDED_CLIENT,
  }),
  'token.error.400-invalid-scope': token({
    grant_type: 'client_credentials',
    ...SEEDED_CLIENT,
    scope: 'admin',
  }),
  'token.error.400-invalid-request': token({
    grant_type: 'client_credentials',
    client_id: SEEDED_IDS.clientId,
  }),
  'token.error.400-unsupported-grant-type': token({ grant_type: 'password', ...SEEDED_CLIENT }),
  'release-report-schedule.error.401-invalid-token': withoutToken(
    '/v1/account/release_report/schedule',
    'POST',
  ),
  'settlement-report-config.error.401-invalid-token': withoutToken('/v1/account/settlement_report/config'),
  'subscription-plan.error.401-unauthorized': withoutToken(`/preapproval_plan/${SEEDED_IDS.planId}`),
  'subscription-plan.error.404-not-found': withToken({
    method: 'GET',
    url: '/preapproval_plan/2c9380848b1e4f6a018b2f3d4c5e0000',
  }),
  'test-user-search.error.401-not-found': withoutToken('/test_user/search?access_token=TEST-x'),
  'test-user-search.error.403-forbidden': async (app) => {
    const headers = await authHeaders(app);
    const live = headers.authorization!.slice('Bearer '.length);
    return { method: 'GET', url: `/test_user/search?access_token=${live}`, headers };
  },
  'test-user-search.error.405-method-not-allowed': withToken({ method: 'POST', url: '/test_user/search' }),
  'store.error.400-invalid-store-id': withToken({ method: 'GET', url: '/stores/not-a-number' }),
  'cancel-agreement.error.400-bad-request': withToken({
    method: 'DELETE',
    url: `/v2/wallet_connect/agreements/${SEEDED_IDS.agreementId}?client.id=abc`,
  }),
  'cancel-agreement.error.404-not-found': withToken({
    method: 'DELETE',
    url: '/v2/wallet_connect/agreements/unknown-agreement',
  }),
};

const naturalRows = DOCUMENTED_ERRORS.filter((row) => row.trigger.kind === 'natural');

test('every documented error with a natural trigger has a natural cause here', () => {
  expect(Object.keys(NATURAL_CAUSES).sort()).toEqual(naturalRows.map((row) => row.id).sort());
});

test.describe('documented errors from their natural causes', () => {
  for (const row of naturalRows) {
    test(`${row.id} (${row.trigger.how})`, async () => {
      const app = await startMock();
      const request = await NATURAL_CAUSES[row.id]!(app);
      const response = await send(app, request);
      expect(response.statusCode).toBe(row.status);
      expect(errorCodes(response)).toEqual(expect.arrayContaining(row.code ? [row.code] : []));
      expect(response.headers[INJECTED_HEADER]).toBeUndefined();
    });
  }
});

/** A request that would succeed on the endpoint, so only the Prefer header can make it fail. */
async function successfulRequest(
  app: Mock,
  endpointId: (typeof ENDPOINTS)[number]['id'],
): Promise<InjectOptions> {
  const endpoint = endpointById(endpointId);
  if (endpoint.auth === 'client') {
    return {
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', ...SEEDED_CLIENT },
    };
  }
  const url = routePath(endpoint.path)
    .replace(':reason_id', SEEDED_IDS.claimReasonId)
    .replace(':claim_id', SEEDED_IDS.claimId)
    .replace(':agreement_id', SEEDED_IDS.agreementId)
    .replace(
      ':id',
      endpoint.id === 'store'
        ? SEEDED_IDS.storeId
        : endpoint.id === 'chargeback'
          ? SEEDED_IDS.chargebackId
          : SEEDED_IDS.planId,
    );
  const headers = await authHeaders(app);
  if (endpoint.id === 'test-user-search') {
    return { method: 'GET', url: `${url}?access_token=${headers.authorization!.slice(7)}`, headers };
  }
  return { method: endpoint.method, url, headers, ...(endpoint.id === 'preference' ? { payload: {} } : {}) };
}

test.describe('Prefer faults answer every documented error', () => {
  for (const row of DOCUMENTED_ERRORS) {
    const prefer = `code=${row.status}${row.code ? `, example=${row.code}` : ''}`;

    test(`${row.id} via "Prefer: ${prefer}"`, async () => {
      const app = await startMock();
      const request = await successfulRequest(app, row.endpoint);
      const response = await send(app, { ...request, headers: { ...request.headers, prefer: prefer } });
      expect(response.statusCode).toBe(row.status);
      expect(response.headers[INJECTED_HEADER]).toBe('true');
      expect(errorCodes(response)).toEqual(expect.arrayContaining(row.code ? [row.code] : []));
    });
  }

  test('an injected 429 carries Retry-After', async () => {
    const app = await startMock();
    const request = await successfulRequest(app, 'token');
    const response = await send(app, { ...request, headers: { prefer: 'code=429' } });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('code=400 without example on the token endpoint answers its first documented 400', async () => {
    const app = await startMock();
    const request = await successfulRequest(app, 'token');
    const response = await send(app, { ...request, headers: { prefer: 'code=400' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers[INJECTED_HEADER]).toBe('true');
  });

  test('an undocumented code or example is refused with a 400 naming the documented ones', async () => {
    const app = await startMock();
    const plan = await successfulRequest(app, 'subscription-plan');
    const undocumented = await send(app, { ...plan, headers: { ...plan.headers, prefer: 'code=503' } });
    expect(undocumented.statusCode).toBe(400);
    expect(undocumented.headers[INJECTED_HEADER]).toBeUndefined();
    expect(undocumented.json<{ message: string }>().message).toContain('code=404');
    const tokenRequest = await successfulRequest(app, 'token');
    const badExample = await send(app, { ...tokenRequest, headers: { prefer: 'code=400, example=teapot' } });
    expect(badExample.statusCode).toBe(400);
    expect(badExample.json<{ message: string }>().message).toContain('example=invalid_client');
    const claim = await successfulRequest(app, 'claim');
    const none = await send(app, { ...claim, headers: { ...claim.headers, prefer: 'code=500' } });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toContain('documented: none');
  });

  test('a malformed Prefer code is 400; a Prefer without code is ignored', async () => {
    const app = await startMock();
    const store = await successfulRequest(app, 'store');
    const malformed = await send(app, { ...store, headers: { ...store.headers, prefer: 'code=abc' } });
    expect(malformed.statusCode).toBe(400);
    const unrelated = await send(
      app,
      { ...store, headers: { ...store.headers, prefer: 'return=minimal' } },
      'store',
    );
    expect(unrelated.statusCode).toBe(200);
  });

  test('with control off, Prefer is ignored', async () => {
    const app = await startMock({ control: false });
    const store = await successfulRequest(app, 'store');
    const response = await send(
      app,
      { ...store, headers: { ...store.headers, prefer: 'code=500' } },
      'store',
    );
    expect(response.statusCode).toBe(200);
  });
});
