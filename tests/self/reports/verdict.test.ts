/**
 * The verdict's word on how much a passing run tested: a whole run with skipped tests says what share of
 * the testable requirements it exercised, and --min-exercised turns a share below its floor into exit 3
 * (NOT FULLY TESTED), never into a pass, while a deviation still wins over it.
 */
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import type { TestRecord } from '../../../lib/results.ts';
import type { BaselineOutcome } from '../../../reporting/baseline.ts';
import type { Coverage } from '../../../reporting/coverage.ts';
import { computeVerdict } from '../../../reporting/verdict.ts';

const record = (status: TestRecord['status']) =>
  ({ status, failures: [] }) as Partial<TestRecord> as TestRecord;
const NO_BASELINE: BaselineOutcome = { known: [], expired: [], unlisted: [], fixed: [] };
const deviating = {
  ...NO_BASELINE,
  unlisted: [{}] as BaselineOutcome['unlisted'],
};

/** A whole run's coverage: `exercised` of 200 testable requirements passed, the rest not exercised. */
function coverage(exercised: number): Coverage {
  return {
    totals: {
      requirements: 230,
      testable: 200,
      passed: exercised,
      failed: 0,
      'known deviation': 0,
      'not exercised': 200 - exercised,
      'not selected': 0,
      'no test': 0,
      untestable: 30,
      advice: 0,
    },
    rows: [],
  } as Partial<Coverage> as Coverage;
}

const RECORDS = [...Array.from({ length: 3 }, () => record('passed')), record('skipped')];

const CASES = [
  {
    case: 'a whole run with a skipped test, no floor',
    input: { records: RECORDS, coverage: coverage(150), baseline: NO_BASELINE, subset: false },
    exitCode: EXIT_CODES.conformant,
    headline: 'CONFORMANT',
    reason: '150 of 200 testable requirements exercised (75%); 1 test(s) skipped',
  },
  {
    case: 'a share above the floor',
    input: {
      records: RECORDS,
      coverage: coverage(150),
      baseline: NO_BASELINE,
      subset: false,
      minExercised: 75,
    },
    exitCode: EXIT_CODES.conformant,
    headline: 'CONFORMANT',
    reason: '150 of 200 testable requirements exercised (75%); 1 test(s) skipped',
  },
  {
    case: 'a share below the floor',
    input: {
      records: RECORDS,
      coverage: coverage(149),
      baseline: NO_BASELINE,
      subset: false,
      minExercised: 75,
    },
    exitCode: EXIT_CODES.untestable,
    headline: 'NOT FULLY TESTED',
    reason:
      '149 of 200 testable requirements exercised (74%), under --min-exercised 75%: 1 test(s) skipped for what the target lacks (see "Skipped, by reason")',
  },
  {
    case: 'a deviation below the floor',
    input: { records: RECORDS, coverage: coverage(10), baseline: deviating, subset: false, minExercised: 75 },
    exitCode: EXIT_CODES.deviations,
    headline: 'DEVIATIONS FOUND',
    reason: '1 deviation(s) from the spec',
  },
];

for (const { case: name, input, exitCode, headline, reason } of CASES) {
  test(`${name}: ${headline} (exit ${exitCode})`, () => {
    const verdict = computeVerdict(input);
    expect(verdict).toEqual({ exitCode, headline, reasons: [reason] });
  });
}

test('a whole run that skipped nothing adds no word on its share', () => {
  const verdict = computeVerdict({
    records: [record('passed')],
    coverage: coverage(200),
    baseline: NO_BASELINE,
    subset: false,
    minExercised: 100,
  });
  expect(verdict).toEqual({ exitCode: EXIT_CODES.conformant, headline: 'CONFORMANT', reasons: [] });
});
