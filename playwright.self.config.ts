import { defineConfig } from '@playwright/test';
import { GENERATED_VALIDATORS_GLOB } from './schemas/documents.ts';

/**
 * Files whose tests are one long sequence of slow steps, each needing the one before (suite runs into
 * one reports folder, the package's install): started first, so that the run does not end waiting for
 * one of them while the other workers idle. Workers take files in the order of the projects.
 */
const LONG_SEQUENCES = [
  '**/package/installed-package.test.ts',
  '**/reports/baseline.test.ts',
  '**/reports/history.test.ts',
  '**/reports/merge.test.ts',
];

/** The project's own tests: schemas, factories, mock, reports, reliability. Separate from the conformance run. */
export default defineConfig({
  testDir: './tests/self',
  testMatch: '**/*.test.ts',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  build: { external: [GENERATED_VALIDATORS_GLOB] },
  globalSetup: './tests/self/global-setup.ts',
  reporter: [['list'], ['./tests/self/summary-reporter.ts']],
  outputDir: './test-results/self',
  projects: [
    { name: 'long sequences', testMatch: LONG_SEQUENCES },
    { name: 'self', testIgnore: LONG_SEQUENCES },
  ],
});
