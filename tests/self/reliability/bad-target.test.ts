/**
 * The conformance suite (`payments-conformance run`, through scripts/suite/run-suite.ts) pointed at bad
 * targets (support/bad-target.ts):
 * - down: exit 3 within seconds, the setup's one message printed once, no test run;
 * - hanging from its first request: the same, with the timeout message, after one request timeout;
 * - hanging after the setup: every test ends at its per-request timeout as "not tested" (kind `timeout`),
 *   never a pass and never a contract verdict, and the run exits 3;
 * - unavailable after the setup (502, 503, 504 in turn): every test "not tested" (kind
 *   `target-unavailable`), never a deviation, exit 3, after the reads' waits for a blip;
 * - garbage (HTML, empty bodies, JSON declared as text/plain): every test fails with a readable message
 *   quoting the requirement it checked, nothing crashes, the run exits 1.
 * PAYMENTS_REQUEST_TIMEOUT_MS keeps each hang to a second instead of the default ten.
 */
import { expect, test } from '@playwright/test';
import { ABILITIES } from '../../../lib/abilities.ts';
import { citation } from '../../../lib/basis.ts';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { FAILURE_KINDS, isDeviation, UNAVAILABLE_STATUSES, type FailureKind } from '../../../lib/failures.ts';
import type { TestRecord } from '../../../lib/results.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { runSuite, type SuiteRun, type SuiteRunOptions } from '../../../scripts/suite/run-suite.ts';
import { TARGET_GAVE_NO_ANSWER } from '../../support/api-client.ts';
import { UNAVAILABLE_RESENDS } from '../../../run/retries.ts';
import { SETUP_MESSAGES } from '../../../run/setup-target.ts';
import {
  FAKE_TEST_TOKEN,
  BAD_TARGET_IDS,
  startGarbageTarget,
  startHangingTarget,
  startUnavailableTarget,
  type BadTarget,
} from './support/bad-target.ts';
import { noted, removeRunFoldersAfterPassingTests } from './support/run-folders.ts';
import { downTargetRun, SETUP_REQUEST_TIMEOUT_MS, silentTargetRun } from './support/setup-stopping-runs.ts';

const REQUEST_TIMEOUT_MS = SETUP_REQUEST_TIMEOUT_MS;
/** A run that stops at its setup: Playwright's and the command's start-up, one request, the verdict. */
const QUICK_MS = 30_000;
/** One area is enough for a hang: every request of every test hangs alike. */
const HANGING_AREA = 'stores';
/** Areas whose endpoints between them get every kind of garbage (support/bad-target.ts garbageFor). */
const GARBAGE_AREAS = ['stores', 'account-reports', 'claims', 'wallet'] as const;
/** A runner or suite crash shows as one of these rather than as a contract message. */
const CRASH_SIGNS = /\b(TypeError|ReferenceError|SyntaxError|RangeError|Unhandled)\b/;
const RUN_TIMEOUT_MS = 3 * 60_000;

/** The fixed words around a message's variable parts: `message(HOLE, HOLE)` split at the holes. */
const HOLE = '\u0000';
function fixedParts(message: string): string[] {
  return message.split(HOLE).filter((part) => part !== '');
}
function containsInOrder(text: string, parts: readonly string[]): boolean {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at === -1) return false;
    from = at + part.length;
  }
  return true;
}

function describeRun(run: SuiteRun): string {
  return `exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s; reports in ${run.reports.root}\n${run.output.slice(-3000)}`;
}

async function runAgainst(target: BadTarget, options: SuiteRunOptions): Promise<SuiteRun> {
  try {
    return noted(
      await runSuite({
        ...options,
        // No test here reads the HTML report.
        args: [...(options.args ?? []), '--no-html'],
        target: { [VARIABLES.baseUrl]: target.url, ...BAD_TARGET_IDS, ...options.target },
        env: { [RUN_VARIABLES.requestTimeoutMs]: String(REQUEST_TIMEOUT_MS), ...options.env },
      }),
    );
  } finally {
    await target.close();
  }
}

/** Exit 3 from the setup: one setup failure of `kind` with `message`, printed once, and no test. */
function expectStoppedAtSetup(run: SuiteRun, kind: FailureKind, message: string): void {
  console.log(`${kind}: exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`);
  expect(run.exitCode, describeRun(run)).toBe(EXIT_CODES.untestable);
  expect(run.setupFailures.map((f) => f.kind)).toEqual([kind]);
  const [failure] = run.setupFailures;
  expect(containsInOrder(failure!.message, fixedParts(message)), failure!.message).toBe(true);
  expect(run.output.split(failure!.message).length - 1, 'the message is printed once').toBe(1);
  expect(run.records, 'no test ran').toEqual([]);
  expect(run.durationMs, 'the run stops at once').toBeLessThan(QUICK_MS);
}

const failed = (records: readonly TestRecord[]) => records.filter((r) => r.status === 'failed');
const passed = (records: readonly TestRecord[]) => records.filter((r) => r.status === 'passed');

