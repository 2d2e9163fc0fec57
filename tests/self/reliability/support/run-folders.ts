/**
 * The reports folders of the runs a test made (runSuite gives each a fresh temporary folder): removed
 * once the test passed, kept when it failed, named in its annotations so they can be looked at.
 */
import { rmSync } from 'node:fs';
import { test } from '@playwright/test';
import type { SuiteRun } from '../../../../scripts/suite/run-suite.ts';

const ANNOTATION = 'run reports';

/** Notes `run`'s folder on the current test; returns the run. */
export function noted(run: SuiteRun): SuiteRun {
  test.info().annotations.push({ type: ANNOTATION, description: run.reports.root });
  return run;
}

/** Registers, for the calling test file, the removal of noted folders after each passing test. */
export function removeRunFoldersAfterPassingTests(): void {
  test.afterEach(({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) return;
    for (const { type, description } of testInfo.annotations) {
      if (type === ANNOTATION && description) rmSync(description, { recursive: true, force: true });
    }
  });
}
