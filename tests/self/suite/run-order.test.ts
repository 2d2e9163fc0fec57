/**
 * The last test of a run (tests/teardown/) waits for every other test to end before it moves the clock:
 * on the verdict reporter's count when there is one, else until no other test is marked running.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import {
  afterEveryOtherTest,
  markRunning,
  removeRunDirectory,
  writeRunProgress,
} from '../../support/run-state.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `promise` has settled within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), sleep(ms).then(() => false)]);
}

test.describe('the last test waits for every other test', () => {
  let previousRunId: string | undefined;

  test.beforeEach(() => {
    previousRunId = process.env[RUN_VARIABLES.runId];
    process.env[RUN_VARIABLES.runId] = `self-test-${randomUUID()}`;
  });

  test.afterEach(() => {
    removeRunDirectory();
    if (previousRunId === undefined) delete process.env[RUN_VARIABLES.runId];
    else process.env[RUN_VARIABLES.runId] = previousRunId;
  });

  test('on the verdict reporter count: until every test before it has ended', async () => {
    writeRunProgress({ before: 3, ended: 2 });
    const waiting = afterEveryOtherTest('last');
    expect(await settlesWithin(waiting, 300)).toBe(false);
    writeRunProgress({ before: 3, ended: 3 });
    expect(await settlesWithin(waiting, 1_000)).toBe(true);
  });

  test('without the count: until no other test is marked running', async () => {
    const ownEnded = markRunning('last');
    const otherEnded = markRunning('other');
    const waiting = afterEveryOtherTest('last');
    expect(await settlesWithin(waiting, 600)).toBe(false);
    otherEnded();
    expect(await settlesWithin(waiting, 1_000)).toBe(true);
    ownEnded();
  });
});