test.describe('the suite against a bad target', () => {
  // Independent targets and runs.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(RUN_TIMEOUT_MS);
  removeRunFoldersAfterPassingTests();

  // These two runs are the ones cli/untestable-target.test.ts reads too (support/setup-stopping-runs.ts).
  test('target down: exit 3 at once, one message, no test run', async () => {
    const { url, run } = await downTargetRun();
    expectStoppedAtSetup(run, 'target-unreachable', SETUP_MESSAGES.unreachable(url, HOLE));
  });

  test('target hanging from the first request: exit 3 after one request timeout, one message', async () => {
    const { url, run } = await silentTargetRun();
    expectStoppedAtSetup(run, 'timeout', SETUP_MESSAGES.timeout(url, REQUEST_TIMEOUT_MS));
  });

  test('target hanging after the setup: each test ends at its request timeout, not tested, never a pass', async () => {
    const target = await startHangingTarget({ probeAnswers: true });
    const run = await runAgainst(target, {
      target: { [VARIABLES.testAccessToken]: FAKE_TEST_TOKEN },
      // Five tests, each waiting out its hang: one worker is enough.
      args: ['--project', HANGING_AREA, '--workers', '1'],
    });
    console.log(`hanging: exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`);
    expect(run.exitCode, describeRun(run)).toBe(EXIT_CODES.untestable);
    expect(run.setupFailures).toEqual([]);
    expect(failed(run.records).length, describeRun(run)).toBeGreaterThan(0);
    expect(
      passed(run.records).map((r) => r.title),
      'nothing passes against a hang',
    ).toEqual([]);
    const noAnswer = fixedParts(TARGET_GAVE_NO_ANSWER(HOLE, HOLE));
    for (const record of failed(run.records)) {
      expect(
        record.failures.map((f) => f.kind),
        record.title,
      ).toEqual(['timeout']);
      // The request timeout ended it, not Playwright's test timeout (whose message is the reporter's own).
      expect(containsInOrder(record.failures[0]!.seen, noAnswer), record.failures[0]!.seen).toBe(true);
      expect(record.failures.filter(isDeviation), 'no contract verdict').toEqual([]);
    }
    // Each test waits for one request timeout, not for the test timeout.
    expect(Math.max(...run.records.map((r) => r.durationMs))).toBeLessThan(5 * REQUEST_TIMEOUT_MS);
  });

  test('target unavailable after the setup (502, 503, 504): each test not tested, never a deviation', async () => {
    const target = await startUnavailableTarget();
    const run = await runAgainst(target, {
      target: { [VARIABLES.testAccessToken]: FAKE_TEST_TOKEN },
      args: ['--project', HANGING_AREA, '--workers', '1'],
    });
    expect(run.exitCode, describeRun(run)).toBe(EXIT_CODES.untestable);
    expect(run.setupFailures).toEqual([]);
    expect(passed(run.records).map((r) => r.title)).toEqual([]);
    expect(failed(run.records).length, describeRun(run)).toBeGreaterThan(0);
    const seenStatuses = new Set<number>();
    for (const record of failed(run.records)) {
      expect(
        record.failures.map((f) => f.kind),
        record.title,
      ).toEqual(['target-unavailable']);
      const status = UNAVAILABLE_STATUSES.find((s) => record.failures[0]!.seen.includes(`answered ${s}`));
      if (status !== undefined) seenStatuses.add(status);
    }
    expect(seenStatuses.size, 'more than one of the statuses met').toBeGreaterThan(1);
    expect(run.output).toContain(FAILURE_KINDS['target-unavailable'].category);
    // A read is sent again as for a blip; once one was still unavailable after all its sends the target
    // is down, and later reads are not sent again (run/retries.ts). A worker of its own starts knowing
    // nothing, so count at least one of each rather than exactly one.
    const seenOf = (r: TestRecord) => r.failures[0]!.seen;
    const reads = failed(run.records).filter((r) => seenOf(r).startsWith('GET '));
    const resent = reads.filter((r) =>
      seenOf(r).includes(`after being sent ${UNAVAILABLE_RESENDS} times more over 3 s`),
    );
    const notResent = reads.filter((r) => seenOf(r).includes('(not sent again: an earlier read'));
    expect(resent.length, describeRun(run)).toBeGreaterThan(0);
    expect(notResent.length, describeRun(run)).toBeGreaterThan(0);
    expect(run.output).toMatch(/Waited \d+\.0 s on the target's 50\d(?:(?:, | and )50\d)* answers to reads/);
  });

  test('target answering garbage: every test fails quoting a requirement, no crash', async () => {
    const run = await runAgainst(await startGarbageTarget(), {
      target: { [VARIABLES.testAccessToken]: FAKE_TEST_TOKEN, [VARIABLES.abilities]: ABILITIES.join(',') },
      // Every test fails at its first answer: one worker runs them about as soon as two, for less CPU.
      args: [...GARBAGE_AREAS.flatMap((area) => ['--project', area]), '--workers', '1'],
    });
    console.log(`garbage: exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`);
    expect(run.exitCode, describeRun(run)).toBe(EXIT_CODES.deviations);
    const executed = run.records.filter((r) => r.status !== 'skipped');
    expect([...new Set(executed.map((r) => r.area))].sort(), 'every chosen area ran its tests').toEqual(
      [...GARBAGE_AREAS].sort(),
    );
    expect(
      passed(run.records).map((r) => r.title),
      'nothing passes against garbage',
    ).toEqual([]);
    // Readable: a deviation quoting the requirement it breaks, or an ability the target claims and
    // answers garbage to; never the suite's own error, and never mistaken for a target that is away.
    const readable = (kind: FailureKind) =>
      FAILURE_KINDS[kind].verdict === 'deviation' || kind === 'ability-broken';
    const unreadable = failed(run.records).flatMap((record) =>
      record.failures
        .filter(
          (f) =>
            !readable(f.kind) ||
            (isDeviation(f) && (!f.basis || !f.message.startsWith(citation(f.basis)))) ||
            CRASH_SIGNS.test(f.message),
        )
        .map((f) => `${record.title}: ${f.kind} ${f.message.slice(0, 300)}`),
    );
    expect(unreadable, 'failures without a readable contract message').toEqual([]);
    expect(
      failed(run.records).flatMap((r) => r.failures.filter(isDeviation)).length,
      'the garbage is reported as deviations',
    ).toBeGreaterThan(executed.length / 2);
    expect(run.output).not.toMatch(CRASH_SIGNS);
  });
});
