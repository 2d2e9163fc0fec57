import { expect, test } from '@playwright/test';
import { INDUSTRIES } from '../../../lib/catalogue.ts';
import { buildPreference } from '../../../factories/preference.ts';
import { buildTokenRequest, GRANT_TYPES } from '../../../factories/token-request.ts';

const REFERENCE_DATE = Date.UTC(2031, 0, 1);

test('the same seed gives the same preference, whatever was built in between', () => {
  for (const industry of INDUSTRIES) {
    const first = buildPreference(industry, { seed: 42 });
    for (const other of INDUSTRIES) buildPreference(other, { seed: 7 });
    expect(buildPreference(industry, { seed: 42 })).toEqual(first);
  }
});

test('different seeds give different preferences', () => {
  for (const industry of INDUSTRIES) {
    const documents = new Set(
      [1, 2, 3, 4, 5].map((seed) => JSON.stringify(buildPreference(industry, { seed }))),
    );
    expect(documents.size).toBe(5);
  }
});

test('a call without a seed is deterministic too', () => {
  expect(buildPreference('retail')).toEqual(buildPreference('retail'));
  expect(buildTokenRequest('client_credentials')).toEqual(buildTokenRequest('client_credentials'));
});

test('dates follow the reference date and nothing else', () => {
  const pinned = buildPreference('tourism', { seed: 11, referenceDate: REFERENCE_DATE });
  expect(buildPreference('tourism', { seed: 11, referenceDate: REFERENCE_DATE })).toEqual(pinned);
  expect(Date.parse(pinned.date_of_expiration ?? '')).toBeGreaterThan(REFERENCE_DATE);
  expect(Date.parse(pinned.payer?.last_purchase ?? '')).toBeLessThan(REFERENCE_DATE);
  const later = buildPreference('tourism', { seed: 11, referenceDate: REFERENCE_DATE + 365 * 86_400_000 });
  expect(later.date_of_expiration).not.toBe(pinned.date_of_expiration);
  expect(later.items).not.toEqual(pinned.items);
});

test('overrides win, merge deeply, and undefined removes a field', () => {
  const base = buildPreference('electro', { seed: 3 });
  const overridden = buildPreference('electro', {
    seed: 3,
    overrides: {
      external_reference: 'ORDER-FIXED',
      payer: { phone: { area_code: 99 }, is_prime_user: undefined },
      items: [{ quantity: 7 }],
    },
  });
  expect(overridden.external_reference).toBe('ORDER-FIXED');
  expect(overridden.payer?.phone).toEqual({ ...base.payer?.phone, area_code: 99 });
  expect(overridden.payer).not.toHaveProperty('is_prime_user');
  expect(overridden.items?.[0]).toEqual({ ...base.items?.[0], quantity: 7 });
  expect(overridden.items?.slice(1)).toEqual(base.items?.slice(1));
  expect({
    ...overridden,
    external_reference: base.external_reference,
    payer: base.payer,
    items: base.items,
  }).toEqual(base);
});

test('overrides do not leak into later builds', () => {
  const before = buildPreference('retail', { seed: 4 });
  buildPreference('retail', { seed: 4, overrides: { payer: { first_name: 'Changed' } } });
  expect(buildPreference('retail', { seed: 4 })).toEqual(before);
});

test('token requests: same seed same body, different seeds differ, overrides win', () => {
  for (const grantType of GRANT_TYPES) {
    expect(buildTokenRequest(grantType, { seed: 5 })).toEqual(buildTokenRequest(grantType, { seed: 5 }));
    expect(buildTokenRequest(grantType, { seed: 5 })).not.toEqual(buildTokenRequest(grantType, { seed: 6 }));
    expect(buildTokenRequest(grantType, { seed: 5, overrides: { client_id: 'x' } }).client_id).toBe('x');
  }
});
