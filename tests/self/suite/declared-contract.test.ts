/**
 * tests/support/declared-contract.ts: a fixture that takes what the target may not supply holds its test
 * to the declaration, whatever the test then does; a declared resource no fixture borrowed is a mistake
 * too. These self-tests declare themselves with the tags a conformance test's declaration makes.
 */
import { expect, test } from '@playwright/test';
import {
  CONTRACT_FIXTURES,
  declaredButUnused,
  READS_ACCOUNT_IDS,
  takeAccountIds,
  takeFromContract,
  UNDECLARED_NEED,
  UNDECLARED_USE,
} from '../../support/declared-contract.ts';
import { USES } from '../../support/declare.ts';
import { MADE_UP_IDS_TAG } from '../../../lib/catalogue.ts';

test('a borrowing fixture passes when the test declares the resource', { tag: '@uses-claim' }, () => {
  takeFromContract('freshClaim');
  expect(declaredButUnused(test.info())).toEqual([]);
});

test('a borrowing fixture stops a test that does not declare the resource', () => {
  expect(() => takeFromContract('freshAgreement')).toThrow(UNDECLARED_USE('freshAgreement', 'agreement'));
});

test('an ability fixture stops a test that does not declare the ability', { tag: '@uses-claim' }, () => {
  expect(() => takeFromContract('ageCredentials')).toThrow(UNDECLARED_NEED('ageCredentials', 'clock'));
  takeFromContract('freshClaim');
});

test('an ability fixture passes when the test declares the ability', { tag: '@needs-clock' }, () => {
  takeFromContract('ageCredentials');
  expect(declaredButUnused(test.info())).toEqual([]);
});

test(
  'a resource declared but borrowed by no fixture is named',
  { tag: ['@uses-claim', '@uses-auth-code'] },
  () => {
    takeFromContract('authorizationCode');
    expect(declaredButUnused(test.info())).toEqual(['claim']);
  },
);

test('the account ids pass a test that does not declare made-up ids only', () => {
  expect(() => takeAccountIds()).not.toThrow();
});

test('the account ids stop a test that declares made-up ids only', { tag: '@made-up-ids' }, () => {
  expect(test.info().tags, 'the tag a declaration of made-up ids makes').toContain(MADE_UP_IDS_TAG);
  expect(() => takeAccountIds()).toThrow(READS_ACCOUNT_IDS);
});

test('every use a declaration can name has a fixture that borrows it', () => {
  const borrowed = Object.values(CONTRACT_FIXTURES).flatMap((takes) => ('uses' in takes ? [takes.uses] : []));
  expect(new Set(borrowed)).toEqual(new Set(USES));
});
