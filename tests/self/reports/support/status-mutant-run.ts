/**
 * The one run three self-tests read alike: `--project reports` against the mutant
 * settlement-report-config-success-202 (the settlement report config answers 202 where the spec says
 * 200), through a forwarding target that keeps every token and code it hands out. Tests fail on a wrong
 * status, with reproduce scripts, attachments and a report: failure-kinds.test.ts files them by kind,
 * reproduction.test.ts replays them, report.browser.test.ts opens the report. Made once per self-test
 * run, by whichever of them asks first.
 */
import { join } from 'node:path';
import { VARIABLES } from '../../../../lib/target.ts';
import { runSuite, type SuiteRun } from '../../../../scripts/suite/run-suite.ts';
import { startForwardingTarget } from './forwarding-target.ts';
import { startMockInWorker } from './mock-in-worker.ts';
import { onceAcrossWorkers } from './shared.ts';

export const STATUS_MUTANT = 'settlement-report-config-success-202';
/** The area whose tests catch it: the run selects only that. */
export const STATUS_MUTANT_AREA = 'reports';
export const STATUS_MUTANT_RUN_TIMEOUT_MS = 5 * 60_000;

export interface StatusMutantRun {
  run: SuiteRun;
  /** The PAYMENTS_* variables the run had (the mutant's seeded values, the forwarding URL). */
  target: Record<string, string>;
  /** Every access token, refresh token and authorization code the target handed out during the run. */
  issuedSecrets: string[];
}

export const statusMutantRun = onceAcrossWorkers(
  'status-mutant-run',
  async (dir): Promise<StatusMutantRun> => {
    const mock = await startMockInWorker({ variation: { type: 'mutant', name: STATUS_MUTANT } });
    const forwarding = await startForwardingTarget(mock.baseUrl);
    try {
      const target = { ...mock.env, [VARIABLES.baseUrl]: forwarding.url };
      const run = await runSuite({
        target,
        // Its ten tests need no second worker.
        args: ['--project', STATUS_MUTANT_AREA, '--workers', '1'],
        reportsDir: join(dir, 'reports'),
        timeoutMs: STATUS_MUTANT_RUN_TIMEOUT_MS,
      });
      return { run, target, issuedSecrets: forwarding.issuedSecrets() };
    } finally {
      await forwarding.close();
      await mock.stop();
    }
  },
);
