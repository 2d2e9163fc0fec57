/**
 * Where a conformance run writes its output: one definition for the CLI, the Playwright config
 * (reporters), the report builders and the self-tests, which point CONFORMANCE_REPORTS_DIR (or
 * `--reports DIR`) at a temporary folder so they never clobber the user's reports/.
 *
 * A run writes into `<root>/.run/` first; only a run that produced results replaces the previous
 * outputs, so a failed start never leaves the folder half old, half new.
 */
import { relative, resolve } from 'node:path';
import { RESULTS_FILE, RUN_PROGRESS_FILE, SETUP_FAILURES_FILE } from './results.ts';
import { RUN_VARIABLES } from './run-variables.ts';

export const DEFAULT_REPORTS_DIR = 'reports';

export interface RunOutputPaths {
  root: string;
  /** What Allure's reporter writes: results, containers, attachments, environment, categories. */
  allureResults: string;
  results: string;
  setupFailures: string;
  /** How far the test runner got (lib/results.ts RunProgress). */
  progress: string;
}

export interface ReportPaths {
  root: string;
  /** Playwright's own output (its record of the last run's failures, for --last-failed). */
  playwright: string;
  /** Held by the run that writes this folder (cli/reports-lock.ts). */
  lock: string;
  /** Where the test run writes, before its outputs replace the previous run's. */
  run: RunOutputPaths;
  allureResults: string;
  results: string;
  junit: string;
  /** The Allure HTML report: a folder whose index.html holds everything (it opens from file://). */
  allureReport: string;
  coverageMarkdown: string;
  coverageJson: string;
  /** The coverage table as compact HTML, attached to the Allure report. */
  coverageHtml: string;
  /** The run's verdict, exit code and counts, for pipelines. */
  summary: string;
  /** One history file per target (base URL without credentials + profile). */
  historyDir: string;
}

/** Paths under `root` (absolute, resolved against the working directory). */
export function reportPathsUnder(root: string): ReportPaths {
  const base = resolve(root);
  const run = resolve(base, '.run');
  return {
    root: base,
    playwright: resolve(base, '.playwright'),
    lock: resolve(base, '.run.lock'),
    run: {
      root: run,
      allureResults: resolve(run, 'allure-results'),
      results: resolve(run, RESULTS_FILE),
      setupFailures: resolve(run, SETUP_FAILURES_FILE),
      progress: resolve(run, RUN_PROGRESS_FILE),
    },
    allureResults: resolve(base, 'allure-results'),
    results: resolve(base, RESULTS_FILE),
    junit: resolve(base, 'junit.xml'),
    allureReport: resolve(base, 'allure-report'),
    coverageMarkdown: resolve(base, 'coverage.md'),
    coverageJson: resolve(base, 'coverage.json'),
    coverageHtml: resolve(base, 'coverage.html'),
    summary: resolve(base, 'summary.json'),
    historyDir: resolve(base, 'history'),
  };
}

export function reportPaths(env: NodeJS.ProcessEnv = process.env): ReportPaths {
  return reportPathsUnder(env[RUN_VARIABLES.reportsDir] || DEFAULT_REPORTS_DIR);
}

/** A reports path as the console names it: relative to the working folder. */
export function shownPath(path: string): string {
  return relative(process.cwd(), path) || '.';
}
