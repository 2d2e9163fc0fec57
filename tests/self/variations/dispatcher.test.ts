/**
 * The one dispatcher (mock/variations/apply.ts) carries out each kind of effect, and only where the
 * effect says: the endpoint(s) it names, the rules it sets, the ids it seeds. One variation per kind is
 * run through `inject()`; the rules and ids of every variation are compared with the faithful mock's.
 */
import type { InjectOptions } from 'fastify';
import { test } from '@playwright/test';
import { buildPreference } from '../../../factories/preference.ts';
import { INJECTED_HEADER } from '../../../mock/faults.ts';
import { FAITHFUL_RULES } from '../../../mock/rules.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { applyVariation } from '../../../mock/variations/apply.ts';
import {
  ALL_MUTANTS,
  ALL_VARIANTS,
  mutantByName,
  variantByName,
  type Variation,
} from '../../../mock/variations/catalogue.ts';
import type { EffectKind } from '../../../mock/variations/effects.ts';
import { authHeaders, expect, SEEDED_CLIENT, startMock, type Mock } from '../mock/support.ts';

const EFFECT_KINDS: readonly EffectKind[] = [
  'rewrite-response',
  'refuse-request',
  'weaken-authentication',
  'ignore-prefer',
  'set-rules',
  'set-seeded-ids',
];
const ALL_VARIATIONS: readonly Variation[] = [...ALL_MUTANTS, ...ALL_VARIANTS];

/** The variation, checked to carry an effect of `kind`, so the test below proves what its title says. */
function carrying(kind: EffectKind, variation: Variation): Variation {
  expect(
    variation.effects.map((e) => e.kind),
    `${variation.name} has a ${kind} effect`,
  ).toContain(kind);
  return variation;
}

async function mockOf(variation: Variation): Promise<Mock> {
  return startMock({ variation: { type: variation.type, name: variation.name } });
}

async function withToken(app: Mock, request: InjectOptions): Promise<InjectOptions> {
  return { ...request, headers: { ...(await authHeaders(app)), ...request.headers } };
}

const causeOf = (body: string) => (JSON.parse(body) as { cause?: unknown }).cause;
const statusOf = (body: string) => (JSON.parse(body) as { status?: unknown }).status;

test('every effect kind is used by some variation', () => {
  const used = new Set(ALL_VARIATIONS.flatMap((v) => v.effects.map((e) => e.kind)));
  expect(EFFECT_KINDS.filter((kind) => !used.has(kind))).toEqual([]);
});

test('rewrite-response: rewrites the answers of its endpoint only', async () => {
  const mutant = carrying('rewrite-response', mutantByName('subscription-plan-error-status-string'));
  const app = await mockOf(mutant);
  const unknownPlan = await app.inject(
    await withToken(app, { method: 'GET', url: '/preapproval_plan/nope' }),
  );
  expect(unknownPlan.statusCode).toBe(404);
  expect(statusOf(unknownPlan.body)).toBe('404');
  const unknownChargeback = await app.inject(
    await withToken(app, { method: 'GET', url: '/v1/chargebacks/1' }),
  );
  expect(unknownChargeback.statusCode).toBe(404);
  expect(statusOf(unknownChargeback.body)).toBe(404);
  const noToken = await app.inject({ method: 'GET', url: `/stores/${SEEDED_IDS.storeId}` });
  expect(noToken.statusCode).toBe(401);
  expect(statusOf(noToken.body)).toBe(401);
});

test('rewrite-response on every endpoint: rewrites the answers of all of them', async () => {
  const variant = carrying('rewrite-response', variantByName('minimal-error-bodies'));
  const app = await mockOf(variant);
  const answers = [
    await app.inject({ method: 'GET', url: `/stores/${SEEDED_IDS.storeId}` }),
    await app.inject({ method: 'GET', url: `/v1/chargebacks/${SEEDED_IDS.chargebackId}` }),
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: SEEDED_CLIENT.client_id },
    }),
  ];
  for (const answer of answers) {
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(causeOf(answer.body)).toBeUndefined();
  }
});

test('refuse-request: refuses requests to its endpoint only', async () => {
  const mutant = carrying('refuse-request', mutantByName('preference-requires-shipments'));
  const app = await mockOf(mutant);
  const withoutShipments = buildPreference('apps-platforms');
  expect(withoutShipments.shipments).toBeUndefined();
  const refused = await app.inject(
    await withToken(app, { method: 'POST', url: '/checkout/preferences', payload: withoutShipments }),
  );
  expect(refused.statusCode).toBe(400);
  const accepted = await app.inject(
    await withToken(app, {
      method: 'POST',
      url: '/checkout/preferences',
      payload: buildPreference('retail'),
    }),
  );
  expect(accepted.statusCode).toBe(201);
  // Other endpoints' bodies have no shipments either; the refusal is not theirs.
  const token = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'client_credentials', ...SEEDED_CLIENT },
  });
  expect(token.statusCode).toBe(200);
  const schedule = await app.inject(
    await withToken(app, { method: 'POST', url: '/v1/account/release_report/schedule' }),
  );
  expect(schedule.statusCode).toBe(200);
});

