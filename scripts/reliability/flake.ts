/**
 * `npm run test:flake [-- --repeat-each=N]`: the whole conformance suite against the embedded mock, every
 * test repeated N times (20 by default), no retries, through the one suite runner
 * (scripts/suite/run-suite.ts), every test fully parallel on two workers, so that each may land beside
 * any other. Any failure is a flake or a shared-state bug: the run exits 1 and names the failing tests. Writes
 * reports/flake/summary.json (date, repeats, counts, duration, failures) and reports/flake/results.jsonl
 * (every repeat's typed record).
 * Exit codes: 0 no failure, 1 a failure (or nothing ran), 2 a usage error.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_CODES } from '../../lib/exit-codes.ts';
import { PROJECT_ROOT } from '../../lib/paths.ts';
import { RESULTS_FILE, resultLine, type TestRecord } from '../../lib/results.ts';
import { VARIABLES } from '../../lib/target.ts';
import { runSuite, type SuiteRun } from '../suite/run-suite.ts';

export const FLAKE_DIR = path.join(PROJECT_ROOT, 'reports', 'flake');
export const SUMMARY_FILE = path.join(FLAKE_DIR, 'summary.json');
const DEFAULT_REPEATS = 20;
const WORKERS = 2;
/** The verdict reporter writes the typed records; dots keep thousands of repeated tests to a few lines. */
const REPORTERS = `${path.join(PROJECT_ROOT, 'run/reporters/verdict.ts')},dot`;
const RUN_TIMEOUT_MS = 2 * 60 * 60_000;

export const FLAKE_USAGE =
  'Usage: npm run test:flake [-- --repeat-each=N]   (N a positive integer, default 20)';
export const TARGET_SET = `${VARIABLES.baseUrl} is set: the flake run is defined against the embedded mock; unset it.`;

export interface FlakeSummary {
  date: string;
  repeatEach: number;
  workers: number;
  /** Distinct tests of the suite. */
  tests: number;
  /** Test runs: each test once per repeat. */
  runs: number;
  passed: number;
  failed: number;
  skipped: number;
  durationSeconds: number;
  /** The runner's own exit code (1 on any failure). */
  exitCode: number | null;
  /** Each failing test's key, with how many of its repeats failed and the first failure's message. */
  failures: { key: string; failedRuns: number; firstMessage: string }[];
}

class UsageError extends Error {
  override name = 'UsageError';
}

function repeatsOf(argv: readonly string[]): number {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: { 'repeat-each': { type: 'string' } } }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const raw = values['repeat-each'];
  if (raw === undefined) return DEFAULT_REPEATS;
  if (!/^[1-9]\d*$/.test(raw))
    throw new UsageError(`--repeat-each must be a positive integer, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

export function summarise(
  records: readonly TestRecord[],
  facts: Pick<FlakeSummary, 'date' | 'repeatEach' | 'workers' | 'durationSeconds' | 'exitCode'>,
): FlakeSummary {
  const failedByKey = new Map<string, TestRecord[]>();
  for (const record of records.filter((r) => r.status === 'failed')) {
    failedByKey.set(record.key, [...(failedByKey.get(record.key) ?? []), record]);
  }
  return {
    ...facts,
    tests: new Set(records.map((r) => r.key)).size,
    runs: records.length,
    passed: records.filter((r) => r.status === 'passed').length,
    failed: records.filter((r) => r.status === 'failed').length,
    skipped: records.filter((r) => r.status === 'skipped').length,
    failures: [...failedByKey].map(([key, failed]) => ({
      key,
      failedRuns: failed.length,
      firstMessage: failed[0]?.failures[0]?.message.split('\n')[0] ?? '',
    })),
  };
}

async function main(argv: readonly string[]): Promise<number> {
  if (process.env[VARIABLES.baseUrl]) {
    console.error(TARGET_SET);
    return EXIT_CODES.usage;
  }
  let repeatEach: number;
  try {
    repeatEach = repeatsOf(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${FLAKE_USAGE}`);
    return EXIT_CODES.usage;
  }
  rmSync(FLAKE_DIR, { recursive: true, force: true });
  mkdirSync(FLAKE_DIR, { recursive: true });
  const date = new Date().toISOString();
  console.log(`Flake run: the whole suite, each test x${repeatEach}, fully parallel on ${WORKERS} workers`);
  // Every test may land beside any other, so hidden shared state shows up.
  const run: SuiteRun = await runSuite({
    via: 'playwright',
    reportsDir: FLAKE_DIR,
    args: [
      `--repeat-each=${repeatEach}`,
      '--retries=0',
      `--reporter=${REPORTERS}`,
      `--workers=${WORKERS}`,
      '--fully-parallel',
    ],
    timeoutMs: RUN_TIMEOUT_MS,
    echo: true,
  });
  rmSync(run.reports.run.root, { recursive: true, force: true });
  const summary = summarise(run.records, {
    date,
    repeatEach,
    workers: WORKERS,
    durationSeconds: Math.round(run.durationMs / 1000),
    exitCode: run.exitCode,
  });
  writeFileSync(SUMMARY_FILE, `${JSON.stringify(summary, null, 2)}\n`);
  // Beside the summary: every repeat's typed record, for a failure's details.
  writeFileSync(path.join(FLAKE_DIR, RESULTS_FILE), run.records.map(resultLine).join(''));
  // Playwright's per-test output folders hold nothing (no traces, no screenshots).
  rmSync(path.join(FLAKE_DIR, 'test-results'), { recursive: true, force: true });
  console.log(
    `\nFlake run ${summary.date}: ${summary.tests} tests x${summary.repeatEach} = ${summary.runs} runs on ${summary.workers} workers: ` +
      `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.durationSeconds} s. Summary: ${path.relative(process.cwd(), SUMMARY_FILE)}`,
  );
  for (const setup of run.setupFailures) console.log(`  setup failed: ${setup.message}`);
  if (run.timedOut) console.log(`  stopped after ${RUN_TIMEOUT_MS / 60_000} minutes`);
  for (const failure of summary.failures)
    console.log(
      `  failed ${failure.failedRuns}/${summary.repeatEach}: ${failure.key}\n    ${failure.firstMessage}`,
    );
  const clean =
    run.exitCode === 0 &&
    !run.timedOut &&
    summary.runs > 0 &&
    summary.failed === 0 &&
    run.setupFailures.length === 0;
  return clean ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
