/**
 * Values several tests share (a suite run, a browser page's findings), made once on first use, so each
 * property stays its own test without a run of its own.
 *
 * `once`: once per worker process, for the tests of one file that run in one worker, in order.
 * `onceAcrossWorkers`: once per self-test run, for tests of several files, or of a file whose tests run
 * in parallel. The first caller, in whichever worker, makes the value in a folder of its own under the
 * run's shared folder (set by tests/self/global-setup.ts) and writes it there as JSON; every other
 * caller waits for that file and reads it. A value that failed to be made fails every test that reads
 * it, with the maker's message.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The variable naming the shared folder of one self-test run (not a target variable: no PAYMENTS_). */
export const SHARED_FOLDER_VARIABLE = 'SELF_TEST_SHARED_DIR';

const VALUE_FILE = 'value.json';
const ERROR_FILE = 'error.txt';
const POLL_MS = 200;
/** Longer than any test's timeout: a waiting test ends at its own timeout first. */
const MAX_WAIT_MS = 15 * 60_000;

export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** Written whole or not at all: a reader polling for the file never reads half of it. */
function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.partial`, text);
  renameSync(`${file}.partial`, file);
}

async function madeElsewhere<T>(dir: string, name: string): Promise<T> {
  const deadline = Date.now() + MAX_WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(join(dir, VALUE_FILE)))
      return JSON.parse(readFileSync(join(dir, VALUE_FILE), 'utf8')) as T;
    if (existsSync(join(dir, ERROR_FILE)))
      throw new Error(
        `${name}, made by another worker, failed: ${readFileSync(join(dir, ERROR_FILE), 'utf8')}`,
      );
    await sleep(POLL_MS);
  }
  throw new Error(`${name} was not made by another worker within ${MAX_WAIT_MS / 60_000} minutes`);
}

/**
 * `make` gets a folder of its own that lasts until the self-test run ends (for a run's reports); what it
 * returns must survive JSON (plain data), and every caller, the maker included, gets it back from JSON.
 */
export function onceAcrossWorkers<T>(name: string, make: (dir: string) => Promise<T>): () => Promise<T> {
  return once(async () => {
    const root = process.env[SHARED_FOLDER_VARIABLE];
    if (!root)
      throw new Error(
        `${SHARED_FOLDER_VARIABLE} is not set: run the self-tests with -c playwright.self.config.ts, whose global setup sets it`,
      );
    const dir = join(root, name);
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return madeElsewhere<T>(dir, name);
    }
    try {
      const text = JSON.stringify(await make(dir));
      writeWhole(join(dir, VALUE_FILE), text);
      return JSON.parse(text) as T;
    } catch (error) {
      writeWhole(join(dir, ERROR_FILE), error instanceof Error ? error.message : String(error));
      throw error;
    }
  });
}
