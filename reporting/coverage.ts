/**
 * Coverage by requirement: every requirement of the spec with the tests that enforce it and its verdict on
 * this target, and every platform or HTTP fact the target did not follow (advice). A testable requirement
 * no test enforces fails the gate; one whose tests were not selected, not run (the run was interrupted), or
 * all skipped, is reported, not failed.
 */
import { ADVICE } from '../lib/advice.ts';
import type { Basis } from '../lib/basis.ts';
import { REQUIREMENTS, type RequirementId } from '../lib/requirements/index.ts';
import type { TestRecord, TestStatus } from '../lib/results.ts';
import type { BaselineOutcome } from './baseline.ts';

export const VERDICTS = [
  'failed',
  'known deviation',
  'advice',
  'passed',
  'not exercised',
  'not run',
  'not selected',
  'no test',
  'untestable',
] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface CoveringTest {
  key: string;
  title: string;
  status: TestStatus | 'not run' | 'not selected';
  /** Why it failed (its first line), or was skipped. */
  reason?: string;
}

export interface CoverageRow {
  id: Basis;
  source: 'spec' | 'platform' | 'http';
  section: string;
  quote: string;
  kind: string;
  verdict: Verdict;
  /** Why it has this verdict, where the verdict alone does not say. */
  reason?: string;
  tests: CoveringTest[];
}

export interface Coverage {
  generatedAt: string;
  target: string;
  profile: string;
  /** `whole suite`, or what the run selected. */
  selection: string;
  totals: Record<Verdict, number> & { requirements: number; testable: number };
  tests: { total: number; passed: number; failed: number; skipped: number };
  rows: CoverageRow[];
  allowances: { name: string; tests: string[] }[];
}

export interface CoverageInput {
  /** What this run ran (skipped tests included). */
  records: readonly TestRecord[];
  /** Every test of the suite; for a run of the whole suite, `records` itself. */
  inventory: readonly Pick<TestRecord, 'key' | 'title' | 'requirements'>[];
  /** Tests the run selected but never ran (it was interrupted or ended early): not run, rather than not selected. */
  notRun?: ReadonlySet<string>;
  baseline: BaselineOutcome;
  target: string;
  profile: string;
  selection: string;
  generatedAt?: Date;
}

function firstLine(text: string | undefined): string | undefined {
  const line = text
    ?.split('\n')
    .find((l) => l.trim() !== '')
    ?.trim();
  return line === undefined ? undefined : line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

function requirementRow(
  id: RequirementId,
  input: CoverageInput,
  knownKeys: Set<string>,
): Omit<CoverageRow, 'id' | 'source' | 'section' | 'quote' | 'kind'> {
  const ran = new Map(input.records.map((r) => [r.key, r]));
  const declaring = input.inventory.filter((t) => t.requirements.includes(id));
  const tests: CoveringTest[] = declaring.map((t) => {
    const record = ran.get(t.key);
    if (!record)
      return { key: t.key, title: t.title, status: input.notRun?.has(t.key) ? 'not run' : 'not selected' };
    const own = record.failures.find((f) => f.basis === id);
    const reason =
      record.status === 'skipped' ? record.skipReason : firstLine((own ?? record.failures[0])?.message);
    return { key: t.key, title: t.title, status: record.status, ...(reason ? { reason } : {}) };
  });
  if (declaring.length === 0) return { verdict: 'no test', tests };
  const ranTests = tests.filter((t) => t.status !== 'not selected' && t.status !== 'not run');
  if (ranTests.length === 0)
    return { verdict: tests.some((t) => t.status === 'not run') ? 'not run' : 'not selected', tests };
  const failing = input.records.filter((r) => r.failures.some((f) => f.basis === id));
  if (failing.length > 0) {
    const allKnown = failing.every((r) => knownKeys.has(`${r.key}|${id}`));
    return { verdict: allKnown ? 'known deviation' : 'failed', tests };
  }
  if (ranTests.some((t) => t.status === 'passed')) return { verdict: 'passed', tests };
  const reasons = [...new Set(ranTests.map((t) => t.reason ?? t.status))];
  return { verdict: 'not exercised', reason: reasons.join('; '), tests };
}

export function buildCoverage(input: CoverageInput): Coverage {
  const knownKeys = new Set(input.baseline.known.map((k) => `${k.record.key}|${k.failure.basis}`));
  const rows: CoverageRow[] = REQUIREMENTS.map((requirement) => {
    const base = {
      id: requirement.id,
      source: 'spec' as const,
      section: requirement.section,
      quote: requirement.quote,
      kind: requirement.kind,
    };
    if (!requirement.testable)
      return { ...base, verdict: 'untestable' as const, reason: requirement.untestable, tests: [] };
    return { ...base, ...requirementRow(requirement.id, input, knownKeys) };
  });
  for (const advice of ADVICE) {
    const noted = input.records.flatMap((r) => [
      ...r.advice.filter((a) => a.basis === advice.id).map((a) => ({ record: r, seen: a.seen })),
      ...r.failures.filter((f) => f.basis === advice.id).map((f) => ({ record: r, seen: f.seen })),
    ]);
    if (noted.length === 0) continue;
    const failed = noted.some(({ record }) => record.failures.some((f) => f.basis === advice.id));
    rows.push({
      id: advice.id,
      source: advice.source,
      section: advice.evidence,
      quote: advice.statement,
      kind: 'advice',
      verdict: failed ? 'failed' : 'advice',
      tests: noted.map(({ record, seen }) => ({
        key: record.key,
        title: record.title,
        status: record.status,
        reason: seen,
      })),
    });
  }
  const count = (verdict: Verdict) => rows.filter((r) => r.verdict === verdict).length;
  const allowances = new Map<string, string[]>();
  for (const record of input.records) {
    for (const name of record.allowances) allowances.set(name, [...(allowances.get(name) ?? []), record.key]);
  }
  return {
    generatedAt: (input.generatedAt ?? new Date()).toISOString(),
    target: input.target,
    profile: input.profile,
    selection: input.selection,
    totals: {
      ...(Object.fromEntries(VERDICTS.map((v) => [v, count(v)])) as Record<Verdict, number>),
      requirements: REQUIREMENTS.length,
      testable: REQUIREMENTS.filter((r) => r.testable).length,
    },
    tests: {
      total: input.records.length,
      passed: input.records.filter((r) => r.status === 'passed').length,
      failed: input.records.filter((r) => r.status === 'failed').length,
      skipped: input.records.filter((r) => r.status === 'skipped').length,
    },
    rows,
    allowances: [...allowances]
      .map(([name, tests]) => ({ name, tests }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Testable requirements no test of the suite enforces: each fails the gate. */
export function requirementsWithoutTest(coverage: Coverage): RequirementId[] {
  return coverage.rows.filter((r) => r.verdict === 'no test').map((r) => r.id as RequirementId);
}
