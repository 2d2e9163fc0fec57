/**
 * The one run three self-tests read alike: `--project account-reports` against the mutant
 * settlement-report-config-success-202 (the settlement report config answers 202 where the spec says
 * 200), through a forwarding target that keeps every token and code it hands out. Tests fail on a wrong
 * status, with reproduce scripts, attachments and a report: failure-kinds.test.ts files them by kind,
 * reproduction.test.ts replays them, report.browser.test.ts opens the report. Made once per self-test
 * run, by whichever of them asks first.
 */
import { join } from 'node:path';
import { runAreaAgainstMutant, type MutantAreaRun } from './mutant-area-run.ts';
import { onceAcrossWorkers } from './shared.ts';

export const STATUS_MUTANT = 'settlement-report-config-success-202';
/** The area whose tests catch it: the run selects only that. */
export const STATUS_MUTANT_AREA = 'account-reports';
export const STATUS_MUTANT_RUN_TIMEOUT_MS = 5 * 60_000;

export type StatusMutantRun = MutantAreaRun;

export const statusMutantRun = onceAcrossWorkers('status-mutant-run', (dir): Promise<StatusMutantRun> =>
  runAreaAgainstMutant({
    mutant: STATUS_MUTANT,
    area: STATUS_MUTANT_AREA,
    reportsDir: join(dir, 'reports'),
    timeoutMs: STATUS_MUTANT_RUN_TIMEOUT_MS,
  }),
);
