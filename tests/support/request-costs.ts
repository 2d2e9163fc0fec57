/**
 * What a test's requests cost besides their answers, recorded as annotations the verdict reporter turns
 * into the test's record:
 * - its round trips one after the other, at the least: the requests of its own client (each waits for the
 *   one before) and, for each generated test, its longest case (the cases are independent of each other).
 *   Against a target far away a run takes no less than its longest such chain times the round trip: the
 *   bench's critical-path floor;
 * - its waits on the target's 429 answers, and on 502-504 answers to safe requests, by endpoint and status
 *   (run/retries.ts), which the run's summary names.
 */
import type { TestInfo } from '@playwright/test';
import { ANNOTATIONS, answerWaitKey, type AnswerWait } from '../../lib/results.ts';

const roundTrips = new Map<string, number>();
const waits = new Map<string, Map<string, AnswerWait>>();

/** Adds the longest chain of a part of the test that ran apart from its own client (a generated test). */
export function addRoundTrips(testInfo: TestInfo, count: number): void {
  roundTrips.set(testInfo.testId, (roundTrips.get(testInfo.testId) ?? 0) + count);
}

/** Adds a wait to the test's, summed with its others of the same endpoint and status. */
export function addWait(testInfo: TestInfo, wait: AnswerWait): void {
  const ofTest = waits.get(testInfo.testId) ?? new Map<string, AnswerWait>();
  const key = answerWaitKey(wait);
  const before = ofTest.get(key);
  ofTest.set(key, before ? { ...before, ms: before.ms + wait.ms, times: before.times + wait.times } : wait);
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
      type: ANNOTATIONS.waits,
      description: JSON.stringify([...waited.values()]),
    });
}
