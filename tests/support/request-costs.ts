/**
 * What a test's requests cost besides their answers, recorded as annotations the verdict reporter turns
 * into the test's record:
 * - its round trips one after the other, at the least: the requests of its own client (each waits for the
 *   one before) and, for each generated test, its longest case (the cases are independent of each other).
 *   Against a target far away a run takes no less than its longest such chain times the round trip: the
 *   bench's critical-path floor;
 * - its waits on the target's 429 answers, by endpoint (run/rate-limit.ts), which the run's summary names.
 */
import type { TestInfo } from '@playwright/test';
import { ANNOTATIONS, type RateLimitWait } from '../../lib/results.ts';

const roundTrips = new Map<string, number>();
const waits = new Map<string, Map<string, RateLimitWait>>();

/** Adds the longest chain of a part of the test that ran apart from its own client (a generated test). */
export function addRoundTrips(testInfo: TestInfo, count: number): void {
  roundTrips.set(testInfo.testId, (roundTrips.get(testInfo.testId) ?? 0) + count);
}

/** Adds a wait of `ms` on a 429 answer to a request of `endpoint`. */
export function addRateLimitWait(testInfo: TestInfo, endpoint: string, ms: number): void {
  const ofTest = waits.get(testInfo.testId) ?? new Map<string, RateLimitWait>();
  const before = ofTest.get(endpoint) ?? { endpoint, ms: 0, times: 0 };
  ofTest.set(endpoint, { endpoint, ms: before.ms + ms, times: before.times + 1 });
  waits.set(testInfo.testId, ofTest);
}

/** After the test: its chain (its own client's `sent` requests and what was added) and its waits. */
export function recordRequestCosts(testInfo: TestInfo, sent: number): void {
  const chain = sent + (roundTrips.get(testInfo.testId) ?? 0);
  roundTrips.delete(testInfo.testId);
  testInfo.annotations.push({ type: ANNOTATIONS.roundTrips, description: String(chain) });
  const waited = waits.get(testInfo.testId);
  waits.delete(testInfo.testId);
  if (waited)
    testInfo.annotations.push({
      type: ANNOTATIONS.rateLimitWaits,
      description: JSON.stringify([...waited.values()]),
    });
}
