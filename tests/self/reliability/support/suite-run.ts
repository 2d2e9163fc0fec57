/**
 * Runs the conformance suite as a user would (`playwright test -c playwright.config.ts`, or the whole
 * `npm run conformance` script) in a child process pointed at a given target, with every output in a
 * private folder, and reads back what it wrote: exit code, console output, Allure results, JUnit.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPORTS_DIR_VARIABLE, reportPathsUnder, type ReportPaths } from '../../../../lib/report-paths.ts';
import { VARIABLES } from '../../../../lib/target.ts';
import { EMBEDDED_URL_VARIABLE, RUN_ID_VARIABLE } from '../../../support/config.ts';
import { isolatedDir } from '../../reports/support/temp-dir.ts';
import { PROJECT_ROOT } from '../../../../lib/paths.ts';

const PLAYWRIGHT_CLI = join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const CONFORMANCE_SCRIPT = join(PROJECT_ROOT, 'scripts', 'report', 'conformance.ts');

export interface SuiteRun {
  exitCode: number | null;
  /** stdout and stderr, interleaved as printed. */
  output: string;
  durationMs: number;
  /** The run's private folder: reports and Playwright's output folder. */
  dir: string;
  reports: ReportPaths;
  results: AllureResult[];
}

/** The part of an allure-playwright result file these tests read. */
export interface AllureResult {
  name: string;
  fullName?: string;
  status: 'passed' | 'failed' | 'broken' | 'skipped' | 'unknown';
  statusDetails?: { message?: string; trace?: string };
  labels: { name: string; value: string }[];
}

export interface SuiteRunOptions {
  /** Short name for the private folder. */
  name: string;
  /** PAYMENTS_* variables of the run; every other PAYMENTS_* of the calling environment is dropped. */
  target: Record<string, string>;
  /** Extra `playwright test` arguments (e.g. `--project=stores`). */
  args?: readonly string[];
  /** Run `npm run conformance` (adds coverage, the Allure HTML report and the quality gate). */
  withReport?: boolean;
}

/** The caller's environment without any target variable or per-run value, plus the run's own. */
function runEnvironment(target: Record<string, string>, reportsDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const dropped = new Set<string>([...Object.values(VARIABLES), EMBEDDED_URL_VARIABLE, RUN_ID_VARIABLE]);
  for (const [name, value] of Object.entries(process.env)) {
    if (!dropped.has(name) && !name.startsWith('PAYMENTS_')) env[name] = value;
  }
  return { ...env, ...target, [REPORTS_DIR_VARIABLE]: reportsDir, FORCE_COLOR: '0' };
}

export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function readResults(dir: string): AllureResult[] {
  return filesUnder(dir)
    .filter((file) => file.endsWith('-result.json'))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as AllureResult);
}

/** Asynchronous, so a target served by the calling process keeps answering the child. */
export function runSuite(options: SuiteRunOptions): Promise<SuiteRun> {
  const dir = isolatedDir(`reliability-${options.name}`);
  const reports = reportPathsUnder(join(dir, 'reports'));
  const outputArgs = ['--output', join(dir, 'test-results'), ...(options.args ?? [])];
  const command = options.withReport
    ? ['--import', 'tsx', CONFORMANCE_SCRIPT, ...outputArgs]
    : [PLAYWRIGHT_CLI, 'test', '-c', 'playwright.config.ts', ...outputArgs];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, {
      cwd: PROJECT_ROOT,
      env: runEnvironment(options.target, reports.root),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (exitCode) =>
      resolve({
        exitCode,
        output,
        durationMs: Date.now() - started,
        dir,
        reports,
        results: readResults(reports.allureResults),
      }),
    );
  });
}

/** Tests of the run whose labels include `tag` (`@needs-destructive` is stored as a tag label). */
export function resultsTagged(results: readonly AllureResult[], tag: string): AllureResult[] {
  return results.filter((r) =>
    r.labels.some((l) => l.name === 'tag' && l.value.replace(/^@/, '') === tag.replace(/^@/, '')),
  );
}
