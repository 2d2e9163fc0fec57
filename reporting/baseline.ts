/**
 * Known deviations: a file of deviations a team accepts for a while (test, requirement, target, reason,
 * expiry), so a pipeline gates only on new ones. A listed deviation is reported as "known deviation until
 * DATE: reason", never as passed; one past its date fails again; one that no longer fails is reported as
 * fixed, to be removed. Unreadable or malformed files are usage errors, found before any request.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBasis, type Basis } from '../lib/basis.ts';
import { isDeviation, type Failure } from '../lib/failures.ts';
import type { TestRecord } from '../lib/results.ts';

export const DEFAULT_BASELINE_FILE = 'conformance-baseline.json';
export const BASELINE_VARIABLE = 'PAYMENTS_BASELINE';
const FORMAT_VERSION = 1;
const ENTRY_FIELDS = ['test', 'requirement', 'target', 'reason', 'until', 'added'] as const;

export interface BaselineEntry {
  /** The test's key (lib/results.ts TestRecord.key). */
  test: string;
  /** The requirement or fact the accepted failure breaks. */
  requirement: Basis;
  /** The target it was accepted for: its base URL without credentials (`embedded mock` for the mock). */
  target: string;
  reason: string;
  /** The last day (YYYY-MM-DD) it is accepted. */
  until: string;
  /** The day it was added. */
  added: string;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

export class BaselineError extends Error {
  override name = 'BaselineError';
}

/** The baseline file a run uses: `--baseline`, else PAYMENTS_BASELINE, else the default in the working directory. */
export function baselineFileOf(
  option: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { file: string; explicit: boolean } {
  const named = option ?? env[BASELINE_VARIABLE];
  return { file: resolve(named || DEFAULT_BASELINE_FILE), explicit: Boolean(named) };
}

/** Today as YYYY-MM-DD (UTC). */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

function checkEntry(entry: unknown, index: number, file: string): BaselineEntry {
  const where = `${file}: entry ${index + 1}`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new BaselineError(`${where} is not an object`);
  const record = entry as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => !(ENTRY_FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw new BaselineError(
      `${where} has unknown field ${unknown.join(', ')}; allowed: ${ENTRY_FIELDS.join(', ')}`,
    );
  }
  for (const field of ENTRY_FIELDS) {
    if (typeof record[field] !== 'string' || record[field] === '') {
      throw new BaselineError(`${where} needs ${field} (a non-empty string)`);
    }
  }
  if (!isBasis(record.requirement as string)) {
    throw new BaselineError(
      `${where}: requirement ${JSON.stringify(record.requirement)} is no requirement or fact id`,
    );
  }
  for (const field of ['until', 'added'] as const) {
    if (!isDay(record[field] as string))
      throw new BaselineError(
        `${where}: ${field} must be a date YYYY-MM-DD, got ${JSON.stringify(record[field])}`,
      );
  }
  return record as unknown as BaselineEntry;
}

/** Reads and checks a baseline; a missing default file is an empty baseline, a missing named one an error. */
export function readBaseline(file: string, explicit: boolean): Baseline {
  if (!existsSync(file)) {
    if (explicit) throw new BaselineError(`the baseline file ${file} does not exist`);
    return { file, entries: [] };
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BaselineError(
      `the baseline file ${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const record = data as { version?: unknown; entries?: unknown };
  if (
    typeof data !== 'object' ||
    data === null ||
    record.version !== FORMAT_VERSION ||
    !Array.isArray(record.entries)
  ) {
    throw new BaselineError(
      `the baseline file ${file} must be {"version": ${FORMAT_VERSION}, "entries": [...]}`,
    );
  }
  const extra = Object.keys(data).filter((k) => k !== 'version' && k !== 'entries');
  if (extra.length > 0)
    throw new BaselineError(`the baseline file ${file} has unknown field ${extra.join(', ')}`);
  return { file, entries: record.entries.map((e, i) => checkEntry(e, i, file)) };
}

export function writeBaseline(baseline: Baseline): void {
  writeFileSync(
    baseline.file,
    `${JSON.stringify({ version: FORMAT_VERSION, entries: baseline.entries }, null, 2)}\n`,
  );
}

export interface Deviation {
  record: TestRecord;
  failure: Failure & { basis: Basis };
}

export interface BaselineOutcome {
  /** Deviations the baseline accepts today. */
  known: (Deviation & { entry: BaselineEntry })[];
  /** Deviations whose entry is past its date: they count as deviations again. */
  expired: (Deviation & { entry: BaselineEntry })[];
  /** Deviations the baseline does not list. */
  unlisted: Deviation[];
  /** Entries for this target whose test ran and no longer fails on their requirement. */
  fixed: BaselineEntry[];
}

/** The deviations of a run: the failures of kinds that say the target deviates, with their basis. */
export function deviationsOf(records: readonly TestRecord[]): Deviation[] {
  return records.flatMap((record) =>
    record.failures
      .filter((f): f is Failure & { basis: Basis } => isDeviation(f) && f.basis !== undefined)
      .map((failure) => ({ record, failure })),
  );
}

export function applyBaseline(
  baseline: Baseline,
  records: readonly TestRecord[],
  target: string,
  day: string = today(),
): BaselineOutcome {
  const forTarget = baseline.entries.filter((e) => e.target === target);
  const outcome: BaselineOutcome = { known: [], expired: [], unlisted: [], fixed: [] };
  for (const deviation of deviationsOf(records)) {
    const entry = forTarget.find(
      (e) => e.test === deviation.record.key && e.requirement === deviation.failure.basis,
    );
    if (!entry) outcome.unlisted.push(deviation);
    else if (entry.until < day) outcome.expired.push({ ...deviation, entry });
    else outcome.known.push({ ...deviation, entry });
  }
  const ran = new Map(records.map((r) => [r.key, r]));
  outcome.fixed = forTarget.filter((entry) => {
    const record = ran.get(entry.test);
    return (
      record !== undefined &&
      record.status !== 'skipped' &&
      !record.failures.some((f) => f.basis === entry.requirement)
    );
  });
  return outcome;
}

/** The baseline with the run's unlisted deviations added (entries already there are kept as they are). */
export function withDeviations(
  baseline: Baseline,
  deviations: readonly Deviation[],
  target: string,
  reason: string,
  until: string,
  day: string = today(),
): { baseline: Baseline; added: BaselineEntry[] } {
  const added: BaselineEntry[] = [];
  for (const { record, failure } of deviations) {
    const present = [...baseline.entries, ...added].some(
      (e) => e.target === target && e.test === record.key && e.requirement === failure.basis,
    );
    if (!present)
      added.push({ test: record.key, requirement: failure.basis, target, reason, until, added: day });
  }
  return { baseline: { file: baseline.file, entries: [...baseline.entries, ...added] }, added };
}
