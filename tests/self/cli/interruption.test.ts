/**
 * Ctrl-C during a run stops its tests, not the run command: the tests in flight end, the rest are not
 * run, what ran is reported with the verdict INTERRUPTED (exit 130), the embedded mock serves until the
 * runner is done (no test fails for its going away), and the reports folder is given back. A CI job
 * cancelled with SIGTERM to the command alone gets the same; a merge of the reports (a shard's) says so too.
 * Before the tests start (the target still being timed), Ctrl-C stops the run at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { parseResults } from '../../../lib/results.ts';
import type { Coverage } from '../../../reporting/coverage.ts';
import type { SummaryFile } from '../../../reporting/summary.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { readAllureResults } from '../reports/support/allure.ts';
import { runCliCommand } from '../reports/support/cli-command.ts';
import { startHangingTarget } from '../reliability/support/bad-target.ts';
import { removeScratchDirs, scratchDir } from '../reports/support/scratch.ts';

const RUN_TIMEOUT_MS = 2 * 60_000;
/** Tests ended before the signal is sent: the run is well under way, far from its end. */
const ENDED_BEFORE_SIGNAL = 3;

test.afterAll(removeScratchDirs);

test.describe.configure({ mode: 'parallel', timeout: RUN_TIMEOUT_MS });

function endedTests(file: string): number {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

for (const { how, signal, toGroup, shard } of [
  {
    how: 'Ctrl-C in a terminal (SIGINT to every process of the run)',
    signal: 'SIGINT',
    toGroup: true,
    shard: undefined,
  },
  {
    how: "SIGTERM to a shard's run command alone (a cancelled CI job)",
    signal: 'SIGTERM',
    toGroup: false,
    shard: { index: 1, total: 2 },
  },
] as const) {
  test(`${how}: what ran is reported, INTERRUPTED, exit 130, the folder given back`, async () => {
    const dir = scratchDir('interrupted');
    const shardDir = shard ? join(dir, `shard-${shard.index}-of-${shard.total}`) : undefined;
    const paths = reportPathsUnder(shardDir ?? dir);
    let pid = 0;
    const running = runSuite({
      args: ['--no-html', ...(shard ? ['--shard', `${shard.index}/${shard.total}`] : [])],
      reportsDir: dir,
      timeoutMs: RUN_TIMEOUT_MS,
      processGroup: toGroup,
      onSpawn: (spawned) => (pid = spawned),
    });
    await expect
      .poll(() => endedTests(reportPathsUnder(dir).run.results), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(ENDED_BEFORE_SIGNAL);
    process.kill(toGroup ? -pid : pid, signal);
    const run = await running;

    expect(run.exitCode, run.output).toBe(EXIT_CODES.interrupted);
    const verdict = run.output.match(
      new RegExp(
        `Verdict: INTERRUPTED \\(exit 130\\) — ${signal} after (\\d+) of the (\\d+) tests planned: the rest were never tested`,
      ),
    );
    expect(verdict, run.output).not.toBeNull();
    const [ran, planned] = [Number(verdict![1]), Number(verdict![2])];
    expect(ran).toBeGreaterThanOrEqual(ENDED_BEFORE_SIGNAL);
    expect(ran).toBeLessThan(planned);

    // Nothing failed for the interruption: the tests that ended passed; those stopped half-way, or never
    // started, are not run: no record, counted apart from the tests the selection left out.
    const records = shardDir ? parseResults(readFileSync(paths.results, 'utf8')) : run.records;
    expect(records).toHaveLength(ran);
    expect(records.filter((r) => r.status !== 'passed').map((r) => JSON.stringify(r.failures))).toEqual([]);
    expect(run.output).not.toMatch(/got no answer|suite itself failed/);
    const coverage = JSON.parse(readFileSync(paths.coverageJson, 'utf8')) as Coverage;
    const notRun = coverage.rows.filter((r) => r.verdict === 'not run');
    expect(notRun.length, 'requirements whose tests the run never got to').toBeGreaterThan(0);
    expect(coverage.totals['not run']).toBe(notRun.length);
    expect(run.output).toContain(` ${notRun.length} not run, `);
    expect(
      notRun.flatMap((r) => r.tests.filter((t) => t.status !== 'not run' && t.status !== 'not selected')),
      'a requirement not run has no test that ran',
    ).toEqual([]);
    // The report shows the tests that did not run as skipped, none failed.
    const results = readAllureResults(paths.allureResults);
    expect(results.filter((r) => r.status === 'passed')).toHaveLength(ran);
    expect(results.filter((r) => r.status !== 'passed' && r.status !== 'skipped')).toEqual([]);

    const summary = JSON.parse(readFileSync(paths.summary, 'utf8')) as SummaryFile;
    expect(summary).toMatchObject({ verdict: 'INTERRUPTED', exitCode: EXIT_CODES.interrupted });
    expect(existsSync(reportPathsUnder(dir).lock), 'the lock is given back').toBe(false);

    // Merged (as a shard is), the tests that never ran are neither passed nor missing: interrupted too.
    const merge = await runCliCommand(['report', 'merge', paths.root, '--reports', join(dir, 'merged')]);
    expect(merge.exitCode, merge.stdout + merge.stderr).toBe(EXIT_CODES.interrupted);
    expect(merge.stdout).toContain(
      `Verdict: INTERRUPTED (exit 130) — ${signal} after ${ran} of the ${planned} tests planned`,
    );
  });
}

test('Ctrl-C while a silent target is being timed stops the run at once, reports untouched', async () => {
  const target = await startHangingTarget({ probeAnswers: false });
  const dir = scratchDir('interrupted');
  const paths = reportPathsUnder(dir);
  try {
    let pid = 0;
    const running = runSuite({
      target: { [VARIABLES.baseUrl]: target.url, [VARIABLES.clientId]: '1', [VARIABLES.clientSecret]: 's' },
      reportsDir: dir,
      timeoutMs: RUN_TIMEOUT_MS,
      processGroup: true,
      onSpawn: (spawned) => (pid = spawned),
    });
    // The folder is held, and the target's first answer (a probe's, up to 5 s) is still awaited.
    await expect.poll(() => existsSync(paths.lock), { timeout: 30_000 }).toBe(true);
    const signalled = Date.now();
    process.kill(-pid, 'SIGINT');
    const run = await running;
    expect(run.exitCode, run.output).toBe(EXIT_CODES.interrupted);
    expect(Date.now() - signalled, 'no wait for the probe to time out').toBeLessThan(3_000);
    expect(run.output.trim()).toMatch(
      /^Interrupted \(SIGINT\) before the tests started: nothing is reported, \S+ is left as it was\.$/,
    );
    expect(existsSync(paths.summary)).toBe(false);
    expect(existsSync(paths.lock), 'the lock is given back').toBe(false);
  } finally {
    await target.close();
  }
});
