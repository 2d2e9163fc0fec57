/**
 * `npm run test:flake [-- <playwright args>]`: the whole conformance suite against the embedded mock,
 * every test repeated (20 times by default) on 2 workers, fully parallel, no retries. Any failure is a flake or a
 * shared-state bug: the run exits non-zero and the summary names the failing tests.
 *
 * Writes reports/flake/junit.xml and reports/flake/summary.json (date, counts, duration), which the
 * README's "Reliability and security" section quotes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIABLES } from '../../lib/target.ts';
import { PROJECT_ROOT } from '../../lib/paths.ts';

const FLAKE_DIR = join(PROJECT_ROOT, 'reports', 'flake');
const JUNIT_FILE = join(FLAKE_DIR, 'junit.xml');
const SUMMARY_FILE = join(FLAKE_DIR, 'summary.json');
const DEFAULT_REPEATS = '20';
const WORKERS = '2';
export const TARGET_SET = `${VARIABLES.baseUrl} is set: the flake run is defined against the embedded mock; unset it.`;

export interface FlakeSummary {
  date: string;
  repeatEach: number;
  workers: number;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  durationSeconds: number;
  exitCode: number;
  failed: string[];
}

function attribute(tag: string, name: string): number {
  return Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(tag)?.[1] ?? NaN);
}

/** Names of failing test cases in a Playwright JUnit file. */
function failedCases(xml: string): string[] {
  const failing = new Set<string>();
  for (const match of xml.matchAll(
    /<testcase name="([^"]*)"[^>]*classname="([^"]*)"[^>]*>\s*<(failure|error)\b/g,
  )) {
    failing.add(`${match[2]} › ${match[1]}`);
  }
  return [...failing];
}

if (process.env[VARIABLES.baseUrl]) {
  console.error(TARGET_SET);
  process.exit(2);
}

const extra = process.argv.slice(2);
const repeatEach = extra.find((a) => a.startsWith('--repeat-each='))?.split('=')[1] ?? DEFAULT_REPEATS;
rmSync(FLAKE_DIR, { recursive: true, force: true });
mkdirSync(FLAKE_DIR, { recursive: true });

const started = Date.now();
const run = spawnSync(
  process.execPath,
  [
    join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
    'test',
    '-c',
    'playwright.config.ts',
    `--repeat-each=${repeatEach}`,
    `--workers=${WORKERS}`,
    '--retries=0',
    // Every test may land beside any other, so hidden shared state shows up (the conformance config runs
    // files, not tests, in parallel).
    '--fully-parallel',
    // dot + JUnit only: a list line or an Allure result per repeated test would be thousands.
    '--reporter=dot,junit',
    '--output',
    join(PROJECT_ROOT, 'test-results', 'flake'),
    ...extra.filter((a) => !a.startsWith('--repeat-each=')),
  ],
  {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JUNIT_OUTPUT_NAME: JUNIT_FILE },
  },
);
const durationSeconds = Math.round((Date.now() - started) / 1000);

const xml = readFileSync(JUNIT_FILE, 'utf8');
const root = /<testsuites\b[^>]*>/.exec(xml)?.[0] ?? '';
const summary: FlakeSummary = {
  date: new Date().toISOString(),
  repeatEach: Number(repeatEach),
  workers: Number(WORKERS),
  tests: attribute(root, 'tests'),
  failures: attribute(root, 'failures'),
  errors: attribute(root, 'errors'),
  skipped: attribute(root, 'skipped'),
  durationSeconds,
  exitCode: run.status ?? 1,
  failed: failedCases(xml),
};
writeFileSync(SUMMARY_FILE, `${JSON.stringify(summary, null, 2)}\n`);
console.log(
  `\nFlake run ${summary.date}: ${summary.tests} tests (each x${summary.repeatEach}, ${summary.workers} workers), ` +
    `${summary.failures} failed, ${summary.errors} errors, ${summary.skipped} skipped, ${durationSeconds} s. Summary: ${SUMMARY_FILE}`,
);
for (const name of summary.failed) console.log(`  failed: ${name}`);
process.exit(summary.exitCode === 0 && summary.failures + summary.errors === 0 ? 0 : 1);
