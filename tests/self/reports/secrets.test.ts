/**
 * No secret in what a run writes or prints: after a run of the token tests against a mutant (failed
 * tests, so error messages, reproduce scripts and request attachments are written), neither the
 * configured secrets nor any token or code the target handed out appears in the console output or in
 * any file of the reports folder, the files the Allure report embeds included.
 */
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { runAreaAgainstMutant } from './support/mutant-area-run.ts';
import { configuredSecrets, leaks, reportTexts } from './support/secrets.ts';
import { once } from './support/shared.ts';
import { removeScratchDirs, scratchDir } from './support/scratch.ts';

/** A grant body the spec does not allow: token tests fail on answers that carry tokens. */
const MUTANT = 'token-scope-extra-word';
const RUN_TIMEOUT_MS = 5 * 60_000;

const tokenRun = once(async () => {
  const { run, target, issuedSecrets } = await runAreaAgainstMutant({
    mutant: MUTANT,
    area: 'oauth',
    reportsDir: scratchDir('run'),
    timeoutMs: RUN_TIMEOUT_MS,
  });
  return { run, secrets: [...configuredSecrets(target), ...issuedSecrets] };
});

test.afterAll(removeScratchDirs);

test.describe('secrets in what a run writes', () => {
  test.setTimeout(RUN_TIMEOUT_MS);

  test('the run handed out tokens and codes and failed tests that used them', async () => {
    const { run, secrets } = await tokenRun();
    expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
    expect(run.records.some((r) => r.status === 'failed' && r.reproduce !== undefined)).toBe(true);
    expect(secrets.length, 'secrets to look for').toBeGreaterThan(3);
    expect(leaks([{ where: 'a planted copy', text: `Bearer ${secrets.at(-1)}` }], secrets)).toHaveLength(1);
  });

  test('the console output holds no secret', async () => {
    const { run, secrets } = await tokenRun();
    expect(leaks([{ where: 'console output', text: run.output }], secrets)).toEqual([]);
  });

  test('no file of the reports folder, nor any file the report embeds, holds a secret', async () => {
    const { run, secrets } = await tokenRun();
    const texts = reportTexts(run.reports.root);
    const embedded = texts.filter((t) => t.where.includes('allure-report/index.html › '));
    expect(
      embedded.some((t) => t.text.includes('curl -sS')),
      "the report's embedded attachments were decoded",
    ).toBe(true);
    expect(leaks(texts, secrets)).toEqual([]);
  });
});
