/**
 * Commands run in a folder outside this repository, as its user would run them there: none of the
 * caller's target or per-run variables, and nothing of the npm script the self-tests may run under
 * (npm names the project it runs for in npm_* variables).
 */
import { spawn } from 'node:child_process';
import { RUN_VARIABLES } from '../../../../lib/run-variables.ts';

const PER_RUN = new Set<string>(Object.values(RUN_VARIABLES));
/** npm settings a user's shell may hold and that still apply: where the cache and the registry are. */
const KEPT_NPM = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);

export function userEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) =>
      !name.startsWith('PAYMENTS_') &&
      !PER_RUN.has(name) &&
      name !== 'INIT_CWD' &&
      (!name.startsWith('npm_') || KEPT_NPM.has(name)),
  );
  return { ...Object.fromEntries(kept), FORCE_COLOR: '0', ...extra };
}

export interface Finished {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  timeoutMs: number;
}

/**
 * Runs `command` to its end, keeping stdout and stderr apart. It leads a process group of its own, so a
 * timeout ends whatever it started too (npx starts the command, which starts a runner and a mock).
 */
export function runToEnd(command: string, args: readonly string[], options: RunOptions): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: userEnvironment(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs);
    child.once('error', reject);
    child.once('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ exitCode, signal, stdout, stderr, timedOut });
    });
  });
}
