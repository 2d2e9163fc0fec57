/**
 * The two runs that end at the global setup, read by two files alike: the run command against a target
 * that is down (nothing listens on its port) and against one that takes the connection and never answers,
 * each with a one-second request timeout. bad-target.test.ts checks that each stops at once with one
 * setup failure of the right kind; cli/untestable-target.test.ts, that each exits 3 with one message
 * under its category and nothing filed as a contract result. Made once per self-test run, by whichever
 * asks first, each in a fresh reports folder that lasts until the run ends.
 */
import { join } from 'node:path';
import { RUN_VARIABLES } from '../../../../lib/run-variables.ts';
import { VARIABLES } from '../../../../lib/target.ts';
import { runSuite, type SuiteRun } from '../../../../scripts/suite/run-suite.ts';
import { onceAcrossWorkers } from '../../reports/support/shared.ts';
import { downTargetUrl, BAD_TARGET_IDS, startHangingTarget } from './bad-target.ts';

/** Keeps a hang to a second instead of the default ten. */
export const SETUP_REQUEST_TIMEOUT_MS = 1_000;
const RUN_TIMEOUT_MS = 60_000;

export interface SetupStoppingRun {
  /** The target's base URL, as the messages name it. */
  url: string;
  run: SuiteRun;
}

function runAgainst(url: string, dir: string): Promise<SuiteRun> {
  return runSuite({
    target: { [VARIABLES.baseUrl]: url, ...BAD_TARGET_IDS },
    args: ['--no-html'],
    env: { [RUN_VARIABLES.requestTimeoutMs]: String(SETUP_REQUEST_TIMEOUT_MS) },
    reportsDir: join(dir, 'reports'),
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

/** A loopback port that was just free: connections are refused at once. */
export const downTargetRun = onceAcrossWorkers('down-target-run', async (dir): Promise<SetupStoppingRun> => {
  const url = await downTargetUrl();
  return { url, run: await runAgainst(url, dir) };
});

/** A loopback server that takes every request and answers none, not even the setup's probe. */
export const silentTargetRun = onceAcrossWorkers(
  'silent-target-run',
  async (dir): Promise<SetupStoppingRun> => {
    const target = await startHangingTarget({ probeAnswers: false });
    try {
      return { url: target.url, run: await runAgainst(target.url, dir) };
    } finally {
      await target.close();
    }
  },
);
