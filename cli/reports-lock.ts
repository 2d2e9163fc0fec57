/**
 * One run at a time writes a reports folder. A second run into the same folder (a second terminal, two
 * CI jobs in one workspace) would empty the first's working folder while the first writes there: the
 * first ended in a stack trace, its results lost. The second is refused instead, naming the run that
 * holds the folder.
 *
 * A run killed before it could give the folder back leaves its lock behind. The holder touches the lock
 * every few seconds, so a lock untouched for a minute is stale whoever wrote it: a CI job cancelled in a
 * container, whose host name and process ids the next job's do not share, blocks nothing for long. On the
 * holder's own host a lock whose process is gone is stale at once.
 *
 * Two runs that find the same stale lock at the same moment must not both take the folder (each removing
 * it, the later removing the other's new lock): a stale lock is removed only by the run that holds the
 * takeover file beside it, and judged again under it.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import type { CommandIo } from './io.ts';
import { shownPath, type ReportPaths } from '../lib/report-paths.ts';

/** What the lock file says of the run holding the folder. */
export interface ReportsLock {
  pid: number;
  host: string;
  /** When it started, ISO 8601. */
  started: string;
}

/** How often the holder touches its lock, and how long an untouched lock stands. */
export const LOCK_TOUCH_MS = 5_000;
export const LOCK_STALE_MS = 60_000;
/**
 * A takeover lasts a few system calls; a takeover file this old was left by a run killed during one.
 * Longer than any pause of a live process between its creating the file and its removing it.
 */
export const TAKEOVER_STALE_MS = 10_000;

/** The file a run holds while it removes a stale lock. */
export function takeoverFile(lock: string): string {
  return `${lock}.takeover`;
}

function readLock(file: string): ReportsLock | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ReportsLock;
  } catch {
    // Gone meanwhile, or not written whole yet (a run creates the file, then writes it): its age decides.
    return undefined;
  }
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function olderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return true;
  }
}

/** Whether the run that wrote the lock `file` (saying `lock`, when it reads whole) has ended without giving it back. */
function stale(file: string, lock: ReportsLock | undefined): boolean {
  if (lock && lock.host === hostname() && processGone(lock.pid)) return true;
  return olderThan(file, LOCK_STALE_MS);
}

/** Creates `file` saying `lock` unless it exists; answers whether it did. */
function created(file: string, lock: ReportsLock): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, JSON.stringify(lock));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes the stale lock `file` if this run is the one taking it over; answers false when another run is
 * taking it over this instant (its takeover file is fresh).
 */
function removedStale(file: string, self: ReportsLock): boolean {
  const takeover = takeoverFile(file);
  if (!created(takeover, self)) {
    if (!olderThan(takeover, TAKEOVER_STALE_MS)) return false;
    // Left by a run killed during its takeover: removed, and tried once more.
    rmSync(takeover, { force: true });
    if (!created(takeover, self)) return false;
  }
  try {
    // Judged again: another run may have taken the folder over and given the takeover file back since.
    if (stale(file, readLock(file))) rmSync(file, { force: true });
    return true;
  } finally {
    rmSync(takeover, { force: true });
  }
}

const sameRun = (a: ReportsLock | undefined, b: ReportsLock) =>
  a?.pid === b.pid && a.host === b.host && a.started === b.started;

/** Keeps the lock `file`, written as `self`, fresh until the answered function gives it back. */
function hold(file: string, self: ReportsLock): () => void {
  const touch = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // Removed by hand: the run goes on, unguarded.
    }
  }, LOCK_TOUCH_MS);
  touch.unref();
  const release = () => {
    clearInterval(touch);
    // Only its own: a run paused past the stale time may have had its folder taken over.
    if (sameRun(readLock(file), self)) rmSync(file, { force: true });
  };
  // Also when the process ends early; a kill leaves the lock to go stale.
  process.once('exit', release);
  return () => {
    process.removeListener('exit', release);
    release();
  };
}

/**
 * Takes the reports folder of `paths` for this process and answers the function that gives it back; when
 * another run holds it, or it cannot be written, says so on `io` and answers undefined.
 */
export function takeReportsFolder(paths: ReportPaths, io: CommandIo): (() => void) | undefined {
  const self: ReportsLock = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  const refuse = (holder: ReportsLock | undefined) => {
    const who = holder
      ? `another run (pid ${holder.pid} on ${holder.host}, started ${holder.started})`
      : 'another run, starting,';
    io.err(
      `UsageError: ${who} is writing ${shownPath(paths.root)}: wait for it to end, or give this run a folder of its own with --reports DIR`,
    );
    return undefined;
  };
  for (;;) {
    let taken: boolean;
    try {
      mkdirSync(paths.root, { recursive: true });
      taken = created(paths.lock, self);
    } catch (error) {
      io.err(
        `UsageError: the reports folder ${shownPath(paths.root)} cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)}): name a folder this user can create and write with --reports DIR`,
      );
      return undefined;
    }
    if (taken) return hold(paths.lock, self);
    const holder = readLock(paths.lock);
    if (!stale(paths.lock, holder)) return refuse(holder);
    // Another run taking the same stale lock over: it is the one starting.
    if (!removedStale(paths.lock, self)) return refuse(undefined);
  }
}
