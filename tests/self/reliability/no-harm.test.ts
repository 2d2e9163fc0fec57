/**
 * No harm to a target: without the `destructive` ability, or with a live-mode token, the whole suite sends
 * no request that cancels an agreement, opens a dispute or enables report scheduling (nor any DELETE at
 * all), and each of its destructive tests is skipped saying why. Proven by counting the requests that
 * reach the mock (support/recording-target.ts) during a whole run; each run is also scanned for secrets.
 */
import { expect, test } from '@playwright/test';
import { ABILITIES, abilityTag } from '../../../lib/abilities.ts';
import { endpointById } from '../../../lib/catalogue.ts';
import type { TestRecord } from '../../../lib/results.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { NEEDS_ABILITY, REFUSE_LIVE_TOKEN } from '../../support/skip-reasons.ts';
import {
  destructiveFeature,
  startRecordingTarget,
  type RecordingOptions,
} from './support/recording-target.ts';
import { noted, removeRunFoldersAfterPassingTests } from './support/run-folders.ts';
import { scanRun } from './support/secret-scan.ts';

const DESTRUCTIVE_TAG = abilityTag('destructive');
const RUN_TIMEOUT_MS = 5 * 60_000;

interface HarmlessRun {
  run: SuiteRun;
  requestCount: number;
  destructiveRequests: string[];
  deletes: string[];
}

async function runAgainstRecordingMock(
  name: string,
  abilities: readonly string[],
  options: RecordingOptions,
): Promise<HarmlessRun> {
  const target = await startRecordingTarget(options);
  let run: SuiteRun;
  try {
    // Playwright alone: the typed records are all this needs, and no report is built.
    run = noted(
      await runSuite({
        via: 'playwright',
        target: { ...target.env, [VARIABLES.abilities]: abilities.join(',') },
      }),
    );
  } finally {
    await target.close();
  }
  const destructiveRequests = target.requests
    .map((r) => destructiveFeature(r))
    .filter((feature): feature is string => feature !== undefined);
  const deletes = target.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
  console.log(
    `${name}: ${target.requests.length} requests reached the mock, ${destructiveRequests.length} destructive; exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  expect(run.setupFailures, run.output.slice(-2000)).toEqual([]);
  expect(scanRun(run, { secrets: target.secrets(), madeUp: target.madeUp() }).leaks).toEqual([]);
  return { run, requestCount: target.requests.length, destructiveRequests, deletes };
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
    const { run, requestCount, destructiveRequests, deletes } = await runAgainstRecordingMock(
      'no-destructive',
      ABILITIES.filter((a) => a !== 'destructive'),
      {},
    );
    expect(requestCount, 'the suite did run against the mock').toBeGreaterThan(0);
    expect(destructiveRequests).toEqual([]);
    expect(deletes).toEqual([]);
    expectDestructiveTestsSkipped(run.records, NEEDS_ABILITY('destructive'));
  });

  test('with a live-mode token, destructive tests refuse to run and send nothing', async () => {
    const { run, requestCount, destructiveRequests, deletes } = await runAgainstRecordingMock(
      'live-token',
      ABILITIES,
      { liveTokensOnly: true },
    );
    expect(requestCount, 'the suite did run against the mock').toBeGreaterThan(0);
    expect(destructiveRequests).toEqual([]);
    expect(deletes).toEqual([]);
    expectDestructiveTestsSkipped(run.records, REFUSE_LIVE_TOKEN);
  });
});
