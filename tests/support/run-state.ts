/**
 * State one run shares between the runner and its worker processes, kept in a private folder outside
 * the project and the reports (mode 0700, files 0600): the tokens the global setup obtained per target,
 * markers for resources a real target lets the run use once, and locks. The global teardown removes it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SetupFailure } from '../../lib/results.ts';
import { RUN_VARIABLES } from '../../lib/run-variables.ts';
import { writeFileWhole } from '../../lib/write-whole.ts';
import { rememberSecret } from './redact.ts';

/** Per-run folders live here: never committed, never in reports. */
export const RUNS_ROOT = path.join(tmpdir(), 'payments-conformance-runs');
const TOKENS_FILE = 'tokens.json';
const SETUP_FAILURE_FILE = 'setup-failure.json';
const LOCK_POLL_MS = 25;
const LOCK_MAX_WAIT_MS = 30_000;
/** Set by the run command for a sharded run: `i/n`, so shards take disjoint configured ids. */
export const SHARD_VARIABLE = 'PAYMENTS_SHARD';

export const MISSING_RUN_ID = `${RUN_VARIABLES.runId} is not set: run the suite through its configuration, playwright.config.cjs (npm run conformance)`;
export const MISSING_TOKENS = (target: string) =>
  `No tokens for target ${target}: the global setup (tests/run/global-setup.ts) did not obtain them; see its error above`;
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

export function runRoot(): string {
  const runId = process.env[RUN_VARIABLES.runId];
  if (!runId) throw new Error(MISSING_RUN_ID);
  return path.join(RUNS_ROOT, runId);
}

