/**
 * `npm run report:merge` on synthetic allure-results: the exit code is the quality gate's, the report,
 * coverage matrix and history land in CONFORMANCE_REPORTS_DIR, and shards merge into one report.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import { documentedPaths, type Coverage } from '../../../scripts/report/coverage.ts';
import { runScript } from './support/run-script.ts';
import { passingRun, writeResults, type SyntheticTest } from './support/synthetic-results.ts';
import { isolatedDir, removeIsolatedDirsAfterPassingTests } from './support/temp-dir.ts';

const MERGE = 'scripts/report/merge.ts';
/** Enough behaviour tests that a fully passing synthetic run meets the default minimum of 50. */
const EXTRA = 20;

function merge(outputRoot: string, ...resultDirs: string[]) {
  return runScript(MERGE, resultDirs, { CONFORMANCE_REPORTS_DIR: outputRoot, CONFORMANCE_MIN_TESTS: '' });
}

function statistic(outputRoot: string): Record<string, number> {
  const file = join(reportPathsUnder(outputRoot).allureReport, 'widgets', 'statistic.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
}

function coverageOf(outputRoot: string): Coverage {
  return JSON.parse(readFileSync(reportPathsUnder(outputRoot).coverageJson, 'utf8')) as Coverage;
}

function runWith(dir: string, tests: readonly SyntheticTest[]): string {
  writeResults(dir, tests);
  return dir;
}

test.describe('quality gate and report generation', () => {
  removeIsolatedDirsAfterPassingTests();
  const roots = new Map<string, string>();
  /** A path in the current test's private folder. */
  const at = (name: string) => {
    const { testId } = test.info();
    const root = roots.get(testId) ?? isolatedDir('gate');
    roots.set(testId, root);
    return join(root, name);
  };

  test('a complete, passing run passes the gate and writes report, coverage matrix and history', async () => {
    const out = at('out');
    const results = runWith(at('results'), passingRun(EXTRA));
    const run = await merge(out, results);
    expect(run.status, run.output).toBe(0);
    const paths = reportPathsUnder(out);
    for (const file of [
      paths.coverageMarkdown,
      paths.coverageJson,
      paths.history,
      join(paths.allureReport, 'index.html'),
    ]) {
      expect(existsSync(file), file).toBe(true);
    }
    expect(statistic(out).total).toBe(documentedPaths().length + EXTRA);
    expect(coverageOf(out).totals.untested).toBe(0);
    expect(run.output).toContain('Quality gate: PASSED');
  });

  test('one failing test fails the gate', async () => {
    const out = at('out');
    const tests = passingRun(EXTRA);
    tests[0] = { ...tests[0]!, status: 'failed', message: 'expected HTTP status 200, got 400' };
    const run = await merge(out, runWith(at('results'), tests));
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain('FAIL verdict/maxFailures');
  });

  test('a documented path without any test fails the gate and is named', async () => {
    const out = at('out');
    const [dropped, ...rest] = passingRun(EXTRA + 1);
    const run = await merge(out, runWith(at('results'), rest));
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain('FAIL coverage/documentedPathsWithoutTest');
    expect(run.output).toContain(dropped!.story);
    expect(readFileSync(reportPathsUnder(out).coverageMarkdown, 'utf8')).toContain(`- \`${dropped!.story}\``);
  });

  test('a run that executed nothing (all skipped) fails the gate, though every path has a test', async () => {
    const out = at('out');
    const skipped = passingRun(EXTRA).map((t) => ({
      ...t,
      status: 'skipped' as const,
      message: "needs ability 'faults'",
    }));
    const run = await merge(out, runWith(at('results'), skipped));
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain('FAIL executed/minTestsCount');
    expect(coverageOf(out).totals).toMatchObject({ untested: 0, 'not exercised': documentedPaths().length });
  });

  test('consecutive runs append to the history file, for trends and flaky tests', async () => {
    const out = at('out');
    const results = runWith(at('results'), passingRun(EXTRA));
    expect((await merge(out, results)).status).toBe(0);
    expect((await merge(out, results)).status).toBe(0);
    const lines = readFileSync(reportPathsUnder(out).history, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
  });

  test('shards merge into one report holding every test once, the setup run in each shard included', async () => {
    const out = at('out');
    const all = passingRun(EXTRA);
    const half = Math.ceil(all.length / 2);
    const setup: SyntheticTest = { name: 'obtain tokens', status: 'passed', story: 'behaviour:setup' };
    const shard1 = runWith(at('shard-1-of-2/allure-results'), [...all.slice(0, half), { ...setup, stop: 1 }]);
    const shard2 = runWith(at('shard-2-of-2/allure-results'), [...all.slice(half), { ...setup, stop: 2 }]);
    const run = await merge(out, join(shard1, '..'), shard2);
    expect(run.status, run.output).toBe(0);
    expect(statistic(out).total).toBe(all.length + 1);
    expect(coverageOf(out).tests.total).toBe(all.length + 1);
  });

  test('a folder without results is refused with a clear message', async () => {
    const run = await merge(at('out'), at('empty'));
    expect(run.status).toBe(2);
    expect(run.output).toContain('holds no allure results');
  });
});
