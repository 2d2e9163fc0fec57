/**
 * Before any self-test: a folder the workers share values in (reports/support/shared.ts
 * `onceAcrossWorkers`), named to them by a variable every worker inherits, and removed once the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_FOLDER_VARIABLE } from './reports/support/shared.ts';

export default function globalSetup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'payments-self-shared-'));
  process.env[SHARED_FOLDER_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
