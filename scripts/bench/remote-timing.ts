/**
 * The bench's remote rows: one faithful mock process, run directly and behind ./latency-proxy.ts at each
 * of REMOTE_DELAYS_MS, as a sandbox that far away would answer. The run command sees the round trip and
 * plans its concurrency for it (lib/concurrency.ts), as it would against a real one; no flag is passed.
 *
 * The direct run and the run behind REFERENCE_DELAY_MS (the target's goal) alternate for every sample,
 * so a change of the machine's speed from one minute to the next hits both alike; the other delays run
 * once.
 */
import { EXIT_CODES } from '../../lib/exit-codes.ts';
import { VARIABLES } from '../../lib/target.ts';
import { startMockProcess } from '../../mock/process.ts';
import { timeSuiteRun, type TimedRun } from './conformance-timing.ts';
import { startLatencyProxy, type InFlightFigures } from './latency-proxy.ts';

export const REMOTE_DELAYS_MS = [50, 100, 200] as const;
export const REFERENCE_DELAY_MS = 100;

export interface RemoteRun extends TimedRun {
  /** The proxy's hold on each answer; 0 for the direct run. */
  delayMs: number;
  inFlight?: InFlightFigures;
}

export interface RemoteSamples {
  direct: RemoteRun[];
  behind: Record<number, RemoteRun[]>;
}

export async function timeRemoteRuns(samples: number, log: (line: string) => void): Promise<RemoteSamples> {
  const mock = await startMockProcess();
  const upstream = mock.env[VARIABLES.baseUrl]!;
  const result: RemoteSamples = { direct: [], behind: {} };
  const runBehind = async (delayMs: number): Promise<RemoteRun> => {
    const proxy = await startLatencyProxy(upstream, delayMs);
    try {
      const run = await timeSuiteRun(
        { target: { ...mock.env, [VARIABLES.baseUrl]: proxy.url } },
        EXIT_CODES.conformant,
      );
      return { ...run, delayMs, inFlight: proxy.figures() };
    } finally {
      await proxy.close();
    }
  };
  const record = (run: RemoteRun) => (result.behind[run.delayMs] ??= []).push(run);
  try {
    for (let sample = 1; sample <= samples; sample++) {
      log(`remote: sample ${sample}/${samples}: direct`);
      result.direct.push({
        ...(await timeSuiteRun({ target: mock.env }, EXIT_CODES.conformant)),
        delayMs: 0,
      });
      log(`remote: sample ${sample}/${samples}: behind a ${REFERENCE_DELAY_MS} ms proxy`);
      record(await runBehind(REFERENCE_DELAY_MS));
    }
    for (const delayMs of REMOTE_DELAYS_MS.filter((d) => d !== REFERENCE_DELAY_MS)) {
      log(`remote: behind a ${delayMs} ms proxy`);
      record(await runBehind(delayMs));
    }
  } finally {
    await mock.stop();
  }
  return result;
}
