/**
 * A run two files read: `--project stores` against the embedded mock, into a fresh reports folder.
 * history.test.ts takes it as the first run of its history and goes on running into that folder;
 * cli/selection.test.ts checks what it says of the selection, from the coverage as this run wrote it
 * (read at once, since the history's later runs write over it). Made once per self-test run, by
 * whichever asks first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Coverage } from '../../../../reporting/coverage.ts';
import { runSuite, type SuiteRun } from '../../../../scripts/suite/run-suite.ts';
import { onceAcrossWorkers } from './shared.ts';

/** Five tests: one worker runs them about as soon as two, for less CPU. */
export const STORES_SELECTION = ['--project', 'stores', '--workers', '1'];
export const STORES_RUN_TIMEOUT_MS = 5 * 60_000;

export interface EmbeddedStoresRun {
  run: SuiteRun;
  /** coverage.json as the run wrote it; none when the run wrote none. */
  coverage?: Coverage;
}

export const embeddedStoresRun = onceAcrossWorkers(
  'embedded-stores-run',
  async (dir): Promise<EmbeddedStoresRun> => {
    const run = await runSuite({
      args: STORES_SELECTION,
      reportsDir: join(dir, 'reports'),
      timeoutMs: STORES_RUN_TIMEOUT_MS,
    });
    const file = run.reports.coverageJson;
    return existsSync(file) ? { run, coverage: JSON.parse(readFileSync(file, 'utf8')) as Coverage } : { run };
  },
);
