import { defineConfig } from '@playwright/test';

/** The project's own tests: schemas, factories, mock, reports, reliability. Separate from the conformance run. */
export default defineConfig({
  testDir: './tests/self',
  testMatch: '**/*.test.ts',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['list'], ['./tests/self/summary-reporter.ts']],
  outputDir: './test-results/self',
});
