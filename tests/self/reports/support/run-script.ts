/** Runs one of the project's TypeScript scripts in a child process, as npm would, and captures its output. */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../../../lib/paths.ts';

export interface ScriptRun {
  status: number | null;
  output: string;
}

/** Asynchronous, so a server in the calling process (a broken target) keeps answering the child. */
export function runScript(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}
