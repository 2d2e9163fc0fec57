/**
 * A failed test can be reproduced outside the suite: its script (TestRecord.reproduce, attached to the
 * report as reproduce.sh), run with `sh` against the same mutant with the seeded variables exported,
 * gets the answer the test got. The script names secrets by their variables and holds none of them.
 * The run is the one failure-kinds.test.ts and report.browser.test.ts read (support/status-mutant-run.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { RUN_LABELS } from '../../../lib/results.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { attachmentsOf, labelOf, readAllureResults } from './support/allure.ts';
import { startMockInWorker, type MockInWorker } from './support/mock-in-worker.ts';
import { configuredSecrets, leaks } from './support/secrets.ts';
import { removeScratchDirs, scratchDir } from './support/scratch.ts';
import { once } from './support/shared.ts';
import { STATUS_MUTANT, STATUS_MUTANT_RUN_TIMEOUT_MS, statusMutantRun } from './support/status-mutant-run.ts';

const REPRODUCE_ATTACHMENT = 'reproduce.sh';
const SCRIPT_TIMEOUT_MS = 60_000;

let mock: MockInWorker | undefined;

/**
 * The mutant the scripts are run against: the run's own (support/status-mutant-run.ts) is gone once the
 * run ended, and the scripts take the target from the exported variables, so a fresh one does.
 */
const mutant = once(
  async () => (mock = await startMockInWorker({ variation: { type: 'mutant', name: STATUS_MUTANT } })),
);

/** `sh script` with exactly `env` (and PATH); the mock answering it lives in this process, so never spawnSync. */
function runScript(
  script: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [script], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: SCRIPT_TIMEOUT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test.describe('reproducing a failed test', () => {
  test.setTimeout(STATUS_MUTANT_RUN_TIMEOUT_MS);

  test.afterAll(async () => {
    await mock?.stop();
    removeScratchDirs();
  });

  test('the reproduce script, run with sh against the mutant, gets the status the test saw', async () => {
    const { run } = await statusMutantRun();
    const { env } = await mutant();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
    // Tests that stopped on a wrong status (`answered NNN`), checked right after the request that got it.
    const failed = run.records.filter((r) => r.status === 'failed' && r.failures[0]?.kind === 'status');
    expect(failed.length, 'the mutant fails a test on its status').toBeGreaterThan(0);
    for (const record of failed) {
      const seen = /answered (\d{3})/.exec(record.failures[0]?.seen ?? '')?.[1];
      expect(seen, `${record.key}: the status it saw`).toBeDefined();
      expect(record.reproduce, record.key).toBeDefined();
      const script = join(scratchDir('reproduce'), 'reproduce.sh');
      writeFileSync(script, record.reproduce!);
      const shell = await runScript(script, env);
      expect(shell.status, shell.stderr).toBe(0);
      const statuses = [...shell.stdout.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((m) => m[1]);
      expect(statuses.length, shell.stdout).toBeGreaterThan(0);
      expect(statuses.at(-1), `${record.key}: the last request's status`).toBe(seen);
    }
  });

  test('the report attaches the same script as reproduce.sh', async () => {
    const { run } = await statusMutantRun();
    const failed = run.records.filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    const results = readAllureResults(run.reports.allureResults);
    for (const record of failed) {
      const result = results.find((r) => labelOf(r, RUN_LABELS.testKey) === record.key);
      expect(result, record.key).toBeDefined();
      const attachment = attachmentsOf(result!).find((a) => a.name === REPRODUCE_ATTACHMENT);
      expect(attachment, `${record.key} attaches ${REPRODUCE_ATTACHMENT}`).toBeDefined();
      expect(readFileSync(join(run.reports.allureResults, attachment!.source), 'utf8')).toBe(
        record.reproduce,
      );
    }
  });

  test('the scripts hold no secret: secrets are named by their variables', async () => {
    const { run, target, issuedSecrets: issued } = await statusMutantRun();
    expect(issued.length, 'the run was issued tokens').toBeGreaterThan(0);
    const scripts = run.records
      .filter((r) => r.reproduce !== undefined)
      .map((r) => ({ where: r.key, text: r.reproduce! }));
    expect(scripts.length).toBeGreaterThan(0);
    expect(leaks(scripts, [...configuredSecrets(target), ...issued])).toEqual([]);
    for (const { text } of scripts) {
      expect(text).toContain(`$${VARIABLES.clientSecret}`);
      expect(text).toContain(`$${VARIABLES.testAccessToken}`);
    }
  });
});
