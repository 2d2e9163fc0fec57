/**
 * Known deviations, as a team lives with them: a target deviates (exit 1); `npm run baseline` accepts
 * those deviations until a date; the next run passes and says which deviations it accepted and until
 * when; a deviation the baseline does not list still fails; an entry past its date fails again; and once
 * the target is fixed the entries are reported as fixed, to be removed; accepting again what is listed,
 * or a run with no deviation, leaves the file as it was. One target URL throughout (a forwarding target
 * re-pointed from mutant to mutant), since baseline entries belong to a target.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { RUN_LABELS } from '../../../lib/results.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { DEFAULT_BASELINE_FILE, type BaselineEntry } from '../../../reporting/baseline.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { labelOf, readAllureResults } from './support/allure.ts';
import { linesOf, runCliCommand } from './support/cli-command.ts';
import { startForwardingTarget, type ForwardingTarget } from './support/forwarding-target.ts';
import { caseKey, readJunit } from './support/junit.ts';
import { startMockInWorker, type MockInWorker } from './support/mock-in-worker.ts';
import { IN_PROJECT, removeScratchDirs, scratchDir } from './support/scratch.ts';
import { once } from './support/shared.ts';

const RUN_TIMEOUT_MS = 5 * 60_000;
const REASON = 'known';
const UNTIL = `${new Date().getUTCFullYear() + 1}-12-31`;
const PAST = '2020-01-31';
const TODAY = new Date().toISOString().slice(0, 10);

interface BaselineFile {
  version: number;
  entries: BaselineEntry[];
}

let mocks: MockInWorker[] = [];
let forwarding: ForwardingTarget | undefined;

/** The mutants and the faithful mock, one target URL in front of them, and a project folder for the team. */
const setting = once(async () => {
  const [storeNoAuth, chargebackAmountString, faithful] = await Promise.all([
    startMockInWorker({ variation: { type: 'mutant', name: 'store-no-auth' } }),
    startMockInWorker({ variation: { type: 'mutant', name: 'chargeback-amount-string' } }),
    startMockInWorker(),
  ]);
  mocks = [storeNoAuth, chargebackAmountString, faithful];
  forwarding = await startForwardingTarget(storeNoAuth.baseUrl);
  // The project a team runs the suite from, and keeps its conformance-baseline.json in.
  const cwd = scratchDir('team-project', IN_PROJECT);
  return {
    forwarding,
    mocks: { storeNoAuth, chargebackAmountString, faithful },
    cwd,
    reports: join(cwd, 'reports'),
    baselineFile: join(cwd, DEFAULT_BASELINE_FILE),
  };
});

