/**
 * State one run shares between the runner and its worker processes, kept in a private folder outside
 * the project and the reports (mode 0700, files 0600): the tokens the global setup obtained per target,
 * and markers for resources a real target lets the run use once. The global teardown removes it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SetupFailure } from '../lib/results.ts';
import { RUN_VARIABLES } from '../lib/run-variables.ts';
import { rememberSecret } from './redact.ts';

/** Per-run folders live here: never committed, never in reports. */
export const RUNS_ROOT = path.join(tmpdir(), 'payments-conformance-runs');
const TOKENS_FILE = 'tokens.json';
const SETUP_FAILURE_FILE = 'setup-failure.json';
/** Set by the run command for a sharded run: `i/n`, so shards take disjoint configured ids. */
export const SHARD_VARIABLE = 'PAYMENTS_SHARD';

export const MISSING_RUN_ID = `${RUN_VARIABLES.runId} is not set: run the suite through its configuration, playwright.config.ts (npm run conformance)`;
export const MISSING_TOKENS = (target: string) =>
  `No tokens for target ${target}: the global setup (run/global-setup.ts) did not obtain them; see its error above`;

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

export function removeRunDirectory(): void {
  rmSync(runRoot(), { recursive: true, force: true });
}
