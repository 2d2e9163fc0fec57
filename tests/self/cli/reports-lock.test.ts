/**
 * One run at a time writes a reports folder: a second run into it is refused before it touches anything,
 * naming the run that holds it, and the first ends as it would have alone; a lock left by a run that no
 * longer exists is taken over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import type { ReportsLock } from '../../../cli/reports-lock.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { removeScratchDirs, scratchDir } from '../reports/support/scratch.ts';

const RUN_TIMEOUT_MS = 2 * 60_000;
const STORES = ['--project', 'stores', '--no-html', '--workers', '1'];

test.afterAll(removeScratchDirs);

test.describe.configure({ mode: 'parallel', timeout: RUN_TIMEOUT_MS });

test('a second run into a folder another run is writing is refused, and the first ends as it would alone', async () => {
  const dir = scratchDir('lock');
  const paths = reportPathsUnder(dir);
  const first = runSuite({ args: STORES, reportsDir: dir, timeoutMs: RUN_TIMEOUT_MS });
  await expect.poll(() => existsSync(paths.lock), { timeout: 30_000 }).toBe(true);

  const second = await runSuite({ args: STORES, reportsDir: dir, timeoutMs: RUN_TIMEOUT_MS });
  expect(second.exitCode, second.output).toBe(EXIT_CODES.usage);
  expect(second.output.trim()).toMatch(
    /^UsageError: another run \(pid \d+ on \S+, started \d{4}-\d\d-\d\dT[\d:.]+Z\) is writing \S+: wait for it to end, or give this run a folder of its own with --reports DIR \(if no run is left, remove \S+\.run\.lock\)$/,
  );

  const run = await first;
  expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
  expect(run.records.filter((r) => r.status === 'passed')).toHaveLength(run.records.length);
  expect(run.records.length).toBeGreaterThan(0);
  expect(existsSync(paths.lock), 'the lock is given back').toBe(false);
});

test('a lock left by a run that no longer exists is taken over', async () => {
  const dir = scratchDir('lock');
  const paths = reportPathsUnder(dir);
  mkdirSync(dir, { recursive: true });
  const ended = spawnSync(process.execPath, ['-e', '0']).pid;
  const stale: ReportsLock = { pid: ended, host: hostname(), started: '2026-01-01T00:00:00.000Z' };
  writeFileSync(paths.lock, JSON.stringify(stale));

  // A selection of nothing: the quickest run that takes the folder (its verdict: nothing tested).
  const run = await runSuite({
    args: ['--grep', 'no test is called this', '--no-html'],
    reportsDir: dir,
    timeoutMs: RUN_TIMEOUT_MS,
  });
  expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
  expect(run.output).toMatch(/^Verdict: NOTHING TESTED \(exit 1\)/m);
  expect(existsSync(paths.lock), 'the lock is given back').toBe(false);
});