/** A run of one area (a handful of tests: one worker is enough) against `mock`, at the one target URL. */
async function runAgainst(mock: MockInWorker, area: 'stores' | 'chargebacks'): Promise<SuiteRun> {
  const { forwarding, cwd, reports } = await setting();
  forwarding.pointAt(mock.baseUrl);
  return runSuite({
    target: { ...mock.env, [VARIABLES.baseUrl]: forwarding.url },
    args: ['--project', area, '--workers', '1', '--no-html'],
    cwd,
    reportsDir: reports,
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

test.afterAll(removeScratchDirs);

function readBaselineFile(file: string): BaselineFile | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BaselineFile) : undefined;
}

const firstRun = once(async () => runAgainst((await setting()).mocks.storeNoAuth, 'stores'));

const acceptance = once(async () => {
  const first = await firstRun();
  const { cwd, reports, baselineFile } = await setting();
  const command = await runCliCommand(['baseline', '--reason', REASON, '--until', UNTIL], {
    cwd,
    env: { CONFORMANCE_REPORTS_DIR: reports },
  });
  // The same, into a file named on the command line that does not exist yet.
  const namedFile = join(scratchDir('named-baseline'), 'accepted.json');
  const named = await runCliCommand(
    ['baseline', '--reason', REASON, '--until', UNTIL, '--baseline', namedFile],
    { cwd, env: { CONFORMANCE_REPORTS_DIR: reports } },
  );
  return {
    first,
    command,
    file: readBaselineFile(baselineFile),
    named: { command: named, file: readBaselineFile(namedFile) },
  };
});

const acceptedRun = once(async () => {
  await acceptance();
  return runAgainst((await setting()).mocks.storeNoAuth, 'stores');
});

/** `npm run baseline` once more in the team's project, the baseline file's bytes before and after. */
async function baselineAgain() {
  const { cwd, reports, baselineFile } = await setting();
  const before = readFileSync(baselineFile, 'utf8');
  const command = await runCliCommand(['baseline', '--reason', 'again', '--until', UNTIL], {
    cwd,
    env: { CONFORMANCE_REPORTS_DIR: reports },
  });
  return { command, before, after: readFileSync(baselineFile, 'utf8') };
}

/** Accepting again after the accepted run, whose deviations the baseline lists already. */
const acceptedAgain = once(async () => (await acceptedRun(), baselineAgain()));

const unlistedRun = once(async () => {
  await acceptedAgain();
  return runAgainst((await setting()).mocks.chargebackAmountString, 'chargebacks');
});

const expiredRun = once(async () => {
  await unlistedRun();
  const { baselineFile, mocks } = await setting();
  const file = JSON.parse(readFileSync(baselineFile, 'utf8')) as BaselineFile;
  writeFileSync(
    baselineFile,
    JSON.stringify({ ...file, entries: file.entries.map((e) => ({ ...e, until: PAST })) }, null, 2),
  );
  return runAgainst(mocks.storeNoAuth, 'stores');
});

const fixedRun = once(async () => {
  await expiredRun();
  return runAgainst((await setting()).mocks.faithful, 'stores');
});

/** Accepting after the fixed run, which has no deviation. */
const acceptedAfterFix = once(async () => (await fixedRun(), baselineAgain()));

function failedKeys(run: SuiteRun): string[] {
  return run.records
    .filter((r) => r.status === 'failed')
    .map((r) => r.key)
    .sort();
}

test.describe('known deviations (conformance-baseline.json)', () => {
  test.setTimeout(RUN_TIMEOUT_MS * 2);

  test.afterAll(async () => {
    await forwarding?.close();
    await Promise.all(mocks.map((m) => m.stop()));
  });

  test('a target that deviates fails the run: exit 1', async () => {
    const run = await firstRun();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
    expect(failedKeys(run).length).toBeGreaterThan(0);
  });

  test('npm run baseline adds each deviation of the last run, for its target, with reason and date', async () => {
    const { first, command, file } = await acceptance();
    const { forwarding } = await setting();
    expect(command.exitCode, command.stderr).toBe(EXIT_CODES.conformant);
    expect(file?.version).toBe(1);
    const deviations = first.records.flatMap((r) =>
      r.failures.map((f) => ({ test: r.key, requirement: f.basis })),
    );
    expect(deviations.length).toBeGreaterThan(0);
    const entries = file?.entries ?? [];
    expect(entries.map((e) => ({ test: e.test, requirement: e.requirement }))).toEqual(deviations);
    for (const entry of entries) {
      expect(entry).toEqual({
        test: entry.test,
        requirement: entry.requirement,
        target: forwarding.url,
        reason: REASON,
        until: UNTIL,
        added: TODAY,
      });
    }
    expect(command.stdout).toContain(`${entries.length} deviation(s) added`);
  });

  test('npm run baseline -- --baseline FILE creates that file when it does not exist yet', async () => {
    const { file, named } = await acceptance();
    expect(named.command.exitCode, named.command.stderr).toBe(EXIT_CODES.conformant);
    expect(named.file?.entries).toEqual(file?.entries);
  });

  test('the next run accepts them: exit 0, each listed as "known deviation until DATE: reason"', async () => {
    const run = await acceptedRun();
    const { file } = await acceptance();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    for (const entry of file?.entries ?? [])
      expect(run.output).toContain(`${entry.test}: known deviation until ${UNTIL}: ${REASON}`);
    expect(run.output).toMatch(/^Verdict: CONFORMANT \(exit 0\)/m);
  });

  test('JUnit files a known deviation as <skipped> with its date and reason, never as a pass', async () => {
    const run = await acceptedRun();
    const known = new Set(failedKeys(await firstRun()));
    const cases = readJunit(run.reports.junit).filter((c) => known.has(caseKey(c)));
    expect(cases.map(caseKey).sort()).toEqual([...known].sort());
    for (const testCase of cases) {
      expect(testCase.skipped?.message).toBe(`known deviation until ${UNTIL}: ${REASON}`);
      expect(testCase.failure).toBeUndefined();
      expect(testCase.error).toBeUndefined();
    }
  });

  test("Allure's results mark each known deviation once, with its date and reason, as the report files it", async () => {
    const run = await acceptedRun();
    const known = new Set(failedKeys(await firstRun()));
    const note = `known deviation until ${UNTIL}: ${REASON}`;
    const marked = readAllureResults(run.reports.allureResults).filter((r) =>
      known.has(labelOf(r, RUN_LABELS.testKey) ?? ''),
    );
    expect(marked.map((r) => labelOf(r, RUN_LABELS.testKey)).sort()).toEqual([...known].sort());
    for (const result of marked) {
      expect(result.labels.filter((l) => l.name === RUN_LABELS.knownDeviation)).toEqual([
        { name: RUN_LABELS.knownDeviation, value: note },
      ]);
      expect(result.statusDetails?.message?.startsWith(`${note}\n\n`), result.name).toBe(true);
      expect(result.statusDetails?.message?.indexOf(note, 1), 'marked once').toBe(-1);
    }
  });

  test('npm run baseline after a run whose deviations are all listed says so and leaves the file as it was', async () => {
    const { command, before, after } = await acceptedAgain();
    const { file } = await acceptance();
    expect(command.exitCode, command.stderr).toBe(EXIT_CODES.conformant);
    expect(linesOf(command.stdout)).toEqual([
      `All ${file?.entries.length} deviation(s) of the last run are already listed in ${(await setting()).baselineFile}, and are kept as they are.`,
    ]);
    expect(after).toBe(before);
  });

  test('a deviation the baseline does not list still fails: exit 1', async () => {
    const run = await unlistedRun();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
    expect(failedKeys(run).length).toBeGreaterThan(0);
    for (const key of failedKeys(run)) expect(run.output).toContain(`  ✘ ${key}`);
  });

  test('an entry past its date fails again (exit 1) and is reported as past its date', async () => {
    const run = await expiredRun();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
    expect(run.output).toMatch(/^Known deviations past their date \(\d+\): they fail again$/m);
    for (const key of failedKeys(await firstRun()))
      expect(run.output).toContain(`  ✘ ${key}: accepted until ${PAST} (${REASON})`);
    expect(run.output).toMatch(/known deviation\(s\) past their date in the baseline/);
  });

  test('once the target no longer deviates, the entries are reported fixed, to be removed', async () => {
    const run = await fixedRun();
    const { file } = await acceptance();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(run.output).toMatch(/^Fixed \(\d+\): no longer failing — remove from the baseline:$/m);
    for (const entry of file?.entries ?? [])
      expect(run.output).toContain(`  ✓ ${entry.test} (${entry.requirement})`);
  });

  test('npm run baseline after a run with no deviation accepts nothing and leaves the file as it was', async () => {
    const { command, before, after } = await acceptedAfterFix();
    const { forwarding, baselineFile } = await setting();
    expect(command.exitCode, command.stderr).toBe(EXIT_CODES.conformant);
    expect(command.stdout).toContain(
      `(${forwarding.url}: CONFORMANT) had no deviation: nothing to accept, ${baselineFile} left as it was.`,
    );
    expect(after).toBe(before);
  });
});

test.describe('npm run baseline refuses', () => {
  // Apart from the known deviations' story: each in its own folder, any worker.
  test.describe.configure({ mode: 'parallel' });

  for (const [mistake, args, says] of [
    ['--until in the past', ['--reason', REASON, '--until', PAST], /--until 2020-01-31 is in the past/],
    ['a missing --reason', ['--until', UNTIL], /--reason is required/],
  ] as const) {
    test(`${mistake}: exit 2, one line, the baseline file untouched`, async () => {
      const cwd = scratchDir('baseline');
      const baselineFile = join(cwd, DEFAULT_BASELINE_FILE);
      const content = `${JSON.stringify({ version: 1, entries: [] })}\n`;
      writeFileSync(baselineFile, content);
      const run = await runCliCommand(['baseline', ...args], {
        cwd,
        env: { CONFORMANCE_REPORTS_DIR: join(cwd, 'reports') },
      });
      expect(run.exitCode, run.stderr).toBe(EXIT_CODES.usage);
      expect(linesOf(run.stderr)).toHaveLength(1);
      expect(run.stderr).toMatch(says);
      expect(run.stderr).not.toMatch(/^\s{4}at /m);
      expect(readFileSync(baselineFile, 'utf8')).toBe(content);
    });
  }
});
