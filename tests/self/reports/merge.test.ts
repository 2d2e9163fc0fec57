/**
 * Shards of a run merged (`report merge`): the two halves of the suite, each run without the HTML report
 * as a CI job may, give one verdict, one coverage, one JUnit file and one HTML report for the whole
 * suite, every test counted once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { reportPathsUnder, type ReportPaths } from '../../../lib/report-paths.ts';
import { parseResults, type TestRecord } from '../../../lib/results.ts';
import type { SummaryFile } from '../../../reporting/summary.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { runCliCommand, type CommandRun } from './support/cli-command.ts';
import { caseKey, readJunit } from './support/junit.ts';
import { removeScratchDirs, scratchDir } from './support/scratch.ts';
import { once } from './support/shared.ts';

const SHARDS = 2;
const RUN_TIMEOUT_MS = 5 * 60_000;

interface Shard {
  run: SuiteRun;
  /** Where the run wrote this shard's reports: a folder of its own under the reports folder. */
  paths: ReportPaths;
  records: TestRecord[];
}

const merged = once(async (): Promise<{ shards: Shard[]; merge: CommandRun; folder: string }> => {
  const root = scratchDir('merge');
  const shards: Shard[] = [];
  // One after the other: each shard is a whole run of its own, as on a machine of its own.
  for (let index = 1; index <= SHARDS; index++) {
    const run = await runSuite({
      // One worker: the self-tests' other worker has the second core.
      args: ['--shard', `${index}/${SHARDS}`, '--no-html', '--workers', '1'],
      reportsDir: root,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    const paths = reportPathsUnder(join(root, `shard-${index}-of-${SHARDS}`));
    const records = existsSync(paths.results) ? parseResults(readFileSync(paths.results, 'utf8')) : [];
    shards.push({ run, paths, records });
  }
  const folder = join(root, 'merged');
  const merge = await runCliCommand([
    'report',
    'merge',
    ...shards.map((shard) => shard.paths.root),
    '--reports',
    folder,
  ]);
  return { shards, merge, folder };
});

test.afterAll(removeScratchDirs);

test('two shards run without the HTML report merge into one conformant verdict and one report', async () => {
  test.setTimeout(RUN_TIMEOUT_MS * SHARDS);
  const { shards, merge, folder } = await merged();
  for (const { run, paths, records } of shards) {
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(records.length, 'each shard runs a share of the suite').toBeGreaterThan(0);
    expect(existsSync(join(paths.allureReport, 'index.html'))).toBe(false);
  }
  expect(merge.exitCode, merge.stderr).toBe(EXIT_CODES.conformant);
  expect(merge.stdout).toMatch(/^Verdict: CONFORMANT \(exit 0\)$/m);

  const paths = reportPathsUnder(folder);
  const keys = shards.flatMap((shard) => shard.records.map((r) => r.key));
  expect(new Set(keys).size, 'no test ran in both shards').toBe(keys.length);
  const summary = JSON.parse(readFileSync(paths.summary, 'utf8')) as SummaryFile;
  expect(summary.selection).toBe(`${SHARDS} shards merged`);
  expect(summary.tests).toEqual({ total: keys.length, passed: keys.length, failed: 0, skipped: 0 });
  expect(readJunit(paths.junit).map(caseKey).sort()).toEqual([...keys].sort());
  expect(existsSync(join(paths.allureReport, 'index.html')), 'the merge builds the HTML report').toBe(true);
});
