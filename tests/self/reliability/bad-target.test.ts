/**
 * The conformance suite pointed at bad targets (tests/self/reliability/support/bad-target.ts), run as a
 * user runs it, in a child process with private output folders:
 * - down: one clear error from the setup probe and a non-zero exit; no spec runs, none times out;
 * - hanging: each request ends at the client's per-request timeout, reported as environment trouble
 *   (TargetUnavailable), never as a pass and never as a test timeout;
 * - garbage (HTML, empty bodies, JSON declared as text/plain): every spec fails with a readable contract
 *   message the report classifies (wrong status, schema mismatch, missing code), and the runner ends
 *   normally with exit code 1.
 */
import { expect, test } from '@playwright/test';
import { endpointById } from '../../../lib/catalogue.ts';
import { CAPABILITIES } from '../../../lib/target.ts';
import { CATEGORY_PATTERNS } from '../../../scripts/report/categories.ts';
import { TARGET_UNAVAILABLE } from '../../support/api-client.ts';
import { removeIsolatedDirsAfterPassingTests } from '../reports/support/temp-dir.ts';
import {
  downTargetUrl,
  FAKE_TEST_TOKEN,
  startGarbageTarget,
  startHangingTarget,
} from './support/bad-target.ts';
import { runSuite, type AllureResult, type SuiteRun } from './support/suite-run.ts';

/** Part of the setup probe's message (tests/setup/tokens.setup.ts, TARGET_UNREACHABLE). */
const UNREACHABLE_TEXT = 'does not answer, so no conformance test was run';
const SETUP_TEST = 'target answers and the run has its tokens';
const TEARDOWN_TEST = 'the run tokens are removed';
/** A runner or suite crash shows as one of these rather than as a contract message. */
const CRASH_SIGNS = /\b(TypeError|ReferenceError|SyntaxError|RangeError|Internal error|Unhandled)\b/;
/**
 * Areas whose endpoints between them get every kind of garbage (support/bad-target.ts garbageFor). Not
 * the whole suite: Playwright replaces a worker after each failing test, so an all-failing run of all
 * ~100 tests takes minutes (measured: 96 failed, none crashed, none passed; README, Reliability).
 */
const GARBAGE_AREAS = ['stores', 'reports', 'claims', 'wallet'] as const;
const TEARDOWN_SPEC_AREA = endpointById('token').area;
const TEST_TIMEOUT = /Test timeout of \d+ms exceeded/;
const RUN_TIMEOUT_MS = 8 * 60_000;

const isSpec = (r: AllureResult) => r.name !== SETUP_TEST && r.name !== TEARDOWN_TEST;
const failing = (r: AllureResult) => r.status === 'failed' || r.status === 'broken';
const messageOf = (r: AllureResult) => r.statusDetails?.message ?? '';

function describeRun(run: SuiteRun): string {
  return `exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s; output in ${run.dir}\n${run.output.slice(-3000)}`;
}

test.describe('the suite against a bad target', () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  removeIsolatedDirsAfterPassingTests();

  test('target down: one clear error from the probe, a non-zero exit, no spec run and no timeout', async () => {
    const run = await runSuite({ name: 'down', target: { PAYMENTS_BASE_URL: await downTargetUrl() } });
    console.log(`target down: exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`);
    expect(run.exitCode, describeRun(run)).not.toBe(0);
    const failures = run.results.filter(failing);
    expect(
      failures.map((r) => r.name),
      describeRun(run),
    ).toEqual([SETUP_TEST]);
    expect(messageOf(failures[0] as AllureResult)).toContain(UNREACHABLE_TEXT);
    expect(messageOf(failures[0] as AllureResult)).toMatch(CATEGORY_PATTERNS.targetUnavailable);
    expect(run.results.filter(isSpec).filter((r) => r.status === 'passed')).toEqual([]);
    expect(run.output.match(new RegExp(UNREACHABLE_TEXT, 'g'))?.length, 'the error is printed once').toBe(1);
    expect(run.output).not.toMatch(TEST_TIMEOUT);
  });

  test('target hanging: per-request timeouts reported as environment trouble, never a pass', async () => {
    const target = await startHangingTarget();
    let run: SuiteRun;
    try {
      // One area is enough: every request of every spec hangs alike, and each costs a full request timeout.
      run = await runSuite({
        name: 'hanging',
        target: { PAYMENTS_BASE_URL: target.url, PAYMENTS_TEST_ACCESS_TOKEN: FAKE_TEST_TOKEN },
        args: ['--project=stores'],
      });
    } finally {
      await target.close();
    }
    console.log(`target hanging: exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`);
    expect(run.exitCode, describeRun(run)).toBe(1);
    const specs = run.results.filter(isSpec);
    expect(specs.length, describeRun(run)).toBeGreaterThan(0);
    expect(
      specs.filter((r) => r.status === 'passed').map((r) => r.name),
      'no spec passes against a hanging target',
    ).toEqual([]);
    for (const result of specs.filter(failing)) {
      expect(messageOf(result), result.name).toContain(TARGET_UNAVAILABLE);
      expect(messageOf(result), result.name).toMatch(CATEGORY_PATTERNS.targetUnavailable);
      expect(
        messageOf(result),
        `${result.name}: the request timeout, not the test timeout, ends it`,
      ).not.toMatch(TEST_TIMEOUT);
    }
    expect(specs.filter(failing).length).toBeGreaterThan(0);
  });

  test('target answering garbage: every spec fails with a readable contract message, no crash', async () => {
    const target = await startGarbageTarget();
    let run: SuiteRun;
    try {
      run = await runSuite({
        name: 'garbage',
        target: {
          PAYMENTS_BASE_URL: target.url,
          PAYMENTS_TEST_ACCESS_TOKEN: FAKE_TEST_TOKEN,
          PAYMENTS_CAPABILITIES: CAPABILITIES.join(','),
        },
        args: GARBAGE_AREAS.map((area) => `--project=${area}`),
      });
    } finally {
      await target.close();
    }
    console.log(
      `target answering garbage: exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`,
    );
    expect(run.exitCode, describeRun(run)).toBe(1);
    const specs = run.results.filter(isSpec);
    expect(specs.length, describeRun(run)).toBeGreaterThan(0);
    expect(
      specs.filter((r) => r.status === 'passed').map((r) => r.name),
      'no spec passes against garbage',
    ).toEqual([]);
    // Readable: the suite's own message, not a crash, and not mistaken for environment trouble.
    const unreadable = specs
      .filter(failing)
      .filter(
        (r) =>
          messageOf(r).trim() === '' ||
          CRASH_SIGNS.test(messageOf(r)) ||
          CATEGORY_PATTERNS.targetUnavailable.test(messageOf(r)),
      )
      .map((r) => `${r.name}: ${messageOf(r).slice(0, 300)}`);
    expect(unreadable, 'failures without a readable contract message').toEqual([]);
    const areasRun = new Set(specs.map((r) => r.labels.find((l) => l.name === 'epic')?.value));
    // The teardown project's token-expiry spec (area oauth) runs after any selection of projects.
    expect([...areasRun].sort(), 'every chosen area ran its specs').toEqual(
      [...GARBAGE_AREAS, TEARDOWN_SPEC_AREA].sort(),
    );
    expect(run.output).not.toMatch(CRASH_SIGNS);
  });
});
