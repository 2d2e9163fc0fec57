/** Runs one of the project's TypeScript scripts in a child process, as npm would, and captures its output. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ScriptRun {
  status: number | null;
  output: string;
}

export function runScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv): ScriptRun {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
