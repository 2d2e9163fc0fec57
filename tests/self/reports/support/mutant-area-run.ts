/**
 * One area of the suite, run by the run command against a mutant of the mock served in this worker,
 * through a forwarding target that keeps every token and code it hands out: the shape of the runs the
 * report self-tests read (their failures, reproduce scripts, report and secrets).
 */
import { VARIABLES } from '../../../../lib/target.ts';
import { runSuite, type SuiteRun } from '../../../../scripts/suite/run-suite.ts';
import { startForwardingTarget } from './forwarding-target.ts';
import { startMockInWorker } from './mock-in-worker.ts';

export interface MutantAreaRun {
  run: SuiteRun;
  /** The PAYMENTS_* variables the run had (the mutant's seeded values, the forwarding URL). */
  target: Record<string, string>;
  /** Every access token, refresh token and authorization code the target handed out during the run. */
  issuedSecrets: string[];
}

export async function runAreaAgainstMutant(options: {
  mutant: string;
  area: string;
  reportsDir: string;
  timeoutMs: number;
  /** PAYMENTS_* variables of the run besides the mutant's own (a profile, say). */
  variables?: Record<string, string>;
  /** Whether the run builds the HTML report (default yes; --no-html for runs whose readers never open it). */
  html?: boolean;
}): Promise<MutantAreaRun> {
  const mock = await startMockInWorker({ variation: { type: 'mutant', name: options.mutant } });
  const forwarding = await startForwardingTarget(mock.baseUrl);
  try {
    const target = { ...mock.env, ...options.variables, [VARIABLES.baseUrl]: forwarding.url };
    const run = await runSuite({
      target,
      // One area's tests: one worker runs them about as soon as two, for less CPU.
      args: ['--project', options.area, '--workers', '1', ...(options.html === false ? ['--no-html'] : [])],
      reportsDir: options.reportsDir,
      timeoutMs: options.timeoutMs,
    });
    return { run, target, issuedSecrets: forwarding.issuedSecrets() };
  } finally {
    await forwarding.close();
    await mock.stop();
  }
}
