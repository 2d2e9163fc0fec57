/**
 * No secret in anything a FAILING conformance run leaves behind. `payments-conformance run` (results,
 * reproduce scripts, JUnit, coverage, history and the single-file HTML report) against the reference mock
 * with every ability, whose token grants are broken (`token_type: "mac"`), so token tests fail on bodies
 * that carry real tokens; then every file of the run's reports folder (the HTML report's embedded data
 * decoded) and its console output are scanned for the client secrets, every access and refresh token and
 * authorization code the target issued, and anything token-shaped the suite did not make up. Once with the
 * platform's token shapes (the whole suite), once against the conformant variant `other-id-formats`,
 * whose opaque tokens and codes only the suite's remembering can redact (the token area issues all three).
 * And a base URL's own password, through a set-up that fails and so prints the target.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ABILITIES } from '../../../lib/abilities.ts';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { UNKNOWN_BEARER } from '../../support/lookups.ts';
import {
  destructiveFeature,
  startRecordingTarget,
  type RecordingOptions,
  type RecordingTarget,
} from './support/recording-target.ts';
import { noted, removeRunFoldersAfterPassingTests } from './support/run-folders.ts';
import { BAD_TARGET_IDS, downTargetUrl } from './support/bad-target.ts';
import {
  filesUnder,
  findSecrets,
  scanRun,
  textsOf,
  TOKEN_SHAPES,
  type SecretsOf,
} from './support/secret-scan.ts';

const RUN_TIMEOUT_MS = 5 * 60_000;
const TOKEN_AREA = 'oauth';
const HTML_REPORT = 'index.html';

interface FailingRun {
  run: SuiteRun;
  target: RecordingTarget;
  of: SecretsOf;
}

removeRunFoldersAfterPassingTests();
// Independent targets and runs.
test.describe.configure({ mode: 'parallel' });

const tokenShaped = (value: string) => TOKEN_SHAPES.some((shape) => new RegExp(shape.source).test(value));

/** The run command (with `args`) against a recording target whose token grants are broken. */
async function failingRun(options: RecordingOptions, args: readonly string[] = []): Promise<FailingRun> {
  const target = await startRecordingTarget({ breakTokenGrants: true, ...options });
  let run: SuiteRun;
  try {
    run = noted(
      await runSuite({ target: { ...target.env, [VARIABLES.abilities]: ABILITIES.join(',') }, args }),
    );
  } finally {
    await target.close();
  }
  const of = { secrets: target.secrets(), madeUp: target.madeUp() };
  console.log(
    `${options.variation?.name ?? 'faithful'}: ${of.secrets.length} secrets configured or issued, ${of.madeUp.length} values made up; exit ${run.exitCode} after ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  // The scan means something only if the run failed where real tokens were in play, and wrote its report.
  expect(run.exitCode, run.output.slice(-2000)).toBe(EXIT_CODES.deviations);
  const failedTokenTests = run.records.filter((r) => r.status === 'failed' && r.area === TOKEN_AREA);
  expect(failedTokenTests.length, 'token tests failed on the broken grants').toBeGreaterThan(0);
  expect(
    failedTokenTests.filter((r) => r.reproduce).length,
    'their reproduce scripts are written',
  ).toBeGreaterThan(0);
  for (const file of [run.reports.results, run.reports.junit, `${run.reports.allureReport}/${HTML_REPORT}`])
    expect(existsSync(file), file).toBe(true);
  return { run, target, of };
}

function expectNoLeak(run: SuiteRun, of: SecretsOf): void {
  const scan = scanRun(run, of);
  console.log(
    `scanned ${scan.files} files and ${scan.embedded} data files embedded in the HTML report; ${scan.redacted} show a secret removed`,
  );
  expect(scan.embedded, "the HTML report's embedded data was read").toBeGreaterThan(0);
  expect(scan.redacted, 'secrets were in play and removed').toBeGreaterThan(0);
  expect(scan.leaks, `secrets found in the run's output (${run.reports.root})`).toEqual([]);
}

test('a failing run with its HTML report leaks no client secret, token or authorization code', async () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  const { run, target, of } = await failingRun({});
  expect(of.secrets.filter((s) => s.startsWith('TEST-')).length, 'test tokens were issued').toBeGreaterThan(
    0,
  );
  expect(
    of.secrets.filter((s) => s.startsWith('TG-')).length,
    'refresh tokens and codes were issued',
  ).toBeGreaterThan(0);
  // What a test makes up to be refused is shown as sent: the scan must let it be, or it would cry wolf.
  expect(of.madeUp).toContain(UNKNOWN_BEARER);
  // The request counting no-harm.test.ts relies on sees destructive requests when they are allowed.
  expect(target.requests.filter((r) => destructiveFeature(r) !== undefined).length).toBeGreaterThan(0);
  expectNoLeak(run, of);
});

test('tokens and codes of no platform shape leak nowhere either: the suite remembers what it saw', async () => {
  test.setTimeout(RUN_TIMEOUT_MS);
  // One area's tests: one worker runs them about as soon as two, for less CPU.
  const { run, target, of } = await failingRun({ variation: { type: 'variant', name: 'other-id-formats' } }, [
    '--project',
    TOKEN_AREA,
    '--workers',
    '1',
  ]);
  const issued = target.issued();
  expect(issued.filter(tokenShaped), 'no issued value has a platform shape').toEqual([]);
  expect(issued.length, 'tokens and codes of no platform shape were issued').toBeGreaterThan(2);
  expectNoLeak(run, of);
});

test('the scan finds a planted secret, token-shaped values not made up, and secrets in embedded report data', () => {
  const planted = 'mR8qLc2VtN6wYpZ3aK9dF1hJ5sX7bE0u';
  const shaped = 'APP_USR-4783610275394112-112204-b80c340d2f8a9c574fc14148ded17646-1283946271';
  const of = { secrets: [planted], madeUp: [UNKNOWN_BEARER] };
  const text = [
    `secret ${planted}`,
    `Bearer ${shaped}`,
    'code=TG-24cf1d4d3c66b5f57ee153ce-1283946271',
    'Bearer [redacted]',
  ].join('\n');
  expect(findSecrets(text, 'planted', of)).toHaveLength(3);
  expect(findSecrets(`Bearer [redacted] ${UNKNOWN_BEARER}`, 'clean', of)).toEqual([]);
  const embedded = `<script>d("data/attachments/1.txt","${Buffer.from(`Bearer ${planted}`).toString('base64')}")</script>`;
  expect(findSecrets(embedded, 'raw page', of), 'base64 hides it from a raw scan').toEqual([]);
  const decoded = textsOf(embedded, 'page').flatMap(({ text, where }) => findSecrets(text, where, of));
  expect(decoded.map((leak) => leak.where)).toEqual(['page › data/attachments/1.txt']);
});

test("a base URL's own password (a staging build behind basic authentication) is shown nowhere, even when the set-up fails", async () => {
  const password = `basic-pw-${Date.now()}`;
  const down = new URL(await downTargetUrl());
  const run = await runSuite({
    target: { ...BAD_TARGET_IDS, [VARIABLES.baseUrl]: `http://qa:${password}@${down.host}` },
    args: ['--no-html'],
  });
  expect(run.exitCode, run.output).toBe(EXIT_CODES.untestable);
  expect(run.output).toContain(`the target http://${down.host} does not answer`);
  const leaks = [
    run.output,
    ...filesUnder(run.reports.root).map((file) => readFileSync(file, 'utf8')),
  ].filter((text) => text.includes(password));
  expect(leaks).toEqual([]);
});
