/**
 * A failed test can be reproduced outside the suite: its script (TestRecord.reproduce, attached to the
 * report as reproduce.sh), run with `sh` against the same mutant with the seeded variables exported,
 * gets the answer the test got. The script names secrets by their variables and holds none of them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { RUN_LABELS } from '../../../lib/results.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { startMockProcess, type MockProcess } from '../../../mock/process.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { attachmentsOf, labelOf, readAllureResults } from './support/allure.ts';
import { startForwardingTarget, type ForwardingTarget } from './support/forwarding-target.ts';
import { configuredSecrets, leaks } from './support/secrets.ts';
import { removeScratchDirs, scratchDir } from './support/scratch.ts';
import { once } from './support/shared.ts';

const MUTANT = 'settlement-report-config-success-202';
const RUN_TIMEOUT_MS = 5 * 60_000;
const REPRODUCE_ATTACHMENT = 'reproduce.sh';

let mock: MockProcess | undefined;
let forwarding: ForwardingTarget | undefined;

/** A run against the mutant through a target that keeps every token it hands out; the mutant stays up. */
const failedRun = once(
  async (): Promise<{ run: SuiteRun; mock: MockProcess; forwarding: ForwardingTarget }> => {
    mock = await startMockProcess({ variation: { type: 'mutant', name: MUTANT } });
    forwarding = await startForwardingTarget(mock.baseUrl);
    const run = await runSuite({
      target: { ...mock.env, [VARIABLES.baseUrl]: forwarding.url },
      args: ['--project', 'reports'],
      reportsDir: scratchDir('run'),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    return { run, mock, forwarding };
  },
);

test.describe('reproducing a failed test', () => {
  test.setTimeout(RUN_TIMEOUT_MS);

  test.afterAll(async () => {
    await forwarding?.close();
    await mock?.stop();
    removeScratchDirs();
  });

  test('the reproduce script, run with sh against the mutant, gets the status the test saw', async () => {
    const { run, mock } = await failedRun();
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
      const shell = spawnSync('sh', [script], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...mock.env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(shell.status, shell.stderr).toBe(0);
      const statuses = [...shell.stdout.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((m) => m[1]);
      expect(statuses.length, shell.stdout).toBeGreaterThan(0);
      expect(statuses.at(-1), `${record.key}: the last request's status`).toBe(seen);
    }
  });

  test('the report attaches the same script as reproduce.sh', async () => {
    const { run } = await failedRun();
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
    const { run, mock, forwarding } = await failedRun();
    const issued = forwarding.issuedSecrets();
    expect(issued.length, 'the run was issued tokens').toBeGreaterThan(0);
    const scripts = run.records
      .filter((r) => r.reproduce !== undefined)
      .map((r) => ({ where: r.key, text: r.reproduce! }));
    expect(scripts.length).toBeGreaterThan(0);
    expect(leaks(scripts, [...configuredSecrets(mock.env), ...issued])).toEqual([]);
    for (const { text } of scripts) {
      expect(text).toContain(`$${VARIABLES.clientSecret}`);
      expect(text).toContain(`$${VARIABLES.testAccessToken}`);
    }
  });
});
