/**
 * `npm run static`: the lint, the type check and the format check of `npm test`, side by side.
 *
 * One by one they take about 18 s (ESLint), 7 s (tsc) and 8 s (Prettier) on the CI machine; side by
 * side they took 28 to 36 s in CI runs, little less than their sum, because ESLint itself uses more than
 * one core. Each check's output is printed whole when it ends, never interleaved with another's; the exit
 * code is 1 if any failed.
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../lib/paths.ts';

/** The package.json scripts run here; each stays runnable alone (`npm run lint`). */
export const STATIC_CHECKS = ['lint', 'typecheck', 'format:check'] as const;

interface Outcome {
  check: string;
  exitCode: number;
  seconds: number;
  output: string;
}

function runScript(check: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', '--silent', check], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const end = (exitCode: number) =>
      resolve({ check, exitCode, seconds: (Date.now() - started) / 1000, output });
    child.once('error', (error) => {
      output += `${error.message}\n`;
      end(1);
    });
    child.once('close', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
}

function print(outcome: Outcome): void {
  const verdict = outcome.exitCode === 0 ? 'passed' : `FAILED (exit ${outcome.exitCode})`;
  console.log(`── npm run ${outcome.check}: ${verdict} in ${outcome.seconds.toFixed(1)} s`);
  const text = outcome.output.trim();
  if (text) console.log(text);
}

const outcomes = await Promise.all(STATIC_CHECKS.map((check) => runScript(check).then((o) => (print(o), o))));
const failed = outcomes.filter((o) => o.exitCode !== 0).map((o) => o.check);
console.log(
  failed.length === 0
    ? `static checks: ${STATIC_CHECKS.length} passed`
    : `static checks: ${failed.join(', ')} failed`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
