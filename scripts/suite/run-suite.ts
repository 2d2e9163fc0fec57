/**
 * The one way the project's own tools run the conformance suite: as a child process, in a private
 * reports folder, with exactly the target variables given (none of the caller's), returning a typed
 * result (exit code, per-test records, setup failures, output). The mutation runner, the bench, the flake
 * run and the self-tests all use it.
 *
 * `via: 'command'` runs `payments-conformance run` (reports, verdict, exit code); `via: 'playwright'`
 * runs Playwright alone (the typed records only, no report), and can run against several targets at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';
import { reportPathsUnder, type ReportPaths } from '../../lib/report-paths.ts';
import { parseResults, type SetupFailure, type TestRecord } from '../../lib/results.ts';
import { RUN_VARIABLES } from '../../lib/run-variables.ts';
import { commandLineArguments } from '../../lib/runtime.ts';
import { DEPRECATED_ABILITIES_VARIABLE, VARIABLES } from '../../lib/target.ts';
import type { NamedTarget } from '../../lib/targets-file.ts';
import { CONFORMANCE_CONFIG, PLAYWRIGHT_CLI } from '../../cli/playwright.ts';

export interface SuiteRunOptions {
  /** `command` (default): the run command with reports and verdict; `playwright`: the records only. */
  via?: 'command' | 'playwright';
  /** PAYMENTS_* variables of the target; none: the embedded mock. */
  target?: Record<string, string>;
  /** Several targets in one Playwright run (via 'playwright' only). */
  targets?: readonly NamedTarget[];
  /** Arguments of the run command, or of `playwright test`. */
  args?: readonly string[];
  /** Other variables the child needs (they are added to the caller's environment minus target variables). */
  env?: Record<string, string>;
  /** Where reports go; by default a temporary folder removed when this process exits. */
  reportsDir?: string;
  /** The child's working directory (the run command reads a .env there). */
  cwd?: string;
  /** Stops the child after this long (default 10 minutes). */
  timeoutMs?: number;
  /** Echo the child's output as it comes (default: keep it only). */
  echo?: boolean;
  /** Called with the child's pid once it is spawned (the bench samples its process tree). */
  onSpawn?: (pid: number) => void;
  /**
   * The child leads a process group of its own, as a terminal's foreground job: a signal to `-pid`
   * reaches it and every process it starts, as Ctrl-C does.
   */
  processGroup?: boolean;
}

export interface SuiteRun {
  exitCode: number | null;
  timedOut: boolean;
  /** stdout and stderr, interleaved as printed. */
  output: string;
  durationMs: number;
  reports: ReportPaths;
  records: TestRecord[];
  setupFailures: SetupFailure[];
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const TARGET_VARIABLES = new Set<string>([
  ...Object.values(VARIABLES),
  DEPRECATED_ABILITIES_VARIABLE,
  ...Object.values(RUN_VARIABLES),
]);

/** The caller's environment without any target or per-run variable. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !TARGET_VARIABLES.has(name) && !name.startsWith('PAYMENTS_'),
    ),
  );
}

function readRecords(paths: ReportPaths): TestRecord[] {
  const file = [paths.results, paths.run.results].find((f) => existsSync(f));
  return file ? parseResults(readFileSync(file, 'utf8')) : [];
}

function readSetupFailures(paths: ReportPaths): SetupFailure[] {
  return existsSync(paths.run.setupFailures)
    ? (JSON.parse(readFileSync(paths.run.setupFailures, 'utf8')) as SetupFailure[])
    : [];
}

let temporaryRoot: string | undefined;

/**
 * A fresh folder under a root this process removes as it exits: a caller that runs the suite a hundred
 * times (the mutation runner, the self-tests) leaves nothing behind in /tmp.
 */
function temporaryDir(prefix: string): string {
  if (!temporaryRoot) {
    const root = mkdtempSync(path.join(tmpdir(), 'payments-suite-'));
    temporaryRoot = root;
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return mkdtempSync(path.join(temporaryRoot, prefix));
}

export function runSuite(options: SuiteRunOptions = {}): Promise<SuiteRun> {
  const via = options.via ?? 'command';
  const reportsDir = options.reportsDir ?? temporaryDir('run-');
  mkdirSync(reportsDir, { recursive: true });
  const reports = reportPathsUnder(reportsDir);
  const env: NodeJS.ProcessEnv = {
    ...cleanEnvironment(),
    ...options.target,
    ...options.env,
    [RUN_VARIABLES.reportsDir]: reports.root,
    FORCE_COLOR: '0',
  };
  if (options.targets) {
    if (via !== 'playwright')
      throw new Error('several targets run through Playwright alone (via: "playwright")');
    // The targets hold their secrets: they go beside the run, never into the reports it leaves behind.
    const file = path.join(temporaryDir('targets-'), 'targets.json');
    writeFileSync(file, JSON.stringify(options.targets));
    env[RUN_VARIABLES.targetsFile] = file;
  }
  const command =
    via === 'command'
      ? [...commandLineArguments(), 'run', ...(options.args ?? [])]
      : [
          PLAYWRIGHT_CLI,
          'test',
          '--config',
          CONFORMANCE_CONFIG,
          `--output=${path.join(reportsDir, 'test-results')}`,
          ...(options.args ?? []),
        ];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, {
      cwd: options.cwd ?? PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.processGroup ?? false,
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let output = '';
    const keep = (chunk: string) => {
      output += chunk;
      if (options.echo) process.stdout.write(chunk);
    };
    child.stdout.setEncoding('utf8').on('data', keep);
    child.stderr.setEncoding('utf8').on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      resolve({
        exitCode,
        timedOut,
        output,
        durationMs: Date.now() - started,
        reports,
        records: readRecords(reports),
        setupFailures: readSetupFailures(reports),
      });
    });
  });
}
