/**
 * Shards of a run merged (`report merge`). The two shards of a selection (two areas), each run without
 * the HTML report as a CI job may, give one verdict, one coverage, one JUnit file and one HTML report,
 * every test counted once and the rest of the suite "not selected"; without one of its shards the
 * selection's merge is refused, and so is a floor on the share it exercised. A shard of the whole suite
 * merged alone leaves the other shards' requirements without a test, which fails the verdict.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { reportPathsUnder, type ReportPaths } from '../../../lib/report-paths.ts';
import { parseResults, type TestRecord } from '../../../lib/results.ts';
import type { Coverage } from '../../../reporting/coverage.ts';
import type { SummaryFile } from '../../../reporting/summary.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { runCliCommand } from './support/cli-command.ts';
import { caseKey, readJunit } from './support/junit.ts';
import { removeScratchDirs, scratchDir } from './support/scratch.ts';
import { once } from './support/shared.ts';

const SHARDS = 2;
const AREAS = ['stores', 'chargebacks'];
const SELECTION = `selected: ${AREAS.map((area) => `area ${area}`).join(', ')}`;
const RUN_TIMEOUT_MS = 5 * 60_000;

interface Shard {
  run: SuiteRun;
  /** Where the run wrote this shard's reports: a folder of its own under the reports folder. */
  paths: ReportPaths;
  records: TestRecord[];
}

/** Runs shard `index` of `total` with `selection`, its reports under `root`. */
async function runShard(root: string, index: number, total: number, selection: string[]): Promise<Shard> {
  const run = await runSuite({
    // One worker: the self-tests' other worker has the second core.
    args: [...selection, '--shard', `${index}/${total}`, '--no-html', '--workers', '1'],
    reportsDir: root,
    timeoutMs: RUN_TIMEOUT_MS,
  });
  const paths = reportPathsUnder(join(root, `shard-${index}-of-${total}`));
  const records = existsSync(paths.results) ? parseResults(readFileSync(paths.results, 'utf8')) : [];
  return { run, paths, records };
}

/** The two shards of the selection, one after the other: each a whole run, as on a machine of its own. */
const selectionShards = once(async (): Promise<{ root: string; shards: Shard[] }> => {
  const root = scratchDir('merge');
  const selection = AREAS.flatMap((area) => ['--project', area]);
  const shards: Shard[] = [];
  for (let index = 1; index <= SHARDS; index++) shards.push(await runShard(root, index, SHARDS, selection));
  return { root, shards };
});

test.describe.configure({ timeout: RUN_TIMEOUT_MS * SHARDS });

test.afterAll(removeScratchDirs);

test('the shards of a selection, run without the HTML report, merge into one conformant verdict and one report', async () => {
  const { root, shards } = await selectionShards();
  for (const { run, records, paths } of shards) {
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(records.length, 'each shard runs a share of the selection').toBeGreaterThan(0);
    expect(existsSync(join(paths.allureReport, 'index.html'))).toBe(false);
  }
  const folder = join(root, 'merged');
  const merge = await runCliCommand([
    'report',
    'merge',
    ...shards.map((shard) => shard.paths.root),
    '--reports',
    folder,
  ]);
  expect(merge.exitCode, merge.stdout + merge.stderr).toBe(EXIT_CODES.conformant);
  expect(merge.stdout).toMatch(/^Verdict: CONFORMANT \(exit 0\)$/m);

  const paths = reportPathsUnder(folder);
  const keys = shards.flatMap((shard) => shard.records.map((r) => r.key));
  expect(new Set(keys).size, 'no test ran in both shards').toBe(keys.length);
  expect(
    keys.every((key) => AREAS.some((area) => key.startsWith(`tests/conformance/${area}/`))),
    'the shards ran the selection only',
  ).toBe(true);
  const summary = JSON.parse(readFileSync(paths.summary, 'utf8')) as SummaryFile;
  expect(summary.selection).toBe(`${SHARDS} shards merged, ${SELECTION}`);
  expect(summary.tests).toEqual({ total: keys.length, passed: keys.length, failed: 0, skipped: 0 });
  expect(readJunit(paths.junit).map(caseKey).sort()).toEqual([...keys].sort());
  // The rest of the suite was left out by the selection, not lost: "not selected", never "no test".
  const coverage = JSON.parse(readFileSync(paths.coverageJson, 'utf8')) as Coverage;
  expect(coverage.totals['no test']).toBe(0);
  expect(coverage.totals['not selected']).toBeGreaterThan(coverage.totals.passed);
  expect(existsSync(join(paths.allureReport, 'index.html')), 'the merge builds the HTML report').toBe(true);
});

test("a selection's merge without one of its shards is refused, naming the shard", async () => {
  const { root, shards } = await selectionShards();
  const merge = await runCliCommand([
    'report',
    'merge',
    shards[0]!.paths.root,
    '--reports',
    join(root, 'half'),
  ]);
  expect(merge.exitCode).toBe(EXIT_CODES.usage);
  expect(merge.stderr.trim()).toBe(
    `UsageError: shards of a selection (${SELECTION}) merge only whole: shard 2 of ${SHARDS} is missing`,
  );
});

test('a merge into a folder that cannot be written: exit 2, one line naming it', async () => {
  const { root, shards } = await selectionShards();
  const file = join(root, 'a-file');
  writeFileSync(file, '');
  const merge = await runCliCommand([
    'report',
    'merge',
    ...shards.map((shard) => shard.paths.root),
    '--reports',
    join(file, 'reports'),
  ]);
  expect(merge.exitCode).toBe(EXIT_CODES.usage);
  expect(merge.stderr.trim()).toMatch(
    /^UsageError: the reports folder \S+a-file\/reports cannot be written \(ENOTDIR\): name a folder this user can create and write with --reports DIR$/,
  );
});

test('--min-exercised is refused for the shards of a selection, which leave the rest not selected', async () => {
  const { root, shards } = await selectionShards();
  const merge = await runCliCommand([
    'report',
    'merge',
    ...shards.map((shard) => shard.paths.root),
    '--min-exercised',
    '90',
    '--reports',
    join(root, 'floor'),
  ]);
  expect(merge.exitCode).toBe(EXIT_CODES.usage);
  expect(merge.stderr.trim()).toBe(
    `UsageError: --min-exercised judges the whole suite: these shards were cut from a selection (${SELECTION}), which leaves the rest not selected`,
  );
});

test("a shard of the whole suite merged alone leaves the other shards' requirements without a test: exit 1", async () => {
  const root = scratchDir('merge-whole');
  // A small shard of the whole suite: the merge reads its requirements from what ran.
  const shard = await runShard(root, 1, 20, []);
  expect(shard.run.exitCode, shard.run.output).toBe(EXIT_CODES.conformant);
  const merge = await runCliCommand(['report', 'merge', shard.paths.root, '--reports', join(root, 'merged')]);
  expect(merge.exitCode, merge.stdout + merge.stderr).toBe(EXIT_CODES.deviations);
  expect(merge.stdout).toMatch(
    /^Verdict: DEVIATIONS FOUND \(exit 1\) — \d+ testable requirement\(s\) without any test: /m,
  );
});
