/**
 * The suite's whole inventory (every test, its key and the requirements it declares), as a partial run's
 * coverage and the mutation runner need it, and a selection's tests as --plan shows them: listed by
 * Playwright once, then kept under a key made of everything a listing depends on, and reused while none
 * of it changes.
 *
 * A listing is a Playwright runner of its own loading all 40 spec files: about 1.8 s of CPU beside every
 * run of an area or a --grep (a quarter of such a run's CPU), for an answer that changes only when the
 * suite's code does. The key covers every file of the suite's code (specs, support, lib, schemas,
 * factories, mock, the configuration), Playwright's version, the listing's arguments and the variables
 * that change which tests are registered; a cached listing that cannot be read is listed again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CODE_ROOT } from '../lib/paths.ts';
import { RUN_VARIABLES } from '../lib/run-variables.ts';
import { writeFileWhole } from '../lib/write-whole.ts';
import { listTests, type ListedTest } from './playwright.ts';

/**
 * The files and folders of the suite's code a listing loads: the configuration and what it imports (tests/self
 * is the project's own tests: not listed).
 */
const SUITE_FILES = [
  'playwright.config.ts',
  'playwright.config.js',
  'tests',
  'lib',
  'schemas',
  'factories',
  'mock',
] as const;
const NOT_LISTED = path.join('tests', 'self');

/** Variables that change which tests a listing registers, and how. */
const REGISTRATION_VARIABLES = [RUN_VARIABLES.targetsFile] as const;

export const INVENTORY_CACHE_DIR = path.join(tmpdir(), 'payments-conformance', 'inventory');

function filesUnder(root: string, dir: string, found: string[]): string[] {
  if (path.relative(root, dir) === NOT_LISTED) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(root, file, found);
    else if (entry.isFile()) found.push(file);
  }
  return found;
}

function playwrightVersion(): string {
  return (createRequire(import.meta.url)('@playwright/test/package.json') as { version: string }).version;
}

/** What a listing of the suite with `args` under `env` depends on, as one hash. */
export function inventoryKey(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  root: string = CODE_ROOT,
): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ args, playwright: playwrightVersion() }));
  for (const name of REGISTRATION_VARIABLES) {
    const value = env[name];
    hash.update(`\0${name}=${value ?? ''}`);
    // The targets file names the targets each test is registered for: its content counts, not its path.
    if (name === RUN_VARIABLES.targetsFile && value) hash.update(readFileSync(value));
  }
  const files = SUITE_FILES.map((name) => path.join(root, name))
    .filter((file) => existsSync(file))
    .flatMap((file) => (statSync(file).isDirectory() ? filesUnder(root, file, []) : [file]))
    .sort();
  for (const file of files) {
    hash.update(`\0${path.relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** How many listings the cache keeps: one per state of the suite's code, the newest. */
const CACHE_ENTRIES = 20;

/** Removes all but the newest listings of `dir`: each change to the suite's code leaves one behind. */
export function pruneInventoryCache(dir: string = INVENTORY_CACHE_DIR, keep: number = CACHE_ENTRIES): void {
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name))
    .map((file) => ({ file, modified: statSync(file).mtimeMs }))
    .sort((a, b) => b.modified - a.modified);
  for (const { file } of entries.slice(keep)) rmSync(file, { force: true });
}

function readCached(file: string): ListedTest[] | undefined {
  try {
    const tests = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(tests) ? (tests as ListedTest[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Every test of the suite as `listTests(args, env)` lists it, from the cache when the key matches. */
export async function suiteInventory(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ListedTest[]> {
  const file = path.join(INVENTORY_CACHE_DIR, `${inventoryKey(args, env)}.json`);
  const cached = readCached(file);
  if (cached) return cached;
  const listed = await listTests(args, env);
  try {
    mkdirSync(INVENTORY_CACHE_DIR, { recursive: true });
    // A run reading it meanwhile never sees half of it.
    writeFileWhole(file, JSON.stringify(listed));
    pruneInventoryCache();
  } catch {
    // A cache that cannot be written only means listing again next time.
  }
  return listed;
}
