/**
 * `npm test`, stage by stage: the stages are read from package.json's `test` script (`npm run a && npm run
 * b && ...`), so a stage added there is timed here without a change. Each runs as `npm run <stage>` with
 * CI=true, as the CI machine runs it; its output is kept only to explain a failed stage.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROJECT_ROOT } from '../../lib/paths.ts';

export interface StageTiming {
  stage: string;
  seconds: number;
  exitCode: number | null;
}

const NPM_RUN = /^npm run ([\w:.-]+)$/;
const OUTPUT_TAIL = 4_000;

/** The stages of the `test` script, in order. */
export function npmTestStages(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return manifest.scripts.test!.split('&&').map((part) => {
    const match = NPM_RUN.exec(part.trim());
    if (!match) throw new Error(`the test script has a stage that is not "npm run <script>": ${part.trim()}`);
    return match[1]!;
  });
}

function timeStage(stage: string): Promise<StageTiming & { output: string }> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', stage], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_TAIL));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) =>
      resolve({ stage, seconds: (performance.now() - started) / 1000, exitCode, output }),
    );
  });
}

/** Times every stage, going on after a failed one (its time still counts; its output is logged). */
export async function timeNpmTestStages(log: (message: string) => void): Promise<StageTiming[]> {
  const timings: StageTiming[] = [];
  for (const stage of npmTestStages()) {
    log(`npm test: ${stage}`);
    const { output, ...timing } = await timeStage(stage);
    if (timing.exitCode !== 0) log(`npm test: ${stage} failed (exit ${timing.exitCode}):\n${output}`);
    timings.push(timing);
  }
  return timings;
}
