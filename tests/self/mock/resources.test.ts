import { test } from '@playwright/test';
import { DEFAULT_EXPIRES_IN, ENDPOINTS, INDUSTRIES } from '../../../lib/catalogue.ts';
import { buildPreference } from '../../../factories/preference.ts';
import { INVALID_PREFERENCE_VARIANTS, invalidPreference } from '../../../factories/invalid.ts';
import { routePath } from '../../../mock/app.ts';
import { MESSAGES } from '../../../mock/errors.ts';
import { OTHER_SEEDED_IDS, SEEDED_IDS } from '../../../mock/seed.ts';
import { advanceClock, authHeaders, errorCodes, expect, issueToken, send, startMock } from './support.ts';

const claimPath = (id: string) => `/post-purchase/v1/claims/${id}`;
const disputePath = (id: string) => `/v1/claims/${id}/actions/open_dispute`;
const agreementPath = (id: string) => `/v2/wallet_connect/agreements/${id}`;
const SETTLEMENT_CONFIG = '/v1/account/settlement_report/config';
const RELEASE_SCHEDULE = '/v1/account/release_report/schedule';

/** A request to every bearer endpoint with seeded ids filled in. */
function seededRequest(path: string) {
  return routePath(path)
    .replace(':reason_id', SEEDED_IDS.claimReasonId)
    .replace(':claim_id', SEEDED_IDS.claimId)
    .replace(':agreement_id', SEEDED_IDS.agreementId)
    .replace(':id', path.startsWith('/stores') ? SEEDED_IDS.storeId : SEEDED_IDS.planId);
}

