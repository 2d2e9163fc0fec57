/**
 * A mutant's killers as the gate reads them: each carries the rule its failure quotes as typed data, so the
 * gate counts the mutants killed on the very rule they break and shows such a failure first, never by
 * reading a message.
 */
import { expect, test } from '@playwright/test';
import type { Basis } from '../../../lib/basis.ts';
import type { TestRecord } from '../../../lib/results.ts';
import { failure } from '../../../run/typed-failure.ts';
import { killedOnItsRule, killersOf, ownRuleFirst } from '../../../scripts/mutation/verdicts.ts';

function failedOn(key: string, basis: Basis): TestRecord {
  const failures = [failure({ kind: 'status', basis, seen: 'answered 200' })];
  return { key, status: 'failed', failures } as Partial<TestRecord> as TestRecord;
}

const RECORDS = [
  failedOn('near rule', 'settlement-report-config.error.401-invalid-token'),
  failedOn('own rule', 'token.grant.validity-set-by-expires-in'),
];

test('the killers carry their rules, those quoting the mutant own rule first', () => {
  const killers = killersOf(RECORDS);
  expect(killers.map((k) => k.basis)).toEqual([
    'settlement-report-config.error.401-invalid-token',
    'token.grant.validity-set-by-expires-in',
  ]);
  const ordered = ownRuleFirst(killers, 'token.grant.validity-set-by-expires-in');
  expect(ordered.map((k) => k.test)).toEqual(['own rule', 'near rule']);
  expect(killedOnItsRule(killers, 'token.grant.validity-set-by-expires-in')).toBe(true);
  expect(killedOnItsRule(killers, 'limits.code-validity-10-minutes')).toBe(false);
});
