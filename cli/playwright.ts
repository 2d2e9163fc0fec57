/**
 * Runs Playwright's test runner on the conformance configuration as a child process (so the command
 * that starts it keeps its own exit code and output), and lists the suite's tests without running them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { projectModule } from '../lib/runtime.ts';
import { isRequirementId, type RequirementId } from '../lib/requirements/index.ts';
import { DECLARED_LABELS, testKeyOf } from '../lib/results.ts';
import { TARGET_ANNOTATION, titleWithoutTarget } from '../lib/targets-file.ts';

const require = createRequire(import.meta.url);
export const PLAYWRIGHT_CLI = require.resolve('@playwright/test/cli');
export const CONFORMANCE_CONFIG = projectModule('playwright.config');

/**
 * Where Playwright keeps the failed tests of the last run (for `--last-failed`): in the reports folder,
 * so each folder's `--last-failed` reruns the failures it reported, whatever ran elsewhere meanwhile.
 */
export const LAST_RUN_FILE = 'last-run.json';
/** Playwright's variable naming that file. */
export const LAST_RUN_VARIABLE = 'PLAYWRIGHT_LAST_RUN_OUTPUT_FILE';

export interface ChildRun {
  exitCode: number;
  stdout: string;
}

/** `playwright test` with `args`; output goes to this process's console unless captured. */
export function runPlaywright(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  capture = false,
  onSpawn?: (child: ChildProcess) => void,
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PLAYWRIGHT_CLI, 'test', '--config', CONFORMANCE_CONFIG, ...args], {
      cwd: PROJECT_ROOT,
      env,
      stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    });
    onSpawn?.(child);
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ exitCode: code ?? (signal ? 1 : 0), stdout }));
  });
}

export interface ListedTest {
  key: string;
  title: string;
  file: string;
  line: number;
  project: string;
  tags: string[];
  requirements: RequirementId[];
  endpoint?: string;
  /** In a run against several targets, the one this copy of the test is registered for. */
  target?: string;
}

interface JsonSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tags?: string[];
    tests: { projectName: string; annotations?: { type: string; description?: string }[] }[];
  }[];
  suites?: JsonSuite[];
}

interface JsonListing {
  suites: JsonSuite[];
  errors?: { message?: string }[];
}

function parseListing(stdout: string): JsonListing | undefined {
  try {
    return JSON.parse(stdout.slice(stdout.indexOf('{'))) as JsonListing;
  } catch {
    return undefined;
  }
}

/** The suite's own tests could not be listed (a spec that does not load): nothing can be tested. */
export class ListingError extends Error {
  override name = 'ListingError';
}

/**
 * Playwright's variables that send the JSON reporter's output to a file: set in a user's environment (for
 * a JSON report of their own), they would leave the listing's standard output, which is read here, empty.
 */
export const JSON_OUTPUT_VARIABLES = [
  'PLAYWRIGHT_JSON_OUTPUT_DIR',
  'PLAYWRIGHT_JSON_OUTPUT_NAME',
  'PLAYWRIGHT_JSON_OUTPUT_FILE',
];

/** Every test the configuration holds under `args` (a selection, or none), without running one. */
export async function listTests(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ListedTest[]> {
  const listingEnv = Object.fromEntries(
    Object.entries(env).filter(([name]) => !JSON_OUTPUT_VARIABLES.includes(name)),
  );
  const { exitCode, stdout } = await runPlaywright([...args, '--list', '--reporter=json'], listingEnv, true);
  const report = parseListing(stdout);
  if (exitCode !== 0 || !report) {
    // The JSON reporter puts why (a spec that does not load, say) in its `errors`, not on stderr.
    const why = report?.errors?.[0]?.message?.split('\n')[0];
    throw new ListingError(
      `listing the suite's tests failed (exit ${exitCode})${why ? `: ${why}` : ''}; the suite's own files did not load, so nothing was tested (reinstall it, or run with --list to see Playwright's error)`,
    );
  }
  const found: ListedTest[] = [];
  // A spec's own `file` is where test() was called: per-target.ts for a test registered per target.
  const walk = (suite: JsonSuite, titles: string[], file: string) => {
    const inner = suite.file === undefined || suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const annotations = test.annotations ?? [];
        const of = (type: string) =>
          annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
        const target = of(TARGET_ANNOTATION)[0];
        const title = target === undefined ? spec.title : titleWithoutTarget(spec.title, target);
        found.push({
          key: testKeyOf(file, [...inner, title].filter(Boolean)),
          title,
          ...(target === undefined ? {} : { target }),
          file,
          line: spec.line,
          project: test.projectName,
          tags: spec.tags?.map((t) => (t.startsWith('@') ? t : `@${t}`)) ?? [],
          requirements: of(DECLARED_LABELS.requirement).filter(isRequirementId),
          ...(of(DECLARED_LABELS.endpoint)[0] ? { endpoint: of(DECLARED_LABELS.endpoint)[0] } : {}),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, inner, file);
  };
  for (const suite of report.suites) walk(suite, [], suite.file ?? '');
  return found;
}
