/**
 * Where a conformance run writes its output. One definition for the Playwright config (reporters), the
 * report scripts (HTML report, coverage matrix, quality gate) and the self-tests, which point
 * CONFORMANCE_REPORTS_DIR at a temporary folder so they never clobber the user's reports/.
 */
import { resolve } from 'node:path';

export const REPORTS_DIR_VARIABLE = 'CONFORMANCE_REPORTS_DIR';
export const DEFAULT_REPORTS_DIR = 'reports';

export interface ReportPaths {
  root: string;
  allureResults: string;
  junit: string;
  allureReport: string;
  coverageMarkdown: string;
  coverageJson: string;
  history: string;
}

/** Paths under `root` (absolute, resolved against the working directory). */
export function reportPathsUnder(root: string): ReportPaths {
  const base = resolve(root);
  return {
    root: base,
    allureResults: resolve(base, 'allure-results'),
    junit: resolve(base, 'junit.xml'),
    allureReport: resolve(base, 'allure-report'),
    coverageMarkdown: resolve(base, 'coverage.md'),
    coverageJson: resolve(base, 'coverage.json'),
    history: resolve(base, 'history', 'history.jsonl'),
  };
}

export function reportPaths(env: NodeJS.ProcessEnv = process.env): ReportPaths {
  return reportPathsUnder(env[REPORTS_DIR_VARIABLE] || DEFAULT_REPORTS_DIR);
}
