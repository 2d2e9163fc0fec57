import { test } from '@playwright/test';
import { expect } from '../../../schemas/matchers.ts';
import { readExample } from './support.ts';

test('toMatchSchema passes a body that matches', () => {
  expect(readExample('store')).toMatchSchema('store');
});

test('toMatchSchema fails listing each violation with pointer, basis, rule and offending value', () => {
  const store = { ...readExample('store'), id: 30163646, name: undefined };
  let message = '';
  try {
    expect(store).toMatchSchema('store');
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain("2 violation(s) of schema 'store'");
  expect(message).toMatch(
    /\/id: must be string \[store\.id-string\]\n\s+rule: type at #\/properties\/id\/anyOf\/0\/type\n\s+value: 30163646/,
  );
  expect(message).toMatch(
    /\/name: required property is missing \[store\.fields-present\]\n\s+rule: required at #\/required\n\s+value: \(absent\)/,
  );
});

test('toMatchSchema takes a profile, and negates', () => {
  const store = { ...readExample('store'), id: 30163646 };
  expect(store).toMatchSchema('store', { profile: 'lenient' });
  expect(store).not.toMatchSchema('store');
  expect(() => expect(store).not.toMatchSchema('store', { profile: 'lenient' })).toThrow(/store-numeric-id/);
});

test('toMatchSchema passes a platform-only departure but under the platform profile, where it cites the fact', () => {
  const store = readExample('store');
  (store.location as Record<string, unknown>).latitude = 91;
  expect(store).toMatchSchema('store');
  expect(store).toMatchSchema('store', { profile: 'lenient' });
  expect(() => expect(store).toMatchSchema('store', { profile: 'platform' })).toThrow(
    /\/location\/latitude: must be <= 90 \[platform\.coordinates-in-range\]/,
  );
});
