/**
 * Runs `payments-conformance <command>` as a user would, in a child process, keeping stdout and stderr
 * apart: for the commands and mistakes that end before any suite run (usage errors, `--help`, `--plan`,
 * `baseline`). It passes none of the caller's target or per-run variables. Suite runs go through
 * scripts/suite/run-suite.ts.
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../../../lib/paths.ts';
import { RUN_VARIABLES } from '../../../../lib/run-variables.ts';
import { commandLineArguments } from '../../../../lib/runtime.ts';

const PER_RUN = new Set<string>(Object.values(RUN_VARIABLES));

export interface CommandRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  env?: Record<string, string>;
  cwd?: string;
}

export function runCliCommand(args: readonly string[], options: CommandOptions = {}): Promise<CommandRun> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENTS_') && !PER_RUN.has(name)),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...commandLineArguments(), ...args], {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: { ...inherited, ...options.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

/** The lines of `text` that hold anything. */
export function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
