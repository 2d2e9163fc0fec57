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
    allowances: ['token-type-capitalised'],
  });
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
    live_mode: 'false',
    date_created: null,
  };
  expect(validate('chargeback', chargeback, 'lenient').allowances).toEqual([
    'chargeback-amount-numeric-string',
    'chargeback-boolean-like-strings',
    'chargeback-null-timestamps',
  ]);
});
