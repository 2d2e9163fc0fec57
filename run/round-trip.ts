/**
 * How far away a target is: the median time of a few requests that change nothing (the set-up's probe,
 * answered whatever its status), sent together. It decides how many requests a run keeps in flight
 * (lib/concurrency.ts).
 */
import { exchange } from './http.ts';
import { PROBE_PATH } from './setup-target.ts';

const PROBES = 3;
const PROBE_TIMEOUT_MS = 5_000;

/** The median round trip to `baseUrl` in milliseconds, or undefined when it does not answer. */
export async function medianRoundTripMs(baseUrl: string): Promise<number | undefined> {
  // Side by side: each probe still takes one round trip, and a target 200 ms away costs the run's start
  // 0.2 s rather than 0.6 s.
  const probe = async (): Promise<number> => {
    const started = performance.now();
    await exchange(new URL(baseUrl + PROBE_PATH), { method: 'GET', timeoutMs: PROBE_TIMEOUT_MS });
    return performance.now() - started;
  };
  try {
    const times = await Promise.all(Array.from({ length: PROBES }, probe));
    return times.sort((a, b) => a - b)[Math.floor(PROBES / 2)];
  } catch {
    return undefined;
  }
}
