/**
 * How far away a target is: the median time of a few requests that change nothing (the set-up's probe,
 * answered whatever its status), one after the other. It decides how many requests a run keeps in flight
 * (lib/concurrency.ts).
 *
 * One after the other, not side by side: a target's first answer is its slowest (a new connection, a
 * server not yet warm), and the median of three then falls on a warm one. Sent together, all three were
 * first answers: on a busy machine a mock on loopback measured over 20 ms and was planned as far away.
 */
import type { ProxyRoute } from '../lib/proxy.ts';
import { exchange } from './http.ts';
import { PROBE_PATH } from './setup-target.ts';

const PROBES = 3;
const PROBE_TIMEOUT_MS = 5_000;

/** The median round trip to `baseUrl` in milliseconds, or undefined when it does not answer. */
export async function medianRoundTripMs(baseUrl: string, proxy?: ProxyRoute): Promise<number | undefined> {
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const started = performance.now();
    try {
      await exchange(new URL(baseUrl + PROBE_PATH), {
        method: 'GET',
        timeoutMs: PROBE_TIMEOUT_MS,
        ...(proxy ? { proxy } : {}),
      });
    } catch {
      return undefined;
    }
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(PROBES / 2)];
}
