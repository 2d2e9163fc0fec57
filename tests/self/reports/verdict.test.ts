/**
 * The verdict's word on how much a passing run tested: a whole run with skipped tests says what share of
 * the testable requirements it exercised, --min-exercised turns a share below its floor into exit 3 (NOT
 * FULLY TESTED), never into a pass, and so does a test runner that stopped before its end; a deviation
 * still wins over both. An interrupted run (Ctrl-C) says so first, with what it found before.
 */
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import type { TestRecord } from '../../../lib/results.ts';
import type { BaselineOutcome } from '../../../reporting/baseline.ts';
import type { Coverage, CoverageRow } from '../../../reporting/coverage.ts';
import { computeVerdict } from '../../../reporting/verdict.ts';

const record = (status: TestRecord['status']) =>
  ({ status, failures: [] }) as Partial<TestRecord> as TestRecord;
const NO_BASELINE: BaselineOutcome = { known: [], expired: [], unlisted: [], fixed: [] };
const deviating = {
  ...NO_BASELINE,
  unlisted: [{}] as BaselineOutcome['unlisted'],
};

/**
 * A whole run's coverage: `exercised` of 200 testable requirements passed, the rest not exercised, and a
 * platform fact's row failed (accepted by a baseline, say), which is no requirement of the spec.
 */
function coverage(exercised: number): Coverage {
  const spec = (verdict: CoverageRow['verdict']) => ({ source: 'spec', verdict }) as CoverageRow;
  return {
    totals: { requirements: 230, testable: 200 },
    rows: [
      ...Array.from({ length: exercised }, () => spec('passed')),
      ...Array.from({ length: 200 - exercised }, () => spec('not exercised')),
      { source: 'platform', verdict: 'failed' } as CoverageRow,
    ],
  } as Partial<Coverage> as Coverage;
}

const STOPPED = { reported: 4, planned: 10, ended: false };
const ENDED_EARLY = { reported: 4, planned: 10, ended: true };
const STOPPED_REASON =
  'the test runner stopped after reporting 4 of its 10 tests (see its output above): the rest were never tested';

const RECORDS = [...Array.from({ length: 3 }, () => record('passed')), record('skipped')];

const CASES = [
  {
    case: 'a whole run with a skipped test, no floor',
    input: { records: RECORDS, coverage: coverage(150), baseline: NO_BASELINE, subset: false },
    exitCode: EXIT_CODES.conformant,
    headline: 'CONFORMANT',
    reasons: ['150 of 200 testable requirements exercised (75%); 1 test(s) skipped'],
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
    reasons: ['150 of 200 testable requirements exercised (75%); 1 test(s) skipped'],
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
    reasons: [
      '149 of 200 testable requirements exercised (74%), under --min-exercised 75%: 1 test(s) skipped for what the target lacks (see "Skipped, by reason")',
    ],
  },
  {
    case: 'a deviation below the floor',
    input: { records: RECORDS, coverage: coverage(10), baseline: deviating, subset: false, minExercised: 75 },
    exitCode: EXIT_CODES.deviations,
    headline: 'DEVIATIONS FOUND',
    reasons: ['1 deviation(s) from the spec'],
  },
  {
    case: 'a runner stopped before its end',
    input: {
      records: RECORDS,
      coverage: coverage(150),
      baseline: NO_BASELINE,
      subset: false,
      cutShort: STOPPED,
    },
    exitCode: EXIT_CODES.untestable,
    headline: 'NOT FULLY TESTED',
    reasons: [STOPPED_REASON],
  },
  {
    case: 'a runner that ended early (--max-failures) without a deviation',
    input: {
      records: RECORDS,
      coverage: coverage(150),
      baseline: NO_BASELINE,
      subset: false,
      cutShort: ENDED_EARLY,
    },
    exitCode: EXIT_CODES.untestable,
    headline: 'NOT FULLY TESTED',
    reasons: [
      '6 of the 10 tests planned did not run (the runner ended early, as --max-failures makes it): they were never tested',
    ],
  },
  {
    case: 'a runner stopped before its end after finding a deviation',
    input: {
      records: RECORDS,
      coverage: coverage(150),
      baseline: deviating,
      subset: false,
      cutShort: STOPPED,
    },
    exitCode: EXIT_CODES.deviations,
    headline: 'DEVIATIONS FOUND',
    reasons: ['1 deviation(s) from the spec', STOPPED_REASON],
  },
  {
    case: 'a run interrupted (Ctrl-C) after finding a deviation',
    input: {
      records: RECORDS,
      coverage: coverage(150),
      baseline: deviating,
      subset: false,
      cutShort: { ...ENDED_EARLY, interrupted: 'SIGINT' as const },
    },
    exitCode: EXIT_CODES.interrupted,
    headline: 'INTERRUPTED',
    reasons: [
      'SIGINT after 4 of the 10 tests planned: the rest were never tested',
      '1 deviation(s) from the spec',
    ],
  },
];

for (const { case: name, input, exitCode, headline, reasons } of CASES) {
  test(`${name}: ${headline} (exit ${exitCode})`, () => {
    const verdict = computeVerdict(input);
    expect(verdict).toEqual({ exitCode, headline, reasons });
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