test.describe('bearer authentication', () => {
  test('every bearer endpoint answers 401 "unauthorized" to a missing, malformed, unknown or expired token', async () => {
    const app = await startMock();
    const expired = await authHeaders(app);
    await advanceClock(app, DEFAULT_EXPIRES_IN + 1);
    for (const endpoint of ENDPOINTS.filter((e) => e.auth === 'bearer')) {
      for (const headers of [
        {},
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer APP_USR-1-010101-00-1' },
        expired,
      ]) {
        const response = await send(app, {
          method: endpoint.method,
          url: seededRequest(endpoint.path),
          headers,
        });
        expect(response.statusCode, `${endpoint.feature} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.json()).toMatchObject({ error: 'unauthorized', status: 401 });
      }
    }
  });

  test('both token kinds, APP_USR and TEST, are accepted as bearer', async () => {
    const app = await startMock();
    for (const extra of [{}, { test_token: 'true' }] as Record<string, string>[]) {
      const grant = await issueToken(app, extra);
      const response = await send(
        app,
        {
          method: 'GET',
          url: `/stores/${SEEDED_IDS.storeId}`,
          headers: { authorization: `Bearer ${String(grant.access_token)}` },
        },
        'store',
      );
      expect(response.statusCode).toBe(200);
    }
  });
});

test.describe('checkout preferences', () => {
  test('stores each industry’s preference and answers 201 with id, init points and date_created', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    for (const industry of INDUSTRIES) {
      const request = buildPreference(industry, { seed: 7 });
      const response = await send(
        app,
        { method: 'POST', url: '/checkout/preferences', headers, payload: request },
        'preference',
      );
      expect(response.statusCode, industry).toBe(201);
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject(request as Record<string, unknown>);
      expect(String(body.id)).toMatch(new RegExp(`^${String(body.collector_id)}-[0-9a-f-]{36}$`));
      expect(body.init_point).toContain(String(body.id));
      expect(body.sandbox_init_point).toContain(String(body.id));
      expect(body.client_id).toBe(SEEDED_IDS.clientId);
    }
  });

  test('the trailing-slash path the official SDK uses is served too', async () => {
    const app = await startMock();
    const response = await send(
      app,
      {
        method: 'POST',
        url: '/checkout/preferences/',
        headers: await authHeaders(app),
        payload: buildPreference('retail'),
      },
      'preference',
    );
    expect(response.statusCode).toBe(201);
  });

  test('every request-breaking invalid variant gets 400 bad_request naming the offending field', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    for (const variant of INVALID_PREFERENCE_VARIANTS.filter((v) => v.target === 'request')) {
      const response = await send(app, {
        method: 'POST',
        url: '/checkout/preferences',
        headers,
        payload: invalidPreference(variant) as object,
      });
      expect(response.statusCode, variant.name).toBe(400);
      const causes = response.json<{ cause: { data: string | null }[] }>().cause;
      expect(
        causes.map((c) => c.data),
        variant.name,
      ).toContain(variant.expect.pointer);
    }
  });

  test('an account of one market takes its currency only: another is 400 naming the item, none is taken', async () => {
    const app = await startMock({ variation: { type: 'variant', name: 'one-market-account' } });
    const headers = await authHeaders(app);
    const post = (payload: object) =>
      send(app, { method: 'POST', url: '/checkout/preferences', headers, payload }, 'preference');
    expect((await post(buildPreference('retail', { seed: 7, currency: 'ARS' }))).statusCode).toBe(201);
    const inBrl = await post(buildPreference('retail', { seed: 7, currency: 'BRL' }));
    expect(inBrl.statusCode).toBe(400);
    expect(inBrl.json()).toMatchObject({ message: MESSAGES.currencyNotTaken('ARS') });
    expect(inBrl.json<{ cause: { data: string | null }[] }>().cause.map((c) => c.data)).toEqual([
      'items.0.currency_id',
    ]);
    const unpriced = buildPreference('retail', { seed: 7, currency: 'ARS' });
    for (const item of unpriced.items ?? []) delete item.currency_id;
    expect((await post(unpriced)).statusCode, "no currency_id: the account's own").toBe(201);
  });

  test('no body, or a non-object body, is 400', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const empty = await send(app, { method: 'POST', url: '/checkout/preferences', headers });
    expect(empty.json()).toMatchObject({ status: 400, message: MESSAGES.bodyRequired });
    const list = await send(app, {
      method: 'POST',
      url: '/checkout/preferences',
      headers,
      payload: [1, 2],
    });
    expect(list.statusCode).toBe(400);
  });
});

test.describe('reports', () => {
  test('scheduling the release report generates a report and flips scheduled from false to true', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const before = await send(
      app,
      { method: 'GET', url: SETTLEMENT_CONFIG, headers },
      'settlement-report-config',
    );
    expect(before.json()).toMatchObject({ scheduled: false });
    const report = await send(app, { method: 'POST', url: RELEASE_SCHEDULE, headers }, 'release-report');
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ created_from: 'schedule' });
    const after = await send(
      app,
      { method: 'GET', url: SETTLEMENT_CONFIG, headers },
      'settlement-report-config',
    );
    expect(after.json()).toMatchObject({ scheduled: true });
  });

  test('the schedule works with the SDK’s empty JSON body', async () => {
    const app = await startMock();
    const headers = { ...(await authHeaders(app)), 'content-type': 'application/json' };
    const report = await send(
      app,
      { method: 'POST', url: RELEASE_SCHEDULE, headers, payload: '' },
      'release-report',
    );
    expect(report.statusCode).toBe(200);
  });
});

test.describe('reads', () => {
  test('subscription plans by id; unknown is 404', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    for (const id of [SEEDED_IDS.planId, OTHER_SEEDED_IDS.secondPlanId]) {
      const plan = await send(
        app,
        { method: 'GET', url: `/preapproval_plan/${id}`, headers },
        'subscription-plan',
      );
      expect(plan.json()).toMatchObject({ id });
    }
    expect(
      (await send(app, { method: 'GET', url: '/preapproval_plan/2c9380848b1e4f6a018b2f3d4c5e0000', headers }))
        .statusCode,
    ).toBe(404);
  });

  test('claim reasons of every group; unknown is 404', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    for (const id of OTHER_SEEDED_IDS.claimReasonIds) {
      const reason = await send(
        app,
        { method: 'GET', url: `/post-purchase/v1/claims/reasons/${id}`, headers },
        'claim-reason',
      );
      expect(reason.json()).toMatchObject({ id });
    }
    expect(
      (await send(app, { method: 'GET', url: '/post-purchase/v1/claims/reasons/XYZ1', headers })).statusCode,
    ).toBe(404);
  });

  test('claims opened and closed, with players and actions; non-numeric is 400, unknown 404', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const opened = await send(app, { method: 'GET', url: claimPath(SEEDED_IDS.claimId), headers }, 'claim');
    expect(opened.json()).toMatchObject({ id: Number(SEEDED_IDS.claimId), status: 'opened' });
    const closed = await send(
      app,
      { method: 'GET', url: claimPath(OTHER_SEEDED_IDS.closedClaimId), headers },
      'claim',
    );
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect((await send(app, { method: 'GET', url: claimPath('abc'), headers })).statusCode).toBe(400);
    expect((await send(app, { method: 'GET', url: claimPath('1'), headers })).statusCode).toBe(404);
  });

  test('chargebacks by chargeback id or by payment id; unknown is 404', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    for (const id of [SEEDED_IDS.chargebackId, SEEDED_IDS.chargebackPaymentId]) {
      const chargeback = await send(
        app,
        { method: 'GET', url: `/v1/chargebacks/${id}`, headers },
        'chargeback',
      );
      expect(chargeback.json()).toMatchObject({ id: SEEDED_IDS.chargebackId });
    }
    expect((await send(app, { method: 'GET', url: '/v1/chargebacks/1', headers })).statusCode).toBe(404);
  });

  test('stores: a numeric id is found, a non-numeric one is 400 INVALID_STORE_ID, an unknown one 404', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const store = await send(app, { method: 'GET', url: `/stores/${SEEDED_IDS.storeId}`, headers }, 'store');
    expect(store.json()).toMatchObject({ id: SEEDED_IDS.storeId });
    const invalid = await send(app, { method: 'GET', url: '/stores/abc', headers });
    expect(invalid.json()).toMatchObject({
      status: 400,
      error: 'bad_request',
      cause: [{ code: 'INVALID_STORE_ID', description: MESSAGES.invalidStoreId }],
    });
    expect((await send(app, { method: 'GET', url: '/stores/1', headers })).statusCode).toBe(404);
  });
});

test.describe('GET /test_user/search', () => {
  test("a TEST token in access_token lists that seller's test users", async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const testToken = String((await issueToken(app, { test_token: 'true' })).access_token);
    const response = await send(
      app,
      { method: 'GET', url: `/test_user/search?access_token=${testToken}`, headers },
      'test-user-search-result',
    );
    const body = response.json<{ total: number; results: unknown[] }>();
    expect(body.total).toBe(body.results.length);
    expect(body.total).toBeGreaterThan(0);
  });

  test('missing access_token is 401, an unknown one 401, a live one 403, POST 405', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const live = headers.authorization!.slice('Bearer '.length);
    const status = async (url: string, method: 'GET' | 'POST' = 'GET') =>
      (await send(app, { method, url, headers })).statusCode;
    expect(await status('/test_user/search')).toBe(401);
    expect(await status('/test_user/search?access_token=TEST-unknown')).toBe(401);
    expect(await status(`/test_user/search?access_token=${live}`)).toBe(403);
    expect(await status(`/test_user/search?access_token=${live}`, 'POST')).toBe(405);
  });
});

test.describe('POST /v1/claims/{id}/actions/open_dispute', () => {
  test('an opened claim moves to mediation: 201 DISPUTE_CREATED, stage dispute; a second request is 400', async () => {
    const app = await startMock();
    const headers = { ...(await authHeaders(app)), 'content-type': 'application/json' };
    const response = await send(
      app,
      { method: 'POST', url: disputePath(SEEDED_IDS.claimId), headers, payload: '' },
      'mediation-response',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 201, message: 'DISPUTE_CREATED' });
    const claim = await send(app, { method: 'GET', url: claimPath(SEEDED_IDS.claimId), headers }, 'claim');
    expect(claim.json()).toMatchObject({ status: 'opened', stage: 'dispute' });
    const again = await send(app, {
      method: 'POST',
      url: disputePath(SEEDED_IDS.claimId),
      headers,
      payload: '',
    });
    expect(errorCodes(again)).toContain('INVALID_CLAIM_STATE');
  });

  test('a closed claim is 400, an unknown one 404, a non-numeric id 400', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const status = async (id: string) =>
      (await send(app, { method: 'POST', url: disputePath(id), headers })).statusCode;
    expect(await status(OTHER_SEEDED_IDS.closedClaimId)).toBe(400);
    expect(await status('1')).toBe(404);
    expect(await status('abc')).toBe(400);
  });
});

test.describe('DELETE /v2/wallet_connect/agreements/{id}', () => {
  test('cancels with 200 and no body; the agreement is gone, a second cancel is 404', async () => {
    const app = await startMock();
    const headers = { ...(await authHeaders(app)), 'x-platform-id': 'platform-123' };
    const url = `${agreementPath(SEEDED_IDS.agreementId)}?client.id=${SEEDED_IDS.clientId}`;
    const cancelled = await send(app, { method: 'DELETE', url, headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toBe('');
    expect((await send(app, { method: 'DELETE', url, headers })).statusCode).toBe(404);
  });

  test('a non-numeric client.id is 400; an unknown agreement 404', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const bad = await send(app, {
      method: 'DELETE',
      url: `${agreementPath(SEEDED_IDS.agreementId)}?client.id=abc`,
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect((await send(app, { method: 'DELETE', url: agreementPath('nope'), headers })).statusCode).toBe(404);
  });
});
