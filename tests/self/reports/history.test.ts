/**
 * History per target: runs against the embedded mock and runs against another target, all into one
 * reports folder, keep separate histories; each run says what changed since the last run on the same
 * target (tests newly failing, newly passing), and lists them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_PROFILE } from '../../../lib/profiles.ts';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { historyFiles, type HistoryEntry } from '../../../reporting/history.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { embeddedStoresRun, STORES_RUN_TIMEOUT_MS, STORES_SELECTION } from './support/embedded-stores-run.ts';
import { startForwardingTarget, type ForwardingTarget } from './support/forwarding-target.ts';
import { startMockInWorker, type MockInWorker } from './support/mock-in-worker.ts';
import { once } from './support/shared.ts';

const RUN_TIMEOUT_MS = STORES_RUN_TIMEOUT_MS;
const EMBEDDED = 'embedded mock';
const SELECTION = STORES_SELECTION;
const NO_EARLIER_RUN = 'No earlier run on this target to compare with.';

let mocks: MockInWorker[] = [];
let forwarding: ForwardingTarget | undefined;

const setting = once(async () => {
  const [faithful, storeNoAuth] = await Promise.all([
    startMockInWorker(),
    startMockInWorker({ variation: { type: 'mutant', name: 'store-no-auth' } }),
  ]);
  mocks = [faithful, storeNoAuth];
  forwarding = await startForwardingTarget(faithful.baseUrl);
  // The history's folder is the first run's (cli/selection.test.ts reads that run too).
  const reports = (await firstEmbedded()).reports.root;
  return { faithful, storeNoAuth, forwarding, reports };
});

async function embeddedRun(args: readonly string[]): Promise<SuiteRun> {
  const { reports } = await setting();
  return runSuite({ args: [...SELECTION, ...args], reportsDir: reports, timeoutMs: RUN_TIMEOUT_MS });
}

/** A run against the separately started target, whichever mock it forwards to. */
async function separateRun(
  mock: 'faithful' | 'storeNoAuth',
  args: readonly string[] = [],
): Promise<SuiteRun> {
  const started = await setting();
  started.forwarding.pointAt(started[mock].baseUrl);
  return runSuite({
    target: { ...started[mock].env, [VARIABLES.baseUrl]: started.forwarding.url },
    args: [...SELECTION, ...args],
    reportsDir: started.reports,
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

/** The first run on the embedded mock, into a fresh folder: support/embedded-stores-run.ts. */
async function firstEmbedded(): Promise<SuiteRun> {
  return (await embeddedStoresRun()).run;
}
/** Without the HTML report: whether the first run's report was left in the folder, seen at once. */
const secondEmbedded = once(async () => {
  await firstEmbedded();
  const run = await embeddedRun(['--no-html']);
  return { run, reportLeft: existsSync(join(run.reports.allureReport, 'index.html')) };
});
const separateFaithful = once(async () => (await secondEmbedded(), separateRun('faithful')));
// The first run on each target builds the HTML report (and Allure's history); the rest need only ours.
const separateMutant = once(
  async () => (await separateFaithful(), separateRun('storeNoAuth', ['--no-html'])),
);
const separateFixed = once(async () => (await separateMutant(), separateRun('faithful', ['--no-html'])));

function historyOf(file: string): HistoryEntry[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as HistoryEntry);
}

function failedKeys(run: SuiteRun): string[] {
  return run.records.filter((r) => r.status === 'failed').map((r) => r.key);
}

const SINCE = (failing: number, passing: number) =>
  new RegExp(
    `^Since the last run on this target \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\): ${failing} newly failing tests?, ${passing} newly passing tests?$`,
    'm',
  );

test.describe('history per target', () => {
  test.setTimeout(RUN_TIMEOUT_MS * 2);

  test.afterAll(async () => {
    await forwarding?.close();
    await Promise.all(mocks.map((m) => m.stop()));
  });

  test('runs against the embedded mock and against a separately started mock keep separate history files', async () => {
    await separateFaithful();
    const { reports, forwarding } = await setting();
    const dir = reportPathsUnder(reports).historyDir;
    const embedded = historyFiles(dir, EMBEDDED, DEFAULT_PROFILE);
    const separate = historyFiles(dir, forwarding.url, DEFAULT_PROFILE);
    expect(embedded.runs).not.toBe(separate.runs);
    expect(historyOf(embedded.runs).map((e) => e.target)).toEqual([EMBEDDED, EMBEDDED]);
    expect(historyOf(separate.runs).map((e) => e.target)).toEqual([forwarding.url]);
    for (const file of [embedded.allure, separate.allure]) expect(existsSync(file), file).toBe(true);
    expect((await firstEmbedded()).output).toContain(NO_EARLIER_RUN);
    expect((await separateFaithful()).output, 'the embedded runs are not its history').toContain(
      NO_EARLIER_RUN,
    );
  });

  test('the second run on the embedded mock says how many tests newly fail and newly pass since the last', async () => {
    const { run } = await secondEmbedded();
    expect(run.exitCode, run.output).toBe(0);
    expect(run.output).toMatch(SINCE(0, 0));
  });

  test('a run with --no-html is in the history all the same, keeps its Allure results and removes the earlier report', async () => {
    const first = await firstEmbedded();
    expect(first.output).toMatch(/^Report: +\S*allure-report\/index\.html \(opens from disk\)$/m);
    const { run, reportLeft } = await secondEmbedded();
    expect(reportLeft, "the first run's report is not left to pass for this run's").toBe(false);
    expect(run.output).toMatch(
      /^Report: +not built \(--no-html\); Allure's results are in \S*allure-results$/m,
    );
    const results = readdirSync(run.reports.allureResults).filter((f) => f.endsWith('-result.json'));
    expect(results, 'one Allure result per test').toHaveLength(run.records.length);
  });

  test('a run that breaks tests counts and lists the newly failing ones', async () => {
    const run = await separateMutant();
    const failed = failedKeys(run);
    expect(failed.length, 'the mutant fails tests').toBeGreaterThan(0);
    expect(run.output).toMatch(SINCE(failed.length, 0));
    for (const key of failed) expect(run.output).toContain(`  + failing: ${key}`);
  });

  test('a run after a mutant run counts and lists the newly passing tests', async () => {
    const failedBefore = failedKeys(await separateMutant());
    const run = await separateFixed();
    expect(run.exitCode, run.output).toBe(0);
    expect(run.output).toMatch(SINCE(0, failedBefore.length));
    for (const key of failedBefore) expect(run.output).toContain(`  - passing: ${key}`);
  });
});
