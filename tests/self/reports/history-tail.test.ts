/**
 * What changed since the last run is worked out from the history's last line alone, read from the end of
 * the file: it is the same last run however long the history has grown, however its lines fall across
 * the reads, and whatever characters the test names hold.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { recordRun, type HistoryEntry } from '../../../reporting/history.ts';

/** A run whose line is longer than one read from the end (64 KiB), with names outside ASCII. */
function run(index: number, failing: number): HistoryEntry {
  const key = (n: number) => `tests/conformance/área.spec.ts › préférence ✓ nº ${n}`;
  return {
    date: new Date(Date.UTC(2026, 10, index)).toISOString(),
    target: 'embedded mock',
    profile: 'strict',
    selection: 'whole suite',
    failing: Array.from({ length: failing }, (_, n) => key(n)),
    passing: Array.from({ length: 2_000 }, (_, n) => key(failing + n)),
  };
}

test('the last run is read from the end of a long history, whatever its length and characters', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'history-tail-'));
  try {
    const file = path.join(dir, 'runs.jsonl');
    const earlier = [run(1, 5), run(2, 7), run(3, 3)];
    // Blank lines after the last run are not a run.
    writeFileSync(file, `${earlier.map((e) => JSON.stringify(e)).join('\n')}\n\n`);
    const next = run(4, 4);
    const changes = recordRun(file, next);
    expect(changes.previous).toEqual(earlier[2]);
    expect(changes.newlyFailing).toEqual([next.failing[3]]);
    expect(recordRun(file, run(5, 1)).previous, 'the run just recorded is the last one now').toEqual(next);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a history of one line without a line break, or of none, is read as such', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'history-tail-'));
  try {
    const single = path.join(dir, 'single.jsonl');
    writeFileSync(single, JSON.stringify(run(1, 2)));
    expect(recordRun(single, run(2, 2)).previous).toEqual(run(1, 2));
    const empty = path.join(dir, 'empty.jsonl');
    writeFileSync(empty, '\n');
    expect(recordRun(empty, run(1, 2)).previous).toBeUndefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