/** The folder of one target of the run, created private on first use. */
export function targetDirectory(target: string): string {
  const dir = path.join(runRoot(), target);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function runTokensFile(target: string): string {
  return path.join(targetDirectory(target), TOKENS_FILE);
}

export function writeRunTokens(target: string, tokens: RunTokens): void {
  writeFileSync(runTokensFile(target), JSON.stringify(tokens), { mode: 0o600 });
}

/** Marks `target` as not set up, so its tests skip instead of failing one by one. */
export function recordSetupFailure(target: string, failure: SetupFailure): void {
  writeFileSync(path.join(targetDirectory(target), SETUP_FAILURE_FILE), JSON.stringify(failure), {
    mode: 0o600,
  });
}

/** Why `target` could not be set up, if it could not. */
export function setupFailureOf(target: string): SetupFailure | undefined {
  const file = path.join(targetDirectory(target), SETUP_FAILURE_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SetupFailure) : undefined;
}

const cachedTokens = new Map<string, RunTokens>();

/** The tokens the global setup stored for `target`; each is remembered for redaction. */
export function readRunTokens(target: string): RunTokens {
  let tokens = cachedTokens.get(target);
  if (!tokens) {
    const file = runTokensFile(target);
    if (!existsSync(file)) throw new Error(MISSING_TOKENS(target));
    tokens = JSON.parse(readFileSync(file, 'utf8')) as RunTokens;
    rememberSecret(tokens.test.accessToken);
    rememberSecret(tokens.live?.accessToken);
    cachedTokens.set(target, tokens);
  }
  return tokens;
}

/** The access tokens the run holds for `target`, by role (what the API client sends and names). */
export function heldAccessTokens(target: string): { test: string; live?: string } {
  const held = readRunTokens(target);
  return { test: held.test.accessToken, ...(held.live ? { live: held.live.accessToken } : {}) };
}

/** True for the first caller in the whole run (any worker), false for every later one. */
export function claimOncePerRun(target: string, name: string): boolean {
  try {
    writeFileSync(path.join(targetDirectory(target), `used-${name}`), '', { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** This shard's part of a list of configured ids: shard i of n takes every n-th id from the i-th. */
export function shardShare<T>(items: readonly T[], shard = process.env[SHARD_VARIABLE]): T[] {
  const match = /^(\d+)\/(\d+)$/.exec(shard ?? '');
  if (!match) return [...items];
  const index = Number(match[1]) - 1;
  const total = Number(match[2]);
  return items.filter((_, i) => i % total === index);
}

/** The first configured id of `kind` no other test of the run (in this shard) has used, or undefined. */
export function claimConfiguredId(target: string, kind: string, ids: readonly string[]): string | undefined {
  return shardShare(ids).find((id) => claimOncePerRun(target, `${kind}-${encodeURIComponent(id)}`));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `action` while no other worker of the run holds the lock `name` (mkdir is atomic). */
export async function withRunLock<T>(target: string, name: string, action: () => Promise<T>): Promise<T> {
  const lock = path.join(targetDirectory(target), `lock-${name}`);
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

/**
 * The folder of the tests that run after every other test of the run: they move the target's clock past
 * every token's lifetime.
 */
export const LAST_TESTS_DIR = 'tests/teardown/';

/** Whether a spec file (relative to the project's root, any separator) holds tests that run last. */
export function isLastTestsFile(file: string): boolean {
  return file.split(path.sep).join('/').startsWith(LAST_TESTS_DIR);
}
const PROGRESS_FILE = 'progress.json';

/** How many tests of the run run before the last ones (outside LAST_TESTS_DIR), and how many have ended. */
export interface RunProgress {
  before: number;
  ended: number;
}

/**
 * Written by the verdict reporter, in the runner, as the run starts, then as a last test starts and as
 * each test ends after that (before, nobody waits for the count: a write per test was a tenth of the
 * runner's CPU). Written whole, by a rename: a last test reading it while it was rewritten in place found
 * it empty, took that for "no count" and went on, moving the clock under tests still to run.
 */
export function writeRunProgress(progress: RunProgress): void {
  mkdirSync(runRoot(), { recursive: true, mode: 0o700 });
  writeFileWhole(path.join(runRoot(), PROGRESS_FILE), JSON.stringify(progress), { mode: 0o600 });
}

function readRunProgress(): RunProgress | undefined {
  try {
    return JSON.parse(readFileSync(path.join(runRoot(), PROGRESS_FILE), 'utf8')) as RunProgress;
  } catch {
    return undefined;
  }
}

const RUNNING_DIR = 'running';
/** How long a last test gives a test just handed to another worker to say it is running. */
const RUNNING_GRACE_MS = 250;

let progressCounted: boolean | undefined;

/**
 * Marks a test as running in this worker until the returned function is called (the `verdict` fixture).
 * Only a run without the verdict reporter needs the markers: with it, the reporter's count has been written
 * before any worker starts, and a last test waits on that count alone.
 */
export function markRunning(testId: string): () => void {
  progressCounted ??= existsSync(path.join(runRoot(), PROGRESS_FILE));
  if (progressCounted) return () => {};
  const dir = path.join(runRoot(), RUNNING_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const marker = path.join(dir, testId);
  writeFileSync(marker, '', { mode: 0o600 });
  return () => rmSync(marker, { force: true });
}

function othersRunning(ownId: string): boolean {
  try {
    return readdirSync(path.join(runRoot(), RUNNING_DIR)).some((id) => id !== ownId);
  } catch {
    return false;
  }
}

/**
 * Resolves once every test that runs before the last ones has ended. A last test is queued after all of
 * them, so when it starts, only the tests the other workers are still running are left to wait for: the
 * verdict reporter counts them as they end. Without the reporter (`npx playwright test` with a reporter
 * of one's own), it waits until no other test is marked running, after a moment for a test just handed
 * to another worker to be marked.
 */
export async function afterEveryOtherTest(ownId: string): Promise<void> {
  if (!readRunProgress()) {
    await sleep(RUNNING_GRACE_MS);
    while (othersRunning(ownId)) await sleep(LOCK_POLL_MS);
    return;
  }
  for (let progress = readRunProgress(); progress && progress.ended < progress.before;) {
    await sleep(LOCK_POLL_MS);
    progress = readRunProgress();
  }
}

export function removeRunDirectory(): void {
  rmSync(runRoot(), { recursive: true, force: true });
}
