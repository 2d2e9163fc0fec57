/**
 * What a run adds to its target's history: the tests that found a deviation and the tests that passed.
 * A test the target kept from a verdict is neither, so a run whose only change is a used-up resource or a
 * timeout is not said to newly fail anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Failure, FailureKind } from '../../../lib/failures.ts';
import type { TestRecord } from '../../../lib/results.ts';
import { entryOf, recordRun } from '../../../reporting/history.ts';

function record(key: string, kind?: FailureKind): TestRecord {
  const failures: Failure[] = kind ? [{ kind, seen: 'seen', message: 'message' }] : [];
  return { key, status: kind ? 'failed' : 'passed', failures } as Partial<TestRecord> as TestRecord;
}

test('a test kept from a verdict is neither failing nor passing, and never newly failing', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'history-entry-'));
  try {
    const file = path.join(dir, 'runs.jsonl');
    const entry = (records: TestRecord[]) => entryOf(records, 'embedded mock', 'strict', 'whole suite');
    const first = entry([
      record('passes'),
      record('used up', 'resource-used-up'),
      record('deviates', 'schema'),
    ]);
    expect(first.failing).toEqual(['deviates']);
    expect(first.passing).toEqual(['passes']);
    recordRun(file, first);

    const second = entry([
      record('passes', 'resource-used-up'),
      record('used up', 'timeout'),
      record('deviates', 'schema'),
      record('new deviation', 'status'),
    ]);
    const changes = recordRun(file, second);
    expect(changes.newlyFailing).toEqual(['new deviation']);
    expect(changes.newlyPassing).toEqual([]);

    // Kept from a verdict, then passing: it never failed, so it is not newly passing either.
    const third = recordRun(file, entry([record('used up'), record('deviates')]));
    expect(third.newlyFailing).toEqual([]);
    expect(third.newlyPassing).toEqual(['deviates']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
