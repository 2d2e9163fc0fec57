/**
 * Running part of the suite: an area or a --grep gets a verdict on what it selected and reports the rest
 * "not selected" (never "no test"); a selection of nothing is no verdict; --plan predicts, without a
 * request, exactly the skips a run then makes; --last-failed reruns exactly what failed, and where
 * nothing failed (or nothing ran) it says so and leaves the last reports alone; what --max-failures
 * stops the run before is "not run".
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import type { TestRecord } from '../../../lib/results.ts';
import { ENDPOINTS, MADE_UP_IDS_TAG } from '../../../lib/catalogue.ts';
import { ID_VARIABLES, OPTIONAL_IDS, VARIABLES } from '../../../lib/target.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { NEEDS_ABILITY, NEEDS_CURRENCY, NEEDS_ID } from '../../../run/skip-reasons.ts';
import type { Coverage } from '../../../reporting/coverage.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { embeddedStoresRun } from '../reports/support/embedded-stores-run.ts';
import { startForwardingTarget, type ForwardingTarget } from '../reports/support/forwarding-target.ts';
import { startMockInWorker, type MockInWorker } from '../reports/support/mock-in-worker.ts';
import { once } from '../reports/support/shared.ts';
import { parsePlan } from './support/plan-output.ts';
import { removeScratchDirs, scratchDir } from '../reports/support/scratch.ts';

const RUN_TIMEOUT_MS = 5 * 60_000;
/** For a run of a handful of tests: one worker runs them about as soon as two, for less CPU. */
const ONE_WORKER = ['--workers', '1'];

function coverageOf(run: SuiteRun): Coverage {
  return JSON.parse(readFileSync(run.reports.coverageJson, 'utf8')) as Coverage;
}

/** Every testable requirement none of whose tests ran is "not selected"; none is "no test". */
function expectRestNotSelected(coverage: Coverage | undefined): void {
  expect(coverage, 'the run wrote coverage.json').toBeDefined();
  if (!coverage) return;
  expect(coverage.totals['no test'], 'no requirement reported without a test').toBe(0);
  const unselected = coverage.rows.filter(
    (row) =>
      row.source === 'spec' &&
      row.verdict !== 'untestable' &&
      row.tests.every((t) => t.status === 'not selected'),
  );
  expect(unselected.length, 'the run left requirements unselected').toBeGreaterThan(0);
  for (const row of unselected) expect(row.verdict, row.id).toBe('not selected');
  expect(coverage.totals.passed, 'the selected requirements passed').toBeGreaterThan(0);
}

function keysOf(records: readonly TestRecord[]): string[] {
  return records.map((r) => r.key).sort();
}

test.afterAll(removeScratchDirs);

/** A passing run of a few tests in a folder of its own (no later run writes there). */
const grepRun = once(() =>
  runSuite({
    args: ['--grep', 'INVALID_STORE_ID', '--no-html'],
    reportsDir: scratchDir('run'),
    timeoutMs: RUN_TIMEOUT_MS,
  }),
);

