/**
 * No secret in anything a FAILING conformance run leaves behind. `npm run conformance` (test run,
 * coverage, Allure HTML report, quality gate) against the reference mock with every ability, whose
 * token grants are broken (`token_type: "mac"`), so token specs fail on bodies that carry real tokens;
 * then every file of the run's private folder and its console output are scanned for the client
 * secrets, every access and refresh token and authorization code that crossed the wire during the run,
 * and anything token-shaped. Once with the platform's token shapes (the whole suite), once with
 * unshaped tokens and codes (the token area), which only the suite's remembering can redact.
 */
import { expect, test } from '@playwright/test';
import { CAPABILITIES } from '../../../lib/target.ts';
import { removeIsolatedDirsAfterPassingTests } from '../reports/support/temp-dir.ts';
import {
  destructiveFeature,
  startRecordingTarget,
  type RecordingOptions,
  type RecordingTarget,
} from './support/recording-target.ts';
import { findSecrets, scanRun } from './support/secret-scan.ts';
import { filesUnder, runSuite, type SuiteRun } from './support/suite-run.ts';

const RUN_TIMEOUT_MS = 10 * 60_000;
const TOKEN_AREA = 'oauth';
/** What `unshapedSecrets` issues instead of a platform token or code: 32 hex characters, no prefix. */
const UNSHAPED = /^[0-9a-f]{32}$/;

removeIsolatedDirsAfterPassingTests();

interface FailingRun {
  run: SuiteRun;
  target: RecordingTarget;
}

/** `npm run conformance` (with `args`) against a recording target whose token grants are broken. */
async function failingRun(name: string, options: RecordingOptions, args: readonly string[] = []) {
  const target = await startRecordingTarget({ breakTokenGrants: true, ...options });
  let run: SuiteRun;
  try {
    run = await runSuite({
      name,
      target: { PAYMENTS_BASE_URL: target.url, PAYMENTS_CAPABILITIES: CAPABILITIES.join(',') },
      args,
      withReport: true,
    });
  } finally {
    await target.close();
  }
  console.log(
    `${name}: ${target.secrets().length} secrets issued, configured or sent; run exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  // The scan means something only if the run failed where real tokens were in play.
  expect(run.exitCode, run.output.slice(-2000)).not.toBe(0);
  const failedTokenSpecs = run.results.filter(
    (r) => r.status === 'failed' && r.labels.some((l) => l.name === 'epic' && l.value === TOKEN_AREA),
  );
  expect(failedTokenSpecs.length, 'token specs failed on the broken grants').toBeGreaterThan(0);
  expect(
    filesUnder(run.reports.allureReport).length,
    'the HTML report was generated and is scanned',
  ).toBeGreaterThan(0);
  return { run, target } satisfies FailingRun;
}

test('a failing run with its HTML report leaks no client secret, token or authorization code', async () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  const { run, target } = await failingRun('secrets', {});
  const secrets = target.secrets();
  expect(secrets.filter((s) => s.startsWith('TEST-')).length, 'test tokens were issued').toBeGreaterThan(0);
  expect(
    secrets.filter((s) => s.startsWith('TG-')).length,
    'refresh tokens and codes were issued',
  ).toBeGreaterThan(0);

  // The request counting no-harm.test.ts relies on sees destructive requests when they are allowed.
  expect(target.requests.filter((r) => destructiveFeature(r) !== undefined).length).toBeGreaterThan(0);

  expect(scanRun(run, secrets), `secrets found in the run's output (${run.dir})`).toEqual([]);
});

// The platform's shapes are redacted whatever the suite remembered; a target whose tokens and codes have
// no known shape leaves the remembering alone to keep them out (the token area issues all three kinds).
test('tokens and codes of no platform shape leak nowhere either: the suite remembers what it saw', async () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  const { run, target } = await failingRun('secrets-unshaped', { unshapedSecrets: true }, [
    `--project=${TOKEN_AREA}`,
  ]);
  const secrets = target.secrets();
  expect(
    secrets.filter((s) => UNSHAPED.test(s)).length,
    'unshaped tokens and codes were issued',
  ).toBeGreaterThan(2);
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
