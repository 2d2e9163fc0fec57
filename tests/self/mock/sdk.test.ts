/**
 * The real client: the official Node SDK (`mercadopago` v3) against the mock listening on loopback.
 * The SDK has no base-URL option; its static AppConfig.BASE_URL is pointed at the mock for this file.
 */
import { test } from '@playwright/test';
import {
  Chargeback,
  MercadoPagoConfig,
  MPAuthenticationError,
  OAuth,
  PreApprovalPlan,
  Preference,
} from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { buildPreference } from '../../../factories/preference.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { authorizationCode, expect, startMock, type Mock } from './support.ts';

let app: Mock;
const originalBaseUrl = AppConfig.BASE_URL;
/** Declared readonly in the SDK's types, but a plain static the RestClient reads on every call. */
const sdkConfig = AppConfig as { BASE_URL: string };

test.beforeAll(async () => {
  app = await startMock();
  sdkConfig.BASE_URL = await app.listen({ host: '127.0.0.1', port: 0 });
});

test.afterAll(async () => {
  sdkConfig.BASE_URL = originalBaseUrl;
  await app.close();
});

test('OAuth.create, OAuth.refresh, Preference.create, PreApprovalPlan.get and Chargeback.get work through the SDK', async () => {
  // The SDK sends this token as Authorization on /oauth/token too; the token endpoint ignores it.
  const oauth = new OAuth(new MercadoPagoConfig({ accessToken: 'APP_USR-placeholder-for-oauth' }));
  const created = await oauth.create({
    body: {
      client_id: SEEDED_IDS.clientId,
      client_secret: SEEDED_IDS.clientSecret,
      code: await authorizationCode(app),
      redirect_uri: SEEDED_IDS.redirectUri,
    },
  });
  expect(created.access_token).toMatch(/^APP_USR-/);
  expect(created.refresh_token).toMatch(/^TG-/);

  const refreshed = await oauth.refresh({
    body: {
      client_id: SEEDED_IDS.clientId,
      client_secret: SEEDED_IDS.clientSecret,
      refresh_token: created.refresh_token!,
    },
  });
  expect(refreshed.access_token).toMatch(/^APP_USR-/);
  expect(refreshed.access_token).not.toBe(created.access_token);

  const config = new MercadoPagoConfig({ accessToken: refreshed.access_token! });
  const request = buildPreference('retail', { seed: 11 });
  const preference = await new Preference(config).create({
    body: request as Parameters<Preference['create']>[0]['body'],
  });
  expect(preference.id).toMatch(new RegExp(`^${String(preference.collector_id)}-`));
  expect(preference.init_point).toContain(String(preference.id));
  expect(preference.items).toHaveLength(request.items!.length);
  expect(preference.api_response.status).toBe(201);

  const plan = await new PreApprovalPlan(config).get({ preApprovalPlanId: SEEDED_IDS.planId });
  expect(plan.id).toBe(SEEDED_IDS.planId);
  expect(plan.status).toBe('active');

  const byId = await new Chargeback(config).get({ id: SEEDED_IDS.chargebackId });
  expect(byId.id).toBe(SEEDED_IDS.chargebackId);
  const byPayment = await new Chargeback(config).get({ id: SEEDED_IDS.chargebackPaymentId });
  expect(byPayment.id).toBe(SEEDED_IDS.chargebackId);
});

test('an SDK call with an unknown token is rejected with the platform error shape', async () => {
  const config = new MercadoPagoConfig({ accessToken: 'APP_USR-unknown', options: { maxRetries: 0 } });
  const failure: unknown = await new PreApprovalPlan(config)
    .get({ preApprovalPlanId: SEEDED_IDS.planId })
    .catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(MPAuthenticationError);
  expect(failure).toMatchObject({ status: 401, error: 'unauthorized' });
});