test.describe('npm run conformance: running part of the suite', () => {
  // Independent runs, each in its own reports folder.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(RUN_TIMEOUT_MS);

  test('--project stores runs that area only, exits 0, and reports the rest "not selected"', async () => {
    // The first run of reports/history.test.ts (../reports/support/embedded-stores-run.ts), with the
    // coverage it wrote.
    const { run, coverage } = await embeddedStoresRun();
    expect(run.output).toContain('selected: area stores');
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(run.records.length).toBeGreaterThan(0);
    for (const record of run.records) expect(record.area, record.key).toBe('stores');
    expectRestNotSelected(coverage);
  });

  test('--grep INVALID_STORE_ID runs the matching tests only, exits 0, and reports the rest "not selected"', async () => {
    const run = await grepRun();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(run.records.length).toBeGreaterThan(0);
    for (const record of run.records) expect(record.title).toContain('INVALID_STORE_ID');
    expectRestNotSelected(coverageOf(run));
  });

  test('a selection that matches no test exits 1 with a "nothing tested" verdict', async () => {
    const run = await runSuite({
      args: ['--grep', 'no test is called this', '--no-html'],
      reportsDir: scratchDir('run'),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
    expect(run.records).toEqual([]);
    expect(run.output).toMatch(/^Verdict: NOTHING TESTED \(exit 1\) — the selection matched no test/m);
  });

  test('--last-failed after a failing run reruns exactly the tests that failed', async () => {
    const mock = await startMockInWorker({ variation: { type: 'mutant', name: 'store-no-auth' } });
    try {
      const failing = await runSuite({
        target: mock.env,
        args: ['--project', 'stores', '--project', 'chargebacks', '--no-html', ...ONE_WORKER],
        reportsDir: scratchDir('run'),
        timeoutMs: RUN_TIMEOUT_MS,
      });
      expect(failing.exitCode, failing.output).toBe(EXIT_CODES.deviations);
      const failed = failing.records.filter((r) => r.status === 'failed');
      expect(failed.length, 'the mutant fails some tests').toBeGreaterThan(0);
      expect(failing.records.length, 'and passes others').toBeGreaterThan(failed.length);

      const rerun = await runSuite({
        target: mock.env,
        args: ['--last-failed', '--no-html', ...ONE_WORKER],
        reportsDir: failing.reports.root,
        timeoutMs: RUN_TIMEOUT_MS,
      });
      expect(rerun.exitCode, rerun.output).toBe(EXIT_CODES.deviations);
      expect(keysOf(rerun.records)).toEqual(keysOf(failed));
    } finally {
      await mock.stop();
    }
  });

  test('--max-failures 1: the tests the run never got to are "not run", neither skipped nor not selected', async () => {
    const mock = await startMockInWorker({ variation: { type: 'mutant', name: 'store-no-auth' } });
    try {
      const run = await runSuite({
        target: mock.env,
        args: ['--project', 'stores', '--max-failures', '1', '--no-html', ...ONE_WORKER],
        reportsDir: scratchDir('run'),
        timeoutMs: RUN_TIMEOUT_MS,
      });
      expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
      const stopped = run.output.match(
        /(\d+) of the (\d+) tests planned did not run \(the runner ended early, as --max-failures makes it\)/,
      );
      expect(stopped, run.output).not.toBeNull();
      // Only the tests that ended have records: the failure, and no skip a stopped worker made up.
      expect(run.records.map((r) => r.status)).toEqual(['failed']);
      expect(Number(stopped![2]) - Number(stopped![1])).toBe(run.records.length);
      const coverage = coverageOf(run);
      expect(coverage.totals['not run'], run.output).toBeGreaterThan(0);
      for (const row of coverage.rows.filter((r) => r.verdict === 'not run'))
        expect(
          row.tests.map((t) => t.status).filter((s) => s !== 'not run' && s !== 'not selected'),
          row.id,
        ).toEqual([]);
      expect(coverage.rows.filter((r) => r.verdict === 'not selected').length).toBeGreaterThan(0);
    } finally {
      await mock.stop();
    }
  });

  test('--last-failed with nothing to rerun says so and leaves the last reports as they were', async () => {
    const passing = await grepRun();
    expect(passing.exitCode, passing.output).toBe(EXIT_CODES.conformant);
    const before = readFileSync(passing.reports.summary, 'utf8');
    const rerun = await runSuite({
      args: ['--last-failed', '--no-html'],
      reportsDir: passing.reports.root,
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(rerun.exitCode, rerun.output).toBe(EXIT_CODES.conformant);
    expect(rerun.output).toMatch(
      /^Nothing to rerun: the last run in \S+ \(selected: --grep INVALID_STORE_ID\) had no failed test\. Its verdict stands, CONFORMANT \(exit 0\), and its reports are left as they were\.$/m,
    );
    expect(readFileSync(passing.reports.summary, 'utf8'), "summary.json is the last run's").toBe(before);
    expect(keysOf(rerun.records)).toEqual(keysOf(passing.records));

    const noRun = await runSuite({
      args: ['--last-failed', '--no-html'],
      reportsDir: scratchDir('run'),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expect(noRun.exitCode, noRun.output).toBe(EXIT_CODES.usage);
    expect(noRun.output).toMatch(
      /^UsageError: --last-failed reruns the failures of the last run in \S+, and no run left its record there: run the suite first, or name that run's reports folder with --reports DIR$/m,
    );
    expect(noRun.records, 'nothing ran').toEqual([]);
  });
});

test.describe('npm run conformance -- --plan against a target without abilities or resource ids', () => {
  test.setTimeout(RUN_TIMEOUT_MS);

  let mock: MockInWorker | undefined;
  let forwarding: ForwardingTarget | undefined;
  /**
   * A mock without control routes, declared with no ability and given only the application and an
   * authorization code (not the ids of its plan, claims, chargeback, store or agreement, nor its redirect
   * URI or the currency it takes), reached through a request counter.
   */
  const target = once(async () => {
    mock = await startMockInWorker({ noControl: true });
    forwarding = await startForwardingTarget(mock.baseUrl);
    const env: Record<string, string> = {
      ...mock.env,
      [VARIABLES.baseUrl]: forwarding.url,
      [VARIABLES.abilities]: '',
      // Never exchanged: without the redirect URI it is bound to, the tests that would use it skip.
      [VARIABLES.authCode]: 'TG-never-exchanged',
    };
    for (const id of OPTIONAL_IDS) delete env[ID_VARIABLES[id]];
    delete env[VARIABLES.currency];
    return { env, forwarding };
  });
  const plan = once(async () => {
    const { env, forwarding } = await target();
    const before = forwarding.requests.length;
    const run = await runSuite({
      target: env,
      args: ['--plan'],
      reportsDir: scratchDir('run'),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    return { run, printed: parsePlan(run.output), requests: forwarding.requests.length - before };
  });
  const wholeRun = once(async () => {
    const { env } = await target();
    await plan();
    // Playwright alone: which tests ran and which were skipped, and why, is in the typed records; the
    // run command's reports are other tests' business.
    return runSuite({
      via: 'playwright',
      target: env,
      reportsDir: scratchDir('run'),
      timeoutMs: RUN_TIMEOUT_MS,
    });
  });

  test.afterAll(async () => {
    await forwarding?.close();
    await mock?.stop();
  });

  test('lists the skips grouped by reason and sends no request', async () => {
    const { run, printed, requests } = await plan();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(requests, 'requests the target received during --plan').toBe(0);
    expect(printed.sentNoRequest).toBe(true);
    expect(run.output).toContain('abilities none');
    expect(printed.skips.size, 'several reasons, each its own group').toBeGreaterThan(1);
    const listed = [...printed.skips.values()].flat();
    expect(new Set(listed).size, 'each test under one reason').toBe(listed.length);
    expect(listed).toHaveLength(printed.willSkip);
    expect(printed.willRun + printed.willSkip).toBe(printed.selected);
    expect(printed.skips.get(NEEDS_ABILITY('faults'))?.length ?? 0).toBeGreaterThan(0);
    // Every endpoint that names a resource of the account (and needs no ability) skips for the id it
    // lacks, not for an answer about a resource the target never had; the authorization-code tests skip
    // for the redirect URI the code would be bound to.
    const reasons = [...printed.skips.keys()];
    for (const endpoint of ENDPOINTS.filter((e) => e.resourceIds && !e.destructive))
      expect(reasons, endpoint.id).toContain(NEEDS_ID(endpoint.resourceIds![0]!));
    expect(reasons).toContain(NEEDS_ID('redirectUri'));
    // The preferences that must be created skip for the currency the account takes.
    expect(printed.skips.get(NEEDS_CURRENCY)?.length ?? 0).toBeGreaterThan(0);
  });

  test('a whole run against that target skips exactly the tests the plan named, for the same reasons', async () => {
    const { printed } = await plan();
    const run = await wholeRun();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(run.records).toHaveLength(printed.selected);
    const predicted = new Map([...printed.skips].flatMap(([reason, keys]) => keys.map((k) => [k, reason])));
    const skipped = new Map(
      run.records.filter((r) => r.status === 'skipped').map((r) => [r.key, r.skipReason ?? '']),
    );
    expect(Object.fromEntries([...skipped].sort())).toEqual(Object.fromEntries([...predicted].sort()));
    // A test that sends only made-up ids (an unknown plan, an invalid store or claim id) needs none of the
    // account's: it ran, on an endpoint whose other tests skipped for the id they lack (or skipped for an
    // ability the target lacks, as the unknown agreement's cancellation, which is destructive).
    const madeUp = run.records.filter((r) => r.tags.includes(MADE_UP_IDS_TAG));
    const ran = madeUp.filter((r) => r.status === 'passed').map((r) => r.endpoint);
    expect(ran.sort()).toEqual(['claim', 'store', 'subscription-plan']);
    for (const record of madeUp.filter((r) => r.status !== 'passed'))
      expect(record.skipReason, record.key).toBe(NEEDS_ABILITY('destructive'));
    // The mock's own ids, which name nothing on another target, were never sent in its stead.
    const placeholders = OPTIONAL_IDS.filter((id) => id !== 'redirectUri').map((id) => SEEDED_IDS[id]);
    const named = forwarding!.requests.filter((r) => placeholders.some((id) => r.path.includes(id)));
    expect(named.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
