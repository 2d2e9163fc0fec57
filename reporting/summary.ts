/**
 * What a run ends with on the console, and reports/summary.json for pipelines: one line per failed test
 * (the rule it broke, what was seen, the command that reruns just it), known deviations and fixed ones,
 * skips grouped by reason, advice, coverage totals, what changed since the last run on the same target,
 * where the reports are, and the verdict.
 */
import { ALLOWANCES, isAllowanceName } from '../lib/allowances.ts';
import { resolveBasis } from '../lib/basis.ts';
import { FAILURE_KINDS, isDeviation, UNAVAILABLE_STATUSES } from '../lib/failures.ts';
import { shownPath, type ReportPaths } from '../lib/report-paths.ts';
import { answerWaitKey, type AnswerWait, type TestRecord } from '../lib/results.ts';
import type { BaselineOutcome } from './baseline.ts';
import type { Coverage } from './coverage.ts';
import type { Changes } from './history.ts';
import type { CutShort, RunVerdict } from './verdict.ts';

export interface SummaryInput {
  records: readonly TestRecord[];
  coverage: Coverage;
  baseline: BaselineOutcome;
  verdict: RunVerdict;
  changes: Changes;
  paths: ReportPaths;
  /** How to run the suite again from here, e.g. `npm run conformance --`. */
  invocation: string;
  abilities: string;
  baselineFile: string;
  /** Whether the run built Allure's HTML report (not with --no-html). */
  html: boolean;
  shard?: ShardOfRun;
  cutShort?: CutShort;
}

/**
 * Which shard of which part of the suite a sharded run was: what `report merge` needs to merge the shards
 * of a selection, whose tests that no shard ran were not selected rather than missing.
 */
