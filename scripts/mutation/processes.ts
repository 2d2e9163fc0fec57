/**
 * One `playwright test` run of the conformance suite pointed at a mock process (mock/process.ts, with
 * a mutant switched on or not) with a JSON reporter, whose failed tests are what killed the mutant.
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';
import { REPORTS_DIR_VARIABLE } from '../../lib/report-paths.ts';
import { VARIABLES } from '../../lib/target.ts';
import { EMBEDDED_URL_VARIABLE, RUN_ID_VARIABLE } from '../../tests/support/config.ts';
import { TOKENS_ROOT } from '../../tests/support/run-state.ts';
import { redact } from '../../tests/support/redact.ts';

const PLAYWRIGHT_CLI = path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
const ERROR_EXCERPT_LENGTH = 240;

export const MESSAGES = {
  suiteTimedOut: (seconds: number) => `the conformance run took longer than ${seconds} s and was stopped`,
  noJsonReport: (code: number | null, stderr: string) =>
    `playwright exited with code ${code} and wrote no JSON report; stderr:\n${stderr}`,
} as const;

export interface FailedTest {
  /** `project › file:line › describe › title` */
  test: string;
  /** First line of the failure, redacted and shortened. */
  error: string;
}

export interface SuiteOutcome {
  passed: number;
  failed: FailedTest[];
  skipped: number;
  flaky: number;
  /** Set when the run itself broke (no report, timeout): not a verdict on the target. */
  brokenRun?: string;
}

export interface SuiteRun {
  baseUrl: string;
  seeded: Record<string, string>;
  /** Playwright projects to run (their dependencies come along); all when empty. */
  projects: readonly string[];
  /** Stop after this many failures (0: never). */
  maxFailures: number;
  workers: number;
  /** A private folder for this run's JSON report and test output. */
  scratch: string;
  timeoutSeconds: number;
}

interface JsonTest {
  projectName: string;
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  results: { error?: { message?: string } }[];
}
interface JsonSpec {
  title: string;
  file: string;
  line: number;
  tests: JsonTest[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
interface JsonReport {
  suites: JsonSuite[];
  errors?: { message?: string }[];
}

function firstLine(message: string | undefined): string {
  // Playwright colours its messages; the report wants plain text.
  // eslint-disable-next-line no-control-regex
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '';
  const short = line.length > ERROR_EXCERPT_LENGTH ? `${line.slice(0, ERROR_EXCERPT_LENGTH)}…` : line;
  return redact(short.trim());
}

function summarise(report: JsonReport): SuiteOutcome {
  const outcome: SuiteOutcome = { passed: 0, failed: [], skipped: 0, flaky: 0 };
  const walk = (suite: JsonSuite, titles: string[]) => {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'expected') outcome.passed += 1;
        else if (test.status === 'skipped') outcome.skipped += 1;
        else if (test.status === 'flaky') outcome.flaky += 1;
        else {
          outcome.failed.push({
            test: [`${test.projectName}`, `${spec.file}:${spec.line}`, ...inner, spec.title].join(' › '),
            error: firstLine(test.results.find((r) => r.error)?.error?.message),
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, inner);
  };
  for (const suite of report.suites) walk(suite, []);
  return outcome;
}

/** One `playwright test` run against `baseUrl`; its own report and output folders, no Allure/JUnit. */
export async function runSuite(run: SuiteRun): Promise<SuiteOutcome> {
  const jsonFile = path.join(run.scratch, 'report.json');
  const runId = `mutation-${path.basename(run.scratch)}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...run.seeded,
    [VARIABLES.baseUrl]: run.baseUrl,
    [RUN_ID_VARIABLE]: runId,
    [REPORTS_DIR_VARIABLE]: path.join(run.scratch, 'reports'),
    PLAYWRIGHT_JSON_OUTPUT_FILE: jsonFile,
    FORCE_COLOR: '0',
  };
  delete env[EMBEDDED_URL_VARIABLE];
  const args = [
    PLAYWRIGHT_CLI,
    'test',
    '--config',
    path.join(PROJECT_ROOT, 'playwright.config.ts'),
    '--reporter=json',
    `--workers=${run.workers}`,
    `--output=${path.join(run.scratch, 'test-results')}`,
    ...(run.maxFailures > 0 ? [`--max-failures=${run.maxFailures}`] : []),
    ...run.projects.map((p) => `--project=${p}`),
  ];
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
  }, run.timeoutSeconds * 1000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  // The teardown project removes the run's tokens, unless --max-failures stopped the run first.
  await rm(path.join(TOKENS_ROOT, runId), { recursive: true, force: true });
  if (timedOut)
    return {
      passed: 0,
      failed: [],
      skipped: 0,
      flaky: 0,
      brokenRun: MESSAGES.suiteTimedOut(run.timeoutSeconds),
    };
  let report: JsonReport;
  try {
    report = JSON.parse(await readFile(jsonFile, 'utf8')) as JsonReport;
  } catch {
    return {
      passed: 0,
      failed: [],
      skipped: 0,
      flaky: 0,
      brokenRun: redact(MESSAGES.noJsonReport(code, stderr)),
    };
  }
  const outcome = summarise(report);
  const globalErrors = (report.errors ?? []).map((e) => firstLine(e.message)).filter(Boolean);
  if (globalErrors.length > 0 && outcome.failed.length === 0) outcome.brokenRun = globalErrors.join('; ');
  return outcome;
}