test('weaken-authentication: lets requests without a token through on its endpoint only', async () => {
  const none = carrying('weaken-authentication', mutantByName('store-no-auth'));
  const app = await mockOf(none);
  expect((await app.inject({ method: 'GET', url: `/stores/${SEEDED_IDS.storeId}` })).statusCode).toBe(200);
  expect(
    (await app.inject({ method: 'GET', url: `/v1/chargebacks/${SEEDED_IDS.chargebackId}` })).statusCode,
  ).toBe(401);
});

test('weaken-authentication to presence: takes any token on its endpoint only, still not none', async () => {
  const presence = carrying('weaken-authentication', mutantByName('claim-unknown-token-accepted'));
  const app = await mockOf(presence);
  const unknown = { authorization: 'Bearer APP_USR-1-010101-00-1' };
  const claim = `/post-purchase/v1/claims/${SEEDED_IDS.claimId}`;
  expect((await app.inject({ method: 'GET', url: claim, headers: unknown })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: claim })).statusCode).toBe(401);
  const store = `/stores/${SEEDED_IDS.storeId}`;
  expect((await app.inject({ method: 'GET', url: store, headers: unknown })).statusCode).toBe(401);
});

test('ignore-prefer: ignores the fault header on its endpoint only', async () => {
  const mutant = carrying('ignore-prefer', mutantByName('subscription-plan-prefer-ignored'));
  const app = await mockOf(mutant);
  const prefer = { prefer: 'code=500' };
  const plan = await app.inject(
    await withToken(app, { method: 'GET', url: `/preapproval_plan/${SEEDED_IDS.planId}`, headers: prefer }),
  );
  expect(plan.statusCode).toBe(200);
  const agreement = await app.inject(
    await withToken(app, {
      method: 'DELETE',
      url: `/v2/wallet_connect/agreements/${SEEDED_IDS.agreementId}`,
      headers: prefer,
    }),
  );
  expect(agreement.statusCode).toBe(500);
  expect(agreement.headers[INJECTED_HEADER]).toBe('true');
});

test('set-rules: the routes follow the rules it sets', async () => {
  const mutant = carrying('set-rules', mutantByName('chargeback-by-payment-id-unsupported'));
  const app = await mockOf(mutant);
  const byPayment = await app.inject(
    await withToken(app, { method: 'GET', url: `/v1/chargebacks/${SEEDED_IDS.chargebackPaymentId}` }),
  );
  expect(byPayment.statusCode).toBe(404);
  const byId = await app.inject(
    await withToken(app, { method: 'GET', url: `/v1/chargebacks/${SEEDED_IDS.chargebackId}` }),
  );
  expect(byId.statusCode).toBe(200);
  const faithful = await startMock();
  const faithfulByPayment = await faithful.inject(
    await withToken(faithful, { method: 'GET', url: `/v1/chargebacks/${SEEDED_IDS.chargebackPaymentId}` }),
  );
  expect(faithfulByPayment.statusCode).toBe(200);
});

test('set-rules: every variation changes exactly the rules it names, the others stay faithful', () => {
  for (const variation of ALL_VARIATIONS) {
    const named = Object.assign(
      {},
      ...variation.effects.flatMap((e) => (e.kind === 'set-rules' ? [e.rules] : [])),
    ) as Record<string, unknown>;
    expect(applyVariation(variation).rules, variation.name).toEqual({ ...FAITHFUL_RULES, ...named });
  }
});

test('set-seeded-ids: resources are served under the ids it seeds, the other ids unchanged', async () => {
  const variant = carrying('set-seeded-ids', variantByName('other-id-formats'));
  const seeded = applyVariation(variant).seededIds;
  expect(seeded.planId).not.toBe(SEEDED_IDS.planId);
  expect(seeded.storeId).toBe(SEEDED_IDS.storeId);
  const app = await mockOf(variant);
  const plan = (id: string) => withToken(app, { method: 'GET', url: `/preapproval_plan/${id}` });
  expect((await app.inject(await plan(seeded.planId))).statusCode).toBe(200);
  expect((await app.inject(await plan(SEEDED_IDS.planId))).statusCode).toBe(404);
  const store = await app.inject(await withToken(app, { method: 'GET', url: `/stores/${seeded.storeId}` }));
  expect(store.statusCode).toBe(200);
});

test('set-seeded-ids: every variation seeds exactly the ids it names, the others stay the faithful ones', () => {
  for (const variation of ALL_VARIATIONS) {
    const named = Object.assign(
      {},
      ...variation.effects.flatMap((e) => (e.kind === 'set-seeded-ids' ? [e.ids] : [])),
    ) as Record<string, unknown>;
    expect(applyVariation(variation).seededIds, variation.name).toEqual({ ...SEEDED_IDS, ...named });
  }
});

test('the faithful mock applies no effect', () => {
  const faithful = applyVariation(undefined);
  expect(faithful.rules).toEqual(FAITHFUL_RULES);
  expect(faithful.seededIds).toEqual(SEEDED_IDS);
  expect(faithful.bearerEnforcement('store')).toBe('full');
  expect(faithful.ignoresPrefer('store')).toBe(false);
});
