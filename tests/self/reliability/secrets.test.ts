/**
 * No secret in anything a FAILING conformance run leaves behind. `npm run conformance` (test run,
 * coverage, Allure HTML report, quality gate) against the reference mock with every ability, whose
 * token grants are broken (`token_type: "mac"`), so token specs fail on bodies that carry real tokens;
 * then every file of the run's private folder and its console output are scanned for the client
 * secrets, every access and refresh token and authorization code the target issued during the run,
 * and anything token-shaped.
 */
import { expect, test } from '@playwright/test';
import { CAPABILITIES } from '../../../lib/target.ts';
import { removeIsolatedDirsAfterPassingTests } from '../reports/support/temp-dir.ts';
import { destructiveFeature, startRecordingTarget } from './support/recording-target.ts';
import { findSecrets, scanRun } from './support/secret-scan.ts';
import { filesUnder, runSuite, type SuiteRun } from './support/suite-run.ts';

const RUN_TIMEOUT_MS = 10 * 60_000;
const TOKEN_AREA = 'oauth';

removeIsolatedDirsAfterPassingTests();

test('a failing run with its HTML report leaks no client secret, token or authorization code', async () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  const target = await startRecordingTarget({ breakTokenGrants: true });
  let run: SuiteRun;
  try {
    run = await runSuite({
      name: 'secrets',
      target: { PAYMENTS_BASE_URL: target.url, PAYMENTS_CAPABILITIES: CAPABILITIES.join(',') },
      withReport: true,
    });
  } finally {
    await target.close();
  }
  const secrets = target.secrets();
  console.log(
    `secrets scan: ${secrets.length} secrets issued or configured; run exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`,
  );

  // The scan means something only if the run failed where real tokens were in play.
  expect(run.exitCode, run.output.slice(-2000)).not.toBe(0);
  const failedTokenSpecs = run.results.filter(
    (r) => r.status === 'failed' && r.labels.some((l) => l.name === 'epic' && l.value === TOKEN_AREA),
  );
  expect(failedTokenSpecs.length, 'token specs failed on the broken grants').toBeGreaterThan(0);
  expect(secrets.filter((s) => s.startsWith('TEST-')).length, 'test tokens were issued').toBeGreaterThan(0);
  expect(
    secrets.filter((s) => s.startsWith('TG-')).length,
    'refresh tokens and codes were issued',
  ).toBeGreaterThan(0);

  // The request counting no-harm.test.ts relies on sees destructive requests when they are allowed.
  expect(target.requests.filter((r) => destructiveFeature(r) !== undefined).length).toBeGreaterThan(0);

  expect(
    filesUnder(run.reports.allureReport).length,
    'the HTML report was generated and is scanned',
  ).toBeGreaterThan(0);
  expect(scanRun(run, secrets), `secrets found in the run's output (${run.dir})`).toEqual([]);
});

test('the scan finds a planted secret and token-shaped values it was not told about', () => {
  const planted = 'mR8qLc2VtN6wYpZ3aK9dF1hJ5sX7bE0u';
  const text = [
    `secret ${planted}`,
    'Bearer APP_USR-4783610275394112-112204-b80c340d2f8a9c574fc14148ded17646-1283946271',
    'code=TG-24cf1d4d3c66b5f57ee153ce-1283946271',
    'Bearer [redacted]',
  ].join('\n');
  expect(findSecrets(text, 'planted', [planted])).toHaveLength(3);
  expect(findSecrets('Bearer [redacted]', 'clean', [planted])).toEqual([]);
});
