/**
 * No harm to a target: without the `destructive` ability, or with a live-mode token, the whole suite sends
 * no request that cancels an agreement, opens a dispute or enables report scheduling (nor any DELETE at
 * all), and each of its destructive tests is skipped saying why. Proven by counting the requests that
 * reach each mock (support/recording-target.ts) during a whole run; the runs are also scanned for secrets.
 * Both targets are run in one Playwright run (one start-up for the two), each test registered per target.
 */
import { expect, test } from '@playwright/test';
import { ABILITIES, abilityTag } from '../../../lib/abilities.ts';
import { endpointById } from '../../../lib/catalogue.ts';
import type { SetupFailure, TestRecord } from '../../../lib/results.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { NEEDS_ABILITY, REFUSE_LIVE_TOKEN } from '../../../run/skip-reasons.ts';
import { once } from '../reports/support/shared.ts';
import {
  destructiveFeature,
  startRecordingTarget,
  type RecordingOptions,
} from './support/recording-target.ts';
import { noted, removeRunFoldersAfterPassingTests } from './support/run-folders.ts';
import { scanRun, type Leak } from './support/secret-scan.ts';

const DESTRUCTIVE_TAG = abilityTag('destructive');
const RUN_TIMEOUT_MS = 5 * 60_000;

/** The two targets: the same mock, once declared without `destructive`, once handing out live tokens only. */
const TARGETS = {
  'no-destructive': { abilities: ABILITIES.filter((a) => a !== 'destructive'), options: {} },
  'live-token': { abilities: ABILITIES, options: { liveTokensOnly: true } },
} satisfies Record<string, { abilities: readonly string[]; options: RecordingOptions }>;
type TargetName = keyof typeof TARGETS;
const TARGET_NAMES = Object.keys(TARGETS) as TargetName[];

interface HarmlessRun {
  records: TestRecord[];
  setupFailures: SetupFailure[];
  requestCount: number;
  destructiveRequests: string[];
  deletes: string[];
}

/** Both targets' runs, and the secrets found in anything the run wrote or printed. */
const harmlessRuns = once(
  async (): Promise<{ of: Record<TargetName, HarmlessRun>; leaks: Leak[]; output: string }> => {
    const targets = await Promise.all(
      TARGET_NAMES.map((name) => startRecordingTarget(TARGETS[name].options)),
    );
    const run = await (async () => {
      try {
        // Playwright alone: the typed records are all this needs, and no report is built.
        return noted(
          await runSuite({
            via: 'playwright',
            targets: TARGET_NAMES.map((name, i) => ({
              name,
              env: { ...targets[i]!.env, [VARIABLES.abilities]: TARGETS[name].abilities.join(',') },
            })),
            timeoutMs: RUN_TIMEOUT_MS,
          }),
        );
      } finally {
        await Promise.all(targets.map((target) => target.close()));
      }
    })();
    const of = Object.fromEntries(
      TARGET_NAMES.map((name, i) => {
        const requests = targets[i]!.requests;
        const destructiveRequests = requests
          .map((r) => destructiveFeature(r))
          .filter((feature): feature is string => feature !== undefined);
        console.log(
          `${name}: ${requests.length} requests reached the mock, ${destructiveRequests.length} destructive`,
        );
        return [
          name,
          {
            records: run.records.filter((r) => r.target === name),
            setupFailures: run.setupFailures.filter((f) => f.target === name),
            requestCount: requests.length,
            destructiveRequests,
            deletes: requests.filter((r) => r.method === 'DELETE').map((r) => r.path),
          },
        ];
      }),
    ) as Record<TargetName, HarmlessRun>;
    console.log(`exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`);
    // One reports folder for both targets: what either issued or holds is a secret in it, and what either
    // was sent made up (an unknown bearer) may show.
    const secrets = [...new Set(targets.flatMap((target) => target.secrets()))];
    const madeUp = targets.flatMap((target) => target.madeUp()).filter((value) => !secrets.includes(value));
    return {
      of,
      leaks: scanRun(run, { secrets, madeUp }).leaks,
      output: run.output.slice(-2000),
    };
  },
);

/** The run against `name`: set up, and nothing it wrote or printed holds a secret. */
async function harmlessRun(name: TargetName): Promise<HarmlessRun> {
  const { of, leaks, output } = await harmlessRuns();
  expect(of[name].setupFailures, output).toEqual([]);
  expect(leaks).toEqual([]);
  return of[name];
}

/** Every test of a destructive endpoint, and every test tagged destructive, skipped saying `reason`. */
function expectDestructiveTestsSkipped(records: readonly TestRecord[], reason: string): void {
  const destructive = records.filter(
    (r) => r.tags.includes(DESTRUCTIVE_TAG) || (r.endpoint && endpointById(r.endpoint).destructive),
  );
  expect(destructive.length, `the run has tests tagged ${DESTRUCTIVE_TAG}`).toBeGreaterThan(0);
  const notSkipped = destructive
    .filter((r) => r.status !== 'skipped' || r.skipReason !== reason)
    .map((r) => `${r.key}: ${r.status} ${r.skipReason ?? '(no reason)'}`);
  expect(notSkipped, `every destructive test is skipped saying "${reason}"`).toEqual([]);
  expect(records.filter((r) => r.status !== 'skipped').length, 'the other tests ran').toBeGreaterThan(
    destructive.length,
  );
}

test.describe('no harm to the target', () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  removeRunFoldersAfterPassingTests();

  test('without the destructive ability, no destructive request leaves the suite', async () => {
    const { records, requestCount, destructiveRequests, deletes } = await harmlessRun('no-destructive');
    expect(requestCount, 'the suite did run against the mock').toBeGreaterThan(0);
    expect(destructiveRequests).toEqual([]);
    expect(deletes).toEqual([]);
    expectDestructiveTestsSkipped(records, NEEDS_ABILITY('destructive'));
  });

  test('with a live-mode token, destructive tests refuse to run and send nothing', async () => {
    const { records, requestCount, destructiveRequests, deletes } = await harmlessRun('live-token');
    expect(requestCount, 'the suite did run against the mock').toBeGreaterThan(0);
    expect(destructiveRequests).toEqual([]);
    expect(deletes).toEqual([]);
    expectDestructiveTestsSkipped(records, REFUSE_LIVE_TOKEN);
  });
});
