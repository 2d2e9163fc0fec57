/**
 * A private folder for one self-test's report output, outside test-results/: Playwright empties its
 * output folder when any other run starts, which would delete a report while it is being written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';

/** A new folder, removed after the current test when it passed (kept for a look when it failed). */
export function isolatedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `conformance-${prefix}-`));
  test.info().annotations.push({ type: 'output', description: dir });
  return dir;
}

/** Registers the clean-up of isolatedDir() folders in a test file. */
export function removeIsolatedDirsAfterPassingTests(): void {
  test.afterEach(({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) return;
    for (const a of testInfo.annotations.filter((x) => x.type === 'output' && x.description)) {
      rmSync(a.description!, { recursive: true, force: true });
    }
  });
}
