/** The verdict of a run and its exit code (lib/exit-codes.ts), from typed results only. */
import { EXIT_CODES, type ExitCode } from '../lib/exit-codes.ts';
import { isDeviation } from '../lib/failures.ts';
import type { TestRecord } from '../lib/results.ts';
import type { BaselineOutcome } from './baseline.ts';
import { requirementsWithoutTest, type Coverage, type Verdict } from './coverage.ts';

export interface RunVerdict {
  exitCode: ExitCode;
  /** One line: what the run found. */
  headline: string;
  /** Why, one line each. */
  reasons: string[];
}

export interface CutShort {
  reported: number;
  planned: number;
  ended: boolean;
  /** The signal that stopped it (Ctrl-C: SIGINT), when a person or a job stopped the run. */
  interrupted?: NodeJS.Signals;
}

export interface VerdictInput {
  records: readonly TestRecord[];
  baseline: BaselineOutcome;
  coverage: Coverage;
  /** A subset run judges what it selected; only a run of the whole suite judges coverage. */
  subset: boolean;
  /** The least share of the testable requirements, in percent, a run of the whole suite must exercise. */
  minExercised?: number;
  /**
   * Set when the runner reported fewer tests than it planned (lib/results.ts RunProgress): it stopped
   * before its end (`ended` false), ended early (--max-failures), or was interrupted.
   */
  cutShort?: CutShort;
}

/** "86 of 367 testable requirements exercised (23%)": a share of the spec, rounded down, never overstated. */
export function requirementShare(count: number, testable: number, what: string): string {
  const percent = testable === 0 ? 0 : Math.floor((100 * count) / testable);
  return `${count} of ${testable} testable requirements ${what} (${percent}%)`;
}

const EXERCISED: readonly Verdict[] = ['passed', 'failed', 'known deviation'];

/**
 * The spec's testable requirements a run exercised (passed, failed or a known deviation), and their
 * share; a platform or HTTP fact's row is no requirement of the spec, whatever its verdict.
 */
export function exercisedShare(coverage: Coverage): { exercised: number; testable: number; percent: number } {
  const { testable } = coverage.totals;
  const exercised = coverage.rows.filter((r) => r.source === 'spec' && EXERCISED.includes(r.verdict)).length;
  return { exercised, testable, percent: testable === 0 ? 0 : (100 * exercised) / testable };
}

export function computeVerdict({
  records,
  baseline,
  coverage,
  subset,
  minExercised,
  cutShort,
}: VerdictInput): RunVerdict {
  const executed = records.filter((r) => r.status !== 'skipped');
  const reasons: string[] = [];
  if (executed.length === 0) {
    const why =
      records.length === 0
        ? 'the selection matched no test'
        : `all ${records.length} selected tests were skipped`;
    return {
      exitCode: EXIT_CODES.deviations,
      headline: 'NOTHING TESTED',
      reasons: [`${why}: a run that tests nothing is no verdict`],
    };
  }
  const deviating = baseline.unlisted.length + baseline.expired.length;
  if (baseline.unlisted.length > 0) reasons.push(`${baseline.unlisted.length} deviation(s) from the spec`);
  if (baseline.expired.length > 0)
    reasons.push(`${baseline.expired.length} known deviation(s) past their date in the baseline`);
  const withoutTest = subset ? [] : requirementsWithoutTest(coverage);
  if (withoutTest.length > 0)
    reasons.push(`${withoutTest.length} testable requirement(s) without any test: ${withoutTest.join(', ')}`);
  if (cutShort?.interrupted)
    return {
      exitCode: EXIT_CODES.interrupted,
      headline: 'INTERRUPTED',
      reasons: [
        `${cutShort.interrupted} after ${cutShort.reported} of the ${cutShort.planned} tests planned: the rest were never tested`,
        ...reasons,
      ],
    };
  const stopped = !cutShort
    ? undefined
    : cutShort.ended
      ? `${cutShort.planned - cutShort.reported} of the ${cutShort.planned} tests planned did not run (the runner ended early, as --max-failures makes it): they were never tested`
      : `the test runner stopped after reporting ${cutShort.reported} of its ${cutShort.planned} tests (see its output above): the rest were never tested`;
  if (deviating > 0 || withoutTest.length > 0)
    return {
      exitCode: EXIT_CODES.deviations,
      headline: 'DEVIATIONS FOUND',
      reasons: [...reasons, ...(stopped ? [stopped] : [])],
    };
  if (stopped) return { exitCode: EXIT_CODES.untestable, headline: 'NOT FULLY TESTED', reasons: [stopped] };
  const untestable = records.filter((r) => r.status === 'failed' && !r.failures.some(isDeviation));
  if (untestable.length > 0) {
    return {
      exitCode: EXIT_CODES.untestable,
      headline: 'NOT FULLY TESTED',
      reasons: [`${untestable.length} test(s) could not test the target (see "Not tested" above)`],
    };
  }
  // Skipped tests pass nothing: say how much of the spec the verdict stands on, and hold a gate's floor.
  const skipped = records.length - executed.length;
  const share = exercisedShare(coverage);
  const extent = requirementShare(share.exercised, share.testable, 'exercised');
  if (!subset && minExercised !== undefined && share.percent < minExercised) {
    return {
      exitCode: EXIT_CODES.untestable,
      headline: 'NOT FULLY TESTED',
      reasons: [
        `${extent}, under --min-exercised ${minExercised}%: ${skipped} test(s) skipped for what the target lacks (see "Skipped, by reason")`,
      ],
    };
  }
  const known = baseline.known.length;
  return {
    exitCode: EXIT_CODES.conformant,
    headline: 'CONFORMANT',
    reasons: [
      ...(known > 0 ? [`${known} known deviation(s) accepted by the baseline`] : []),
      ...(skipped > 0 && !subset ? [`${extent}; ${skipped} test(s) skipped`] : []),
    ],
  };
}