export interface ShardOfRun {
  index: number;
  total: number;
  /** What the run selected of the suite, its shard aside (`selected: area stores`); absent: the whole suite. */
  part?: string;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The command that reruns exactly this test. */
export function rerunCommand(record: TestRecord, invocation: string): string {
  return `${invocation} ${record.file}:${record.line} --grep ${shellQuote(`${escapeRegExp(record.title)}$`)}`;
}

/** Every test's waits on answers of `statuses`, summed by endpoint and status, longest first. */
export function answerWaits(
  records: readonly TestRecord[],
  statuses: readonly number[],
): (AnswerWait & { tests: number })[] {
  const summed = new Map<string, AnswerWait & { tests: number }>();
  for (const record of records)
    for (const wait of record.waits ?? []) {
      if (!statuses.includes(wait.status)) continue;
      const key = answerWaitKey(wait);
      const before = summed.get(key) ?? { ...wait, ms: 0, times: 0, tests: 0 };
      summed.set(key, {
        ...before,
        ms: before.ms + wait.ms,
        times: before.times + wait.times,
        tests: before.tests + 1,
      });
    }
  return [...summed.values()].sort((a, b) => b.ms - a.ms);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly (string | number)[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * How long a run waited on the target's answers of one kind (429s, or 502-504s) before sending again, in
 * one line, as the console and the CI job summary both say it.
 */
export function waitsHeadline(waits: readonly AnswerWait[]): string {
  const statuses = [...new Set(waits.map((w) => w.status))].sort((a, b) => a - b);
  const answers = statuses.every((s) => s === 429)
    ? '429 answers (rate limits)'
    : `${listed(statuses)} answers to reads (not served just then)`;
  return `Waited ${seconds(waits.reduce((sum, w) => sum + w.ms, 0))} on the target's ${answers} before sending again`;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function summaryLines(input: SummaryInput): string[] {
  const { records, coverage, baseline, verdict, changes, paths, invocation } = input;
  const known = new Set(baseline.known.map((k) => k.record.key));
  const lines: string[] = [''];
  const failed = records.filter((r) => r.status === 'failed' && !known.has(r.key));
  const deviating = failed.filter((r) => r.failures.some(isDeviation));
  const untested = failed.filter((r) => !r.failures.some(isDeviation));
  lines.push(
    `Target ${coverage.target} · profile ${coverage.profile} · abilities ${input.abilities || 'none'} · ${coverage.selection}`,
    `Tests: ${records.length} — ${records.filter((r) => r.status === 'passed').length} passed, ${deviating.length} failed, ${untested.length} not tested, ${baseline.known.length ? `${known.size} known deviations, ` : ''}${records.filter((r) => r.status === 'skipped').length} skipped`,
  );
  if (deviating.length > 0) {
    lines.push('', `Failed (${deviating.length}):`);
    for (const record of deviating) {
      const failure = record.failures.find(isDeviation)!;
      lines.push(`  ✘ ${record.key}`, `    ${firstLine(failure.message)}`);
      if (failure.expected) lines.push(`    expected ${failure.expected}; got: ${failure.seen}`);
      lines.push(`    rerun: ${rerunCommand(record, invocation)}`);
    }
  }
  if (untested.length > 0) {
    lines.push(
      '',
      `Not tested (${untested.length}): the target or the suite kept these from giving a verdict`,
    );
    for (const record of untested) {
      const failure = record.failures[0]!;
      lines.push(
        `  ! ${record.key}`,
        `    ${FAILURE_KINDS[failure.kind].category}: ${firstLine(failure.message)}`,
      );
    }
  }
  if (baseline.known.length > 0) {
    lines.push(
      '',
      `Known deviations (${baseline.known.length}), accepted by ${shownPath(input.baselineFile)}:`,
    );
    for (const { record, entry } of baseline.known)
      lines.push(`  ~ ${record.key}: known deviation until ${entry.until}: ${entry.reason}`);
  }
  if (baseline.expired.length > 0) {
    lines.push('', `Known deviations past their date (${baseline.expired.length}): they fail again`);
    for (const { record, entry } of baseline.expired)
      lines.push(`  ✘ ${record.key}: accepted until ${entry.until} (${entry.reason})`);
  }
  if (baseline.fixed.length > 0) {
    lines.push('', `Fixed (${baseline.fixed.length}): no longer failing — remove from the baseline:`);
    for (const entry of baseline.fixed) lines.push(`  ✓ ${entry.test} (${entry.requirement})`);
  }
  const skips = new Map<string, number>();
  for (const record of records.filter((r) => r.status === 'skipped')) {
    const reason = record.skipReason ?? 'no reason given';
    skips.set(reason, (skips.get(reason) ?? 0) + 1);
  }
  if (skips.size > 0) {
    lines.push('', `Skipped (${[...skips.values()].reduce((a, b) => a + b, 0)}), by reason:`);
    for (const [reason, n] of [...skips].sort((a, b) => b[1] - a[1]))
      lines.push(`  - ${reason}: ${count(n, 'test')}`);
  }
  const advice = coverage.rows.filter((r) => r.verdict === 'advice');
  if (advice.length > 0) {
    lines.push(
      '',
      `Advice (${advice.length}): platform or HTTP facts not followed; they fail only under the platform profile`,
    );
    for (const row of advice) {
      const basis = resolveBasis(row.id);
      lines.push(
        `  💡 ${row.id} — "${basis.quote}": ${row.tests[0]?.reason ?? ''} (${count(row.tests.length, 'test')})`,
      );
    }
  }
  for (const waits of [answerWaits(records, [429]), answerWaits(records, UNAVAILABLE_STATUSES)]) {
    if (waits.length === 0) continue;
    lines.push('', `${waitsHeadline(waits)}:`);
    for (const wait of waits)
      lines.push(
        `  ⏳ ${wait.endpoint}: ${seconds(wait.ms)} after ${wait.status} (${count(wait.times, 'time')}, in ${count(wait.tests, 'test')})`,
      );
  }
  if (coverage.allowances.length > 0) {
    lines.push(
      '',
      `Allowances used (${coverage.allowances.length}): the platform's known departures this profile accepts, named`,
    );
    for (const { name, tests } of coverage.allowances)
      lines.push(
        `  ~ ${name}: ${isAllowanceName(name) ? ALLOWANCES[name].description : name} (${count(tests.length, 'test')})`,
      );
  }
  const { totals } = coverage;
  lines.push(
    '',
    `Requirements: ${totals.testable} testable — ${totals.passed} passed, ${totals.failed} failed, ${totals['known deviation']} known deviations, ${totals['not exercised']} not exercised, ${totals['not run'] ? `${totals['not run']} not run, ` : ''}${totals['not selected']} not selected, ${totals['no test']} without a test; ${totals.untestable} untestable`,
  );
  if (changes.previous) {
    const when = changes.previous.date.slice(0, 16).replace('T', ' ');
    lines.push(
      `Since the last run on this target (${when} UTC): ${count(changes.newlyFailing.length, 'newly failing test')}, ${count(changes.newlyPassing.length, 'newly passing test')}`,
    );
    for (const key of changes.newlyFailing) lines.push(`  + failing: ${key}`);
    for (const key of changes.newlyPassing) lines.push(`  - passing: ${key}`);
  } else {
    lines.push('No earlier run on this target to compare with.');
  }
  lines.push(
    '',
    input.html
      ? `Report:   ${shownPath(paths.allureReport)}/index.html (opens from disk)`
      : `Report:   not built (--no-html); Allure's results are in ${shownPath(paths.allureResults)}`,
    `Coverage: ${shownPath(paths.coverageMarkdown)} · JUnit: ${shownPath(paths.junit)} · summary: ${shownPath(paths.summary)}`,
    `Verdict: ${verdict.headline} (exit ${verdict.exitCode})${verdict.reasons.length ? ` — ${verdict.reasons.join('; ')}` : ''}`,
  );
  return lines;
}

export interface SummaryFile {
  verdict: string;
  exitCode: number;
  reasons: string[];
  target: string;
  profile: string;
  selection: string;
  tests: Coverage['tests'];
  requirements: Coverage['totals'];
  knownDeviations: number;
  failed: { test: string; requirement?: string; kind: string; message: string }[];
  /** Waits on the target's 429 answers, by endpoint. */
  rateLimitWaits: (AnswerWait & { tests: number })[];
  /** Waits on the target's 502, 503 and 504 answers to safe requests, by endpoint and status. */
  unavailableWaits: (AnswerWait & { tests: number })[];
  /** Set for a shard of a run. */
  shard?: ShardOfRun;
  /**
   * Set when the runner reported fewer tests than it planned (interrupted, stopped, ended early): a merge
   * of shards carries it into its verdict.
   */
  cutShort?: CutShort;
}

export function summaryFile(input: SummaryInput): SummaryFile {
  const { records, coverage, baseline, verdict } = input;
  const known = new Set(baseline.known.map((k) => k.record.key));
  return {
    verdict: verdict.headline,
    exitCode: verdict.exitCode,
    reasons: verdict.reasons,
    target: coverage.target,
    profile: coverage.profile,
    selection: coverage.selection,
    tests: coverage.tests,
    requirements: coverage.totals,
    knownDeviations: baseline.known.length,
    rateLimitWaits: answerWaits(records, [429]),
    unavailableWaits: answerWaits(records, UNAVAILABLE_STATUSES),
    ...(input.shard ? { shard: input.shard } : {}),
    ...(input.cutShort ? { cutShort: input.cutShort } : {}),
    failed: records
      .filter((r) => r.status === 'failed' && !known.has(r.key))
      .map((r) => ({
        test: r.key,
        ...(r.failures[0]?.basis ? { requirement: r.failures[0].basis } : {}),
        kind: r.failures[0]?.kind ?? 'suite-error',
        message: firstLine(r.failures[0]?.message ?? ''),
      })),
  };
}
