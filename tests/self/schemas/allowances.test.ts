import { expect, test } from '@playwright/test';
import { validate } from '../../../schemas/registry.ts';
import { readExample } from './support.ts';

test('under strict, an allowance-only departure reports the strict rule alone, without the lenient branch', () => {
  const grant = { ...readExample('access-token-grant'), token_type: 'Bearer' };
  const outcome = validate('access-token-grant', grant, 'strict');
  expect(outcome.valid).toBe(false);
  expect(outcome.violations).toEqual([
    expect.objectContaining({ pointer: '/token_type', keyword: 'const', value: 'Bearer' }),
  ]);
  expect(outcome.allowances).toEqual([]);
});

test('under lenient, the same departure passes and names the allowance it needed', () => {
  const grant = { ...readExample('access-token-grant'), token_type: 'Bearer' };
  expect(validate('access-token-grant', grant, 'lenient')).toEqual({
    valid: true,
    violations: [],
    advice: [],
    allowances: ['token-type-capitalised'],
  });
});

test('under platform, the allowances apply as under lenient and are named the same way', () => {
  const grant = { ...readExample('access-token-grant'), token_type: 'Bearer' };
  const outcome = validate('access-token-grant', grant, 'platform');
  expect(outcome.valid).toBe(true);
  expect(outcome.allowances).toEqual(['token-type-capitalised']);
});

test('lenient reports only the allowances actually needed, not every branch it tried', () => {
  const grant = readExample('access-token-grant');
  delete grant.user_id;
  expect(validate('access-token-grant', grant, 'lenient').allowances).toEqual([
    'grant-without-account-fields',
  ]);
  expect(validate('access-token-grant', readExample('access-token-grant'), 'lenient').allowances).toEqual([]);
});

test('lenient still rejects what no allowance covers, and then reports no allowances', () => {
  const grant = { ...readExample('access-token-grant'), token_type: 'BEARER' };
  const outcome = validate('access-token-grant', grant, 'lenient');
  expect(outcome.valid).toBe(false);
  expect(outcome.allowances).toEqual([]);
  expect(outcome.violations).toContainEqual(expect.objectContaining({ pointer: '/token_type' }));
});

test('request side: the spec note spellings (name/surname, "registration date") are lenient allowances', () => {
  const preference = readExample('preference-request-retail');
  const payer = preference.payer as Record<string, unknown>;
  payer.name = payer.first_name;
  payer.surname = payer.last_name;
  payer['registration date'] = payer.registration_date;
  delete payer.first_name;
  delete payer.last_name;
  delete payer.registration_date;

  const strict = validate('preference-request-retail', preference, 'strict');
  expect(strict.valid).toBe(false);
  expect(strict.violations).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ pointer: '/payer/first_name', keyword: 'required' }),
      expect.objectContaining({ pointer: '/payer/name', keyword: 'x-allowance' }),
      expect.objectContaining({ pointer: '/payer/registration date', keyword: 'x-allowance' }),
    ]),
  );
  expect(validate('preference-request-retail', preference, 'lenient').allowances).toEqual([
    'payer-name-surname-spelling',
    'payer-registration-date-spelling',
  ]);
});

test('a chargeback may need several allowances at once, each named once', () => {
  const chargeback = {
    ...readExample('chargeback'),
    amount: '12.30',
    live_mode: null,
    coverage_applied: null,
    date_created: null,
  };
  expect(validate('chargeback', chargeback, 'strict').valid).toBe(false);
  expect(validate('chargeback', chargeback, 'lenient').allowances).toEqual([
    'chargeback-amount-numeric-string',
    'chargeback-null-flags',
    'chargeback-null-timestamps',
  ]);
});

test('an allowance inside a platform fact is named when it excuses that fact, under lenient and platform', () => {
  const chargeback = { ...readExample('chargeback'), payments: [{}] };
  expect(validate('chargeback', chargeback, 'strict')).toEqual(
    expect.objectContaining({
      valid: true,
      advice: expect.arrayContaining([
        expect.objectContaining({ pointer: '/payments/0', basis: 'platform.identifiers-integers' }),
      ]),
      allowances: [],
    }),
  );
  for (const profile of ['lenient', 'platform'] as const) {
    const outcome = validate('chargeback', chargeback, profile);
    expect(outcome.valid, profile).toBe(true);
    expect(outcome.advice, profile).toEqual([]);
    expect(outcome.allowances, profile).toEqual(['chargeback-payment-objects']);
  }
});

test("a boolean-like string is the spec's own wording, so no allowance: advice under lenient, a failure under platform", () => {
  const chargeback = { ...readExample('chargeback'), live_mode: 'false' };
  const lenient = validate('chargeback', chargeback, 'lenient');
  expect(lenient.valid).toBe(true);
  expect(lenient.allowances).toEqual([]);
  expect(lenient.advice).toEqual([
    expect.objectContaining({ pointer: '/live_mode', basis: 'platform.chargeback-flags-boolean' }),
  ]);
  const platform = validate('chargeback', chargeback, 'platform');
  expect(platform.valid).toBe(false);
  expect(platform.violations.map((v) => v.basis)).toEqual(['platform.chargeback-flags-boolean']);
});

test('an enabled allowance branch that fails on its own adds nothing to the strict rule it sits beside', () => {
  const chargeback = { ...readExample('chargeback'), amount: true };
  for (const profile of ['strict', 'lenient', 'platform'] as const) {
    const outcome = validate('chargeback', chargeback, profile);
    expect(
      outcome.violations.map((v) => `${v.pointer} ${v.keyword} ${v.basis}`),
      profile,
    ).toEqual(['/amount type chargeback.amount-number']);
  }
});
