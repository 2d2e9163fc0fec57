import { test } from '@playwright/test';
import { MESSAGES } from '../../../mock/errors.ts';
import { CONTROL_PATHS } from '../../../mock/routes/control.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { DEFAULT_EXPIRES_IN } from '../../../lib/catalogue.ts';
import {
  advanceClock,
  authHeaders,
  authorizationCode,
  expect,
  SEEDED_CLIENT,
  send,
  startMock,
} from './support.ts';

test.describe('control routes', () => {
  test('POST /__control/clock moves the mock clock (a code ages past its 10 minutes)', async () => {
    const app = await startMock({ startTime: Date.UTC(2025, 0, 15, 12, 0, 0) });
    const before = await send(app, {
      method: 'POST',
      url: CONTROL_PATHS.clock,
      payload: { advance_seconds: 0 },
    });
    const after = await send(app, {
      method: 'POST',
      url: CONTROL_PATHS.clock,
      payload: { advance_seconds: 86_400 },
    });
    expect(before.json<{ now: string }>().now).toMatch(/^2025-01-15T/);
    expect(after.json<{ now: string }>().now).toMatch(/^2025-01-16T/);
  });

  test('POST /__control/clock refuses a negative, missing or non-numeric advance', async () => {
    const app = await startMock();
    for (const payload of [{ advance_seconds: -1 }, {}, { advance_seconds: '5' }]) {
      const response = await send(app, { method: 'POST', url: CONTROL_PATHS.clock, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.invalidAdvance });
    }
  });

  test('POST /__control/clock with credentials ages those codes and tokens only', async () => {
    const app = await startMock();
    const aged = await authHeaders(app);
    const other = await authHeaders(app);
    const code = await authorizationCode(app);
    const otherCode = await authorizationCode(app);
    const used = await authorizationCode(app);
    await send(app, {
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'authorization_code', ...SEEDED_CLIENT, code: used },
    });
    const token = aged.authorization!.replace('Bearer ', '');
    const response = await send(app, {
      method: 'POST',
      url: CONTROL_PATHS.clock,
      payload: { advance_seconds: DEFAULT_EXPIRES_IN, credentials: [token, code, used] },
    });
    expect(response.statusCode).toBe(200);
    // The used code is gone: nothing is left of it to age.
    expect(response.json()).toEqual({ aged: 2, unknown: 1 });
    const read = (headers: Record<string, string>) =>
      send(app, { method: 'GET', url: '/v1/account/settlement_report/config', headers });
    expect((await read(aged)).statusCode).toBe(401);
    expect((await read(other)).statusCode).toBe(200);
    const exchange = (value: string) =>
      send(app, {
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'authorization_code', ...SEEDED_CLIENT, code: value },
      });
    expect((await exchange(code)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(otherCode)).statusCode).toBe(200);
  });

  test('POST /__control/clock refuses credentials that are not a list of strings', async () => {
    const app = await startMock();
    for (const credentials of ['TEST-1', [1], {}]) {
      const response = await send(app, {
        method: 'POST',
        url: CONTROL_PATHS.clock,
        payload: { advance_seconds: 1, credentials },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.invalidCredentials });
    }
  });

  test('POST /__control/fixtures creates an agreement that can be cancelled once', async () => {
    const app = await startMock();
    const created = await send(app, {
      method: 'POST',
      url: CONTROL_PATHS.fixtures,
      payload: { kind: 'agreement' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(id).not.toBe(SEEDED_IDS.agreementId);
    const headers = await authHeaders(app);
    const url = `/v2/wallet_connect/agreements/${id}`;
    expect((await send(app, { method: 'DELETE', url, headers })).statusCode).toBe(200);
    expect((await send(app, { method: 'DELETE', url, headers })).statusCode).toBe(404);
  });

  test('POST /__control/fixtures creates an opened claim whose dispute can be opened', async () => {
    const app = await startMock();
    const created = await send(app, {
      method: 'POST',
      url: CONTROL_PATHS.fixtures,
      payload: { kind: 'claim' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const headers = await authHeaders(app);
    const claim = await send(app, { method: 'GET', url: `/post-purchase/v1/claims/${id}`, headers }, 'claim');
    expect(claim.json()).toMatchObject({ id, status: 'opened', stage: 'claim' });
    const dispute = await send(
      app,
      { method: 'POST', url: `/v1/claims/${id}/actions/open_dispute`, headers },
      'mediation-response',
    );
    expect(dispute.statusCode).toBe(201);
  });

  test('POST /__control/fixtures refuses an unknown kind', async () => {
    const app = await startMock();
    for (const payload of [{ kind: 'payment' }, {}]) {
      expect((await send(app, { method: 'POST', url: CONTROL_PATHS.fixtures, payload })).statusCode).toBe(
        400,
      );
    }
  });

  test('POST /__control/reset restores the seed: agreement back, scheduled false, claim opened, tokens gone', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    await send(app, {
      method: 'DELETE',
      url: `/v2/wallet_connect/agreements/${SEEDED_IDS.agreementId}`,
      headers,
    });
    await send(app, { method: 'POST', url: '/v1/account/release_report/schedule', headers });
    await send(app, {
      method: 'POST',
      url: `/v1/claims/${SEEDED_IDS.claimId}/actions/open_dispute`,
      headers,
    });
    await advanceClock(app, 3600);
    expect((await send(app, { method: 'POST', url: CONTROL_PATHS.reset })).statusCode).toBe(200);

    expect((await send(app, { method: 'GET', url: '/stores/1', headers })).statusCode).toBe(401);
    const fresh = await authHeaders(app);
    const config = await send(app, {
      method: 'GET',
      url: '/v1/account/settlement_report/config',
      headers: fresh,
    });
    expect(config.json()).toMatchObject({ scheduled: false });
    const claim = await send(app, {
      method: 'GET',
      url: `/post-purchase/v1/claims/${SEEDED_IDS.claimId}`,
      headers: fresh,
    });
    expect(claim.json()).toMatchObject({ stage: 'claim' });
    const cancel = await send(app, {
      method: 'DELETE',
      url: `/v2/wallet_connect/agreements/${SEEDED_IDS.agreementId}`,
      headers: fresh,
    });
    expect(cancel.statusCode).toBe(200);
  });

  test('with control off, the control routes are 404', async () => {
    const app = await startMock({ control: false });
    for (const url of Object.values(CONTROL_PATHS)) {
      const response = await send(app, {
        method: 'POST',
        url,
        payload: { kind: 'claim', advance_seconds: 1 },
      });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
