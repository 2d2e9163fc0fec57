/**
 * Answers in the forms the platform's official OpenAPI documents where they depart from the spec: each
 * fails strict on the spec's rule and passes lenient under the allowance that names it (lib/allowances.ts
 * `openapi` says where the OpenAPI shows the form). The bodies are the project's examples with only the
 * documented departure made, so each case shows exactly the allowance it needs.
 */
import { expect, test } from '@playwright/test';
import type { SchemaName } from '../../../lib/catalogue.ts';
import { ALLOWANCES, type AllowanceName } from '../../../lib/allowances.ts';
import { validate } from '../../../schemas/registry.ts';
import { readExample } from './support.ts';

type Body = Record<string, unknown>;

interface OpenApiForm {
  schema: SchemaName;
  /** The departure, made on a copy of the schema's example. */
  depart: (body: Body) => void;
  /** The spec's rule strict names, by the pointer of its violation. */
  strictPointer: string;
  allowances: AllowanceName[];
}

const players = (claim: Body) => claim.players as Body[];

const FORMS: Record<string, OpenApiForm> = {
  'a claim without the fields the OpenAPI does not list': {
    schema: 'claim',
    depart: (claim) => {
      for (const field of ['resource_id', 'parent_id', 'fulfilled', 'quantity_type', 'site_id'])
        delete claim[field];
      for (const player of players(claim)) delete player.type;
    },
    strictPointer: '/resource_id',
    allowances: ['claim-missing-fields'],
  },
  'a cancelled claim': {
    schema: 'claim',
    depart: (claim) => (claim.status = 'cancelled'),
    strictPointer: '/status',
    allowances: ['claim-status-cancelled'],
  },
  'a claim the seller opened': {
    schema: 'claim',
    depart: (claim) => (claim.type = 'claims'),
    strictPointer: '/type',
    allowances: ['claim-type-claims'],
  },
  "a claim whose players' actions are names": {
    schema: 'claim',
    depart: (claim) => {
      for (const player of players(claim))
        player.available_actions = (player.available_actions as Body[]).map((a) => a.action);
    },
    strictPointer: '/players/0/available_actions/0',
    allowances: ['claim-actions-as-strings'],
  },
  'a claim reason as id, description and type': {
    schema: 'claim-reason',
    depart: (reason) => {
      for (const field of ['flow', 'name', 'detail', 'position', 'filter', 'settings']) delete reason[field];
      Object.assign(reason, { id: 'PNR', description: 'Product not received', type: 'mediations' });
    },
    strictPointer: '/flow',
    allowances: ['claim-reason-description-shape'],
  },
  'a store created at date_created': {
    schema: 'store',
    depart: (store) => {
      store.date_created = store.date_creation;
      delete store.date_creation;
    },
    strictPointer: '/date_creation',
    allowances: ['store-date-created-spelling'],
  },
  "a store's address in parts": {
    schema: 'store',
    depart: (store) => {
      const { latitude, longitude } = store.location as Body;
      store.location = {
        street_name: 'Rua Ângelo Piva',
        street_number: '120',
        city_name: 'Osasco',
        latitude,
        longitude,
      };
    },
    strictPointer: '/location/address_line',
    allowances: ['store-location-address-parts'],
  },
  "a chargeback's documentation as an object, without live_mode": {
    schema: 'chargeback',
    depart: (chargeback) => {
      chargeback.documentation = {};
      delete chargeback.live_mode;
    },
    strictPointer: '/documentation',
    allowances: ['chargeback-documentation-object', 'chargeback-without-live-mode'],
  },
  'a plan without an end': {
    schema: 'subscription-plan',
    depart: (plan) => ((plan.auto_recurring as Body).repetitions = null),
    strictPointer: '/auto_recurring/repetitions',
    allowances: ['plan-repetitions-null'],
  },
};

for (const [name, form] of Object.entries(FORMS)) {
  test(`${name}: strict fails it on the spec's rule, lenient names ${form.allowances.join(' and ')}`, () => {
    const body = readExample(form.schema);
    expect(validate(form.schema, body, 'strict').valid, 'the example itself').toBe(true);
    form.depart(body);
    const strict = validate(form.schema, body, 'strict');
    expect(strict.valid).toBe(false);
    expect(strict.violations.map((v) => v.pointer)).toContain(form.strictPointer);
    expect(strict.violations.every((v) => v.basis !== undefined)).toBe(true);
    for (const profile of ['lenient', 'platform'] as const) {
      const outcome = validate(form.schema, body, profile);
      expect(outcome.violations, profile).toEqual([]);
      expect(outcome.allowances, profile).toEqual(form.allowances);
    }
  });
}

test('every allowance no reference sample shows says where the OpenAPI documents it, or is a spec note', () => {
  const unsourced = Object.entries(ALLOWANCES)
    .filter(([, a]) => a.kind === 'schema' && a.samples.length === 0 && !('openapi' in a))
    .map(([name, a]) => `${name}: ${a.description}`);
  expect(unsourced.every((line) => line.includes('(spec note)'))).toBe(true);
});

test("the platform's string forms of the preference's phone and street numbers are no platform fact broken", () => {
  const preference = readExample('preference');
  const payer = preference.payer as Body;
  payer.phone = { area_code: '11', number: '40041234' };
  payer.address = { zip_code: '01310-200', street_name: 'Av. Paulista', street_number: '1000' };
  const outcome = validate('preference', preference, 'platform');
  expect(outcome.violations).toEqual([]);
  expect(outcome.advice).toEqual([]);
});

test("an error body without cause[] is the platform's documented shape: no advice", () => {
  const outcome = validate(
    'error',
    { status: 429, error: 'local_rate_limited', message: 'Too many requests' },
    'platform',
  );
  expect(outcome).toEqual(expect.objectContaining({ valid: true, advice: [], violations: [] }));
});
