/**
 * No harm to a target: without the `destructive` ability, or with a live-mode token, the suite sends
 * no request that cancels an agreement, opens a dispute or enables report scheduling, and its
 * destructive tests say why they did not run. Proven by counting the requests that reach the mock
 * (support/recording-target.ts) during a whole conformance run; each run is also scanned for secrets.
 */
import { expect, test } from '@playwright/test';
import { CAPABILITIES } from '../../../lib/target.ts';
import { NEEDS_ABILITY, REFUSE_LIVE_TOKEN } from '../../support/fixtures.ts';
import { removeIsolatedDirsAfterPassingTests } from '../reports/support/temp-dir.ts';
import {
  destructiveFeature,
  startRecordingTarget,
  type RecordingOptions,
} from './support/recording-target.ts';
import { scanRun } from './support/secret-scan.ts';
import { resultsTagged, runSuite, type SuiteRun } from './support/suite-run.ts';

const DESTRUCTIVE_TAG = 'needs-destructive';
const RUN_TIMEOUT_MS = 10 * 60_000;

interface HarmlessRun {
  run: SuiteRun;
  destructiveRequests: string[];
  requestCount: number;
  secrets: string[];
}

async function runAgainstRecordingMock(
  name: string,
  capabilities: readonly string[],
  options: RecordingOptions,
): Promise<HarmlessRun> {
  const target = await startRecordingTarget(options);
  let run: SuiteRun;
  try {
    run = await runSuite({
      name,
      target: { PAYMENTS_BASE_URL: target.url, PAYMENTS_CAPABILITIES: capabilities.join(',') },
    });
  } finally {
    await target.close();
  }
  const destructiveRequests = target.requests
    .map((r) => destructiveFeature(r))
    .filter((feature): feature is string => feature !== undefined);
  console.log(
    `${name}: ${target.requests.length} requests reached the mock, ${destructiveRequests.length} destructive; exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  return { run, destructiveRequests, requestCount: target.requests.length, secrets: target.secrets() };
}

/** The destructive tests all skipped, each saying `reason`. */
function expectDestructiveTestsSkipped(run: SuiteRun, reason: string): void {
  const destructive = resultsTagged(run.results, DESTRUCTIVE_TAG);
  expect(destructive.length, `the run has tests tagged @${DESTRUCTIVE_TAG}`).toBeGreaterThan(0);
  const notSkipped = destructive
    .filter((r) => r.status !== 'skipped' || !(r.statusDetails?.message ?? '').includes(reason))
    .map((r) => `${r.name}: ${r.status} ${r.statusDetails?.message ?? '(no reason)'}`);
  expect(notSkipped, `every destructive test is skipped saying "${reason}"`).toEqual([]);
}

test.describe('no harm to the target', () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  removeIsolatedDirsAfterPassingTests();

  test('without the destructive ability, no destructive request leaves the suite', async () => {
    const { run, destructiveRequests, requestCount, secrets } = await runAgainstRecordingMock(
      'no-destructive',
      CAPABILITIES.filter((c) => c !== 'destructive'),
      {},
    );
    expect(requestCount, 'the suite did run against the mock').toBeGreaterThan(0);
    expect(destructiveRequests).toEqual([]);
    expectDestructiveTestsSkipped(run, NEEDS_ABILITY('destructive'));
    expect(scanRun(run, secrets)).toEqual([]);
  });

  test('with a live-mode token, destructive tests refuse to run and send nothing', async () => {
    const { run, destructiveRequests, requestCount, secrets } = await runAgainstRecordingMock(
      'live-token',
      CAPABILITIES,
      { liveTokensOnly: true },
    );
    expect(requestCount, 'the suite did run against the mock').toBeGreaterThan(0);
    expect(destructiveRequests).toEqual([]);
    expectDestructiveTestsSkipped(run, REFUSE_LIVE_TOKEN);
    expect(scanRun(run, secrets)).toEqual([]);
  });
});
