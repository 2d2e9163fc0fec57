/**
 * One run at a time writes a reports folder. A second run into the same folder (a second terminal, two
 * CI jobs in one workspace) would empty the first's working folder while the first writes there: the
 * first ended in a stack trace, its results lost. The second is refused instead, naming the run that
 * holds the folder. A lock left by a run that no longer exists (killed before it could remove it) is
 * taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

function readLock(file: string): ReportsLock | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ReportsLock;
  } catch {
    // Gone meanwhile, or half written by a run that died as it wrote: no run holds the folder.
    return undefined;
  }
}

/** Whether the run that wrote `lock` still runs (on another host, it cannot be told: assumed so). */
function alive(lock: ReportsLock): boolean {
  if (lock.host !== hostname()) return true;
  try {
    process.kill(lock.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function created(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    const lock: ReportsLock = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
    writeSync(fd, JSON.stringify(lock));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the reports folder of `paths` for this process and answers the function that gives it back; when
 * another run holds it, says so on `io` and answers undefined.
 */
export function takeReportsFolder(paths: ReportPaths, io: CommandIo): (() => void) | undefined {
  for (;;) {
    let taken: boolean;
    try {
      mkdirSync(paths.root, { recursive: true });
      taken = created(paths.lock);
    } catch (error) {
      io.err(
        `UsageError: the reports folder ${shownPath(paths.root)} cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)}): name a folder this user can write with --reports DIR`,
      );
      return undefined;
    }
    if (taken) {
      const release = () => rmSync(paths.lock, { force: true });
      // Also when the process ends early: a lock left behind only delays the next run's check.
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    }
    const holder = readLock(paths.lock);
    if (holder && alive(holder)) {
      io.err(
        `UsageError: another run (pid ${holder.pid} on ${holder.host}, started ${holder.started}) is writing ${shownPath(paths.root)}: wait for it to end, or give this run a folder of its own with --reports DIR (if no run is left, remove ${shownPath(paths.lock)})`,
      );
      return undefined;
    }
    rmSync(paths.lock, { force: true });
  }
}
