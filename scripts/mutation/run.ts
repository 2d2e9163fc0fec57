/**
 * `npm run mutation`: the conformance suite against the clean mock (it must pass with zero failures),
 * then against one mock process per mutant of mock/mutants/catalogue.ts, up to one per core at a time.
 * Each mutant first meets its endpoint's area project only; when that does not kill it, the whole suite.
 * Prints mutant -> killing test (or SURVIVED), writes reports/mutation.json and reports/mutation.md,
 * and exits non-zero unless the clean run passes and every mutant is killed.
 *
 * Options: --only NAME[,NAME...] (a subset, for working on one gap), --list, --concurrency N,
 * --skip-clean (while working on a gap; the verdict is then FAIL, as the gate needs the clean run).
 */
import { availableParallelism } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { endpointById } from '../../lib/catalogue.ts';
import { reportPaths } from '../../lib/report-paths.ts';
import { VARIABLES } from '../../lib/target.ts';
import { MUTANTS, mutantByName, type Mutant } from '../../mock/mutants/catalogue.ts';
import { startMockProcess } from '../../mock/process.ts';
import { seededEnv } from '../../mock/seeded-env.ts';
import { rememberSecret } from '../../tests/support/redact.ts';
import { runSuite, type SuiteOutcome } from './processes.ts';
import {
  buildReport,
  consoleTable,
  summaryLine,
  verdict,
  writeReports,
  type MutantResult,
} from './report.ts';

const ALL_PROJECTS: readonly string[] = [];
/** Generous: a whole-suite run takes about two minutes on a loaded 2-core machine. */
const CLEAN_TIMEOUT_SECONDS = 600;
const MUTANT_TIMEOUT_SECONDS = 300;

const SKIPPED_CLEAN: SuiteOutcome = {
  passed: 0,
  failed: [],
  skipped: 0,
  flaky: 0,
  brokenRun: 'skipped (--skip-clean)',
};
const CLEAN_FAILED =
  'The suite does not pass against the clean mock, so no mutant verdict would mean anything: fix that first.';

async function cleanRun(seeded: Record<string, string>, scratchRoot: string): Promise<SuiteOutcome> {
  console.log('Conformance suite against the clean mock…');
  const { outcome } = await againstMock(undefined, seeded, scratchRoot, [
    { projects: ALL_PROJECTS, maxFailures: 0, workers: 2, timeoutSeconds: CLEAN_TIMEOUT_SECONDS },
  ]);
  console.log(
    `  ${outcome.passed} passed, ${outcome.failed.length} failed, ${outcome.flaky} flaky, ${outcome.skipped} skipped`,
  );
  for (const failure of outcome.failed) console.log(`  FAILED ${failure.test}: ${failure.error}`);
  if (outcome.brokenRun) console.log(`  run broke: ${outcome.brokenRun}`);
  return outcome;
}

async function withScratch<T>(root: string, name: string, action: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(root, `${name}-`));
  try {
    return await action(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function againstMock(
  mutant: string | undefined,
  seeded: Record<string, string>,
  scratchRoot: string,
  attempts: { projects: readonly string[]; maxFailures: number; workers: number; timeoutSeconds: number }[],
): Promise<{ outcome: SuiteOutcome; projects: readonly string[] }> {
  const mock = await startMockProcess({ mutant });
  try {
    let last: { outcome: SuiteOutcome; projects: readonly string[] } | undefined;
    for (const attempt of attempts) {
      const outcome = await withScratch(scratchRoot, mutant ?? 'clean', (scratch) =>
        runSuite({ ...attempt, baseUrl: mock.baseUrl, seeded, scratch }),
      );
      last = { outcome, projects: attempt.projects };
      if (outcome.failed.length > 0 || outcome.brokenRun) break;
    }
    return last!;
  } finally {
    await mock.stop();
  }
}

async function killMutant(
  mutant: Mutant,
  seeded: Record<string, string>,
  scratchRoot: string,
): Promise<MutantResult> {
  const started = Date.now();
  const area = endpointById(mutant.endpoint).area;
  const base = { maxFailures: 1, workers: 1, timeoutSeconds: MUTANT_TIMEOUT_SECONDS };
  try {
    const { outcome, projects } = await againstMock(mutant.name, seeded, scratchRoot, [
      { ...base, projects: [area] },
      { ...base, projects: ALL_PROJECTS, workers: 2 },
    ]);
    return {
      mutant,
      projects,
      killedBy: outcome.failed,
      brokenRun: outcome.brokenRun,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } catch (error) {
    return {
      mutant,
      projects: [area],
      killedBy: [],
      brokenRun: error instanceof Error ? error.message : String(error),
      seconds: Math.round((Date.now() - started) / 1000),
    };
  }
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the input order in the result. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      list: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      'skip-clean': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.list) {
    for (const m of MUTANTS) console.log(`${m.name.padEnd(56)} ${m.endpoint.padEnd(26)} ${m.kind}`);
    return 0;
  }
  const selected = values.only ? values.only.split(',').map((n) => mutantByName(n.trim())) : [...MUTANTS];
  const concurrency = Number(values.concurrency ?? availableParallelism());
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error('--concurrency must be a positive integer');

  const started = Date.now();
  const seeded = seededEnv();
  rememberSecret(seeded[VARIABLES.clientSecret]);
  const scratchRoot = await mkdtemp(path.join(tmpdir(), 'payments-mutation-'));
  try {
    const clean = values['skip-clean'] ? SKIPPED_CLEAN : await cleanRun(seeded, scratchRoot);
    if (clean !== SKIPPED_CLEAN && (clean.failed.length > 0 || clean.brokenRun)) {
      console.log(CLEAN_FAILED);
      const report = buildReport(clean, [], Math.round((Date.now() - started) / 1000));
      await writeReports(report, reportPaths().root);
      return 1;
    }

    console.log(`${selected.length} mutants, ${concurrency} at a time…`);
    const results = await pool(selected, concurrency, async (mutant) => {
      const result = await killMutant(mutant, seeded, scratchRoot);
      console.log(`  ${verdict(result).padEnd(10)} ${mutant.name} (${result.seconds} s)`);
      return result;
    });

    const report = buildReport(clean, results, Math.round((Date.now() - started) / 1000));
    console.log(`\n${consoleTable(report)}\n`);
    for (const name of report.broken) {
      console.log(`BROKEN RUN ${name}: ${results.find((r) => r.mutant.name === name)?.brokenRun ?? ''}`);
    }
    const written = await writeReports(report, reportPaths().root);
    console.log(`${report.ok ? 'PASS' : 'FAIL'}: ${summaryLine(report)}`);
    console.log(`Written: ${written.map((f) => path.relative(process.cwd(), f)).join(', ')}`);
    return report.ok ? 0 : 1;
  } finally {
    await rm(scratchRoot, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
