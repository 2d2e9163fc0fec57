/**
 * Run history, one file per target (its base URL without credentials, and the profile), so a run against
 * the mock and one against staging never share a trend; and what changed since the last run on the same
 * target: the tests that newly fail and newly pass.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { isDeviation } from '../lib/failures.ts';
import type { TestRecord } from '../lib/results.ts';

export interface HistoryEntry {
  date: string;
  target: string;
  profile: string;
  selection: string;
  /**
   * Keys of the tests that found a deviation (known deviations included). A test the target kept from a
   * verdict (unreachable, timed out, a lent resource used up) is neither failing nor passing: a run whose
   * only change is that is not said to break anything.
   */
  failing: string[];
  /** Keys of the tests that passed. */
  passing: string[];
}

export interface Changes {
  previous?: HistoryEntry;
  newlyFailing: string[];
  newlyPassing: string[];
}

/** A readable, collision-free file name for a target and profile. */
export function targetSlug(target: string, profile: string): string {
  const readable = `${target}-${profile}`
    .replace(/^https?:\/\//, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const hash = createHash('sha256').update(`${target}|${profile}`).digest('hex').slice(0, 8);
  return `${readable.slice(0, 60)}-${hash}`;
}

export function historyFiles(historyDir: string, target: string, profile: string) {
  const slug = targetSlug(target, profile);
  return { runs: join(historyDir, `${slug}.runs.jsonl`), allure: join(historyDir, `${slug}.allure.jsonl`) };
}

/** Bytes read from the end of the history at a time, looking for the start of its last line. */
const TAIL_CHUNK = 64 * 1024;

/**
 * The last run recorded in `file`. The history keeps every run (a line each, a few kilobytes to a few
 * dozen for a suite this size), so only its tail is read: the file grows with each run, the read does not.
 */
function lastEntry(file: string): HistoryEntry | undefined {
  if (!existsSync(file)) return undefined;
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    let tail = Buffer.alloc(0);
    let position = size;
    // Until the tail holds a line break before its last line (or is the whole file).
    for (;;) {
      const text = tail.toString('utf8').replace(/\s+$/, '');
      const start = text.lastIndexOf('\n');
      if (start >= 0 || position === 0) {
        const last = text.slice(start + 1);
        return last.trim() === '' ? undefined : (JSON.parse(last) as HistoryEntry);
      }
      const length = Math.min(TAIL_CHUNK, position);
      position -= length;
      const chunk = Buffer.alloc(length);
      readSync(fd, chunk, 0, length, position);
      tail = Buffer.concat([chunk, tail]);
    }
  } finally {
    closeSync(fd);
  }
}

export function entryOf(
  records: readonly TestRecord[],
  target: string,
  profile: string,
  selection: string,
  date = new Date(),
): HistoryEntry {
  return {
    date: date.toISOString(),
    target,
    profile,
    selection,
    failing: records.filter((r) => r.status === 'failed' && r.failures.some(isDeviation)).map((r) => r.key),
    passing: records.filter((r) => r.status === 'passed').map((r) => r.key),
  };
}

/** Compares `entry` with the last run on its target, then appends it. */
export function recordRun(file: string, entry: HistoryEntry): Changes {
  const previous = lastEntry(file);
  const before = new Set(previous?.failing ?? []);
  const passedBefore = new Set(previous?.passing ?? []);
  const changes: Changes = {
    ...(previous ? { previous } : {}),
    newlyFailing: previous ? entry.failing.filter((key) => !before.has(key)) : [],
    newlyPassing: entry.passing.filter((key) => before.has(key) && !passedBefore.has(key)),
  };
  mkdirSync(join(file, '..'), { recursive: true });
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
  return changes;
}
