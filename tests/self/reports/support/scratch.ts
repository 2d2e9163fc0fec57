/**
 * Folders a self-test writes in, outside test-results/self: Playwright empties that folder whenever any
 * self-test run starts, and a run of one file may start while these tests still use their folders.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../../lib/paths.ts';

/**
 * Inside the project but outside every Playwright output folder: a working directory for a suite run
 * that must find the project's packages from where it starts, as a user's project does.
 */
export const IN_PROJECT = join(PROJECT_ROOT, 'test-results');

const created: string[] = [];

/** A new empty folder under `parent` (the system's temporary folder by default). */
export function scratchDir(prefix: string, parent: string = tmpdir()): string {
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, `payments-self-${prefix}-`));
  created.push(dir);
  return dir;
}

/** Removes every folder scratchDir made in this worker (register with test.afterAll). */
export function removeScratchDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
