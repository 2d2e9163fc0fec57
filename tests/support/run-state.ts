/**
 * State one `playwright test` run shares between its worker processes, kept in a private folder
 * `.tokens/<run id>/` (git-ignored, never under reports/, mode 0700, files 0600): the tokens the setup
 * project obtained, markers for resources a real target lets the run use only once, and a lock.
 * The teardown project removes the folder when the run ends.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { RUN_ID_VARIABLE } from './config.ts';
import { rememberSecret } from './redact.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
export const TOKENS_ROOT = path.join(PROJECT_ROOT, '.tokens');
const TOKENS_FILE = 'tokens.json';
const LOCK_POLL_MS = 25;
const LOCK_MAX_WAIT_MS = 30_000;

export const MISSING_RUN_ID = `${RUN_ID_VARIABLE} is not set: run the suite through playwright.config.ts (npm run conformance)`;
export const MISSING_TOKENS =
  'No tokens for this run: the setup project (tests/setup/tokens.setup.ts) did not complete; see its error above';
export const LOCK_TIMEOUT = (name: string) =>
  `Run lock ${name} was not released within ${LOCK_MAX_WAIT_MS} ms (a worker died holding it?)`;

export interface HeldToken {
  accessToken: string;
  /** The grant's live_mode; undefined when the token came from the environment and its mode is unknown. */
  liveMode: boolean | undefined;
}

export interface RunTokens {
  /** The bearer for every request, and the test token for /test_user/search. */
  test: HeldToken;
  /** A non-test token (client_credentials without test_token), where the target issued one. */
  live?: HeldToken;
}

export function runDirectory(): string {
  const runId = process.env[RUN_ID_VARIABLE];
  if (!runId) throw new Error(MISSING_RUN_ID);
  return path.join(TOKENS_ROOT, runId);
}

export function runTokensFile(): string {
  return path.join(runDirectory(), TOKENS_FILE);
}

export function writeRunTokens(tokens: RunTokens): void {
  const dir = runDirectory();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(runTokensFile(), JSON.stringify(tokens), { mode: 0o600 });
}

let cachedTokens: RunTokens | undefined;

/** The tokens the setup project stored; each is remembered for redaction. */
export function readRunTokens(): RunTokens {
  if (!cachedTokens) {
    const file = runTokensFile();
    if (!existsSync(file)) throw new Error(MISSING_TOKENS);
    cachedTokens = JSON.parse(readFileSync(file, 'utf8')) as RunTokens;
    rememberSecret(cachedTokens.test.accessToken);
    rememberSecret(cachedTokens.live?.accessToken);
  }
  return cachedTokens;
}

/** True for the first caller in the whole run (any worker), false for every later one. */
export function claimOncePerRun(name: string): boolean {
  try {
    writeFileSync(path.join(runDirectory(), `used-${name}`), '', { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `action` while no other worker of the run holds the lock `name` (mkdir is atomic). */
export async function withRunLock<T>(name: string, action: () => Promise<T>): Promise<T> {
  const lock = path.join(runDirectory(), `lock-${name}`);
  const deadline = Date.now() + LOCK_MAX_WAIT_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(LOCK_TIMEOUT(name), { cause: error });
      await sleep(LOCK_POLL_MS);
    }
  }
  try {
    return await action();
  } finally {
    await rmdir(lock);
  }
}

export function removeRunDirectory(): void {
  rmSync(runDirectory(), { recursive: true, force: true });
}
