import { defineConfig } from '@playwright/test';

/**
 * The floor of a conformance run: Playwright's own start-up plus one trivial API test, nothing of the
 * project loaded. The bench compares the whole suite's wall time with this.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'floor.spec.ts',
  retries: 0,
  reporter: [['list']],
  outputDir: '../../../test-results/bench-floor',
});
