/**
 * `npm test`, stage by stage: the stages are read from package.json's `test` script (`npm run a && npm run
 * b && ...`), so a stage added there is timed here without a change. Each runs as `npm run <stage>` with
 * CI=true, as the CI machine runs it; its output is kept only to explain a failed stage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';
import { timeCommand } from './processes.ts';

export interface StageTiming {
  stage: string;
  seconds: number;
  exitCode: number | null;
}

const NPM_RUN = /^npm run ([\w:.-]+)$/;

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

/** Times every stage, going on after a failed one (its time still counts; its output is logged). */
export async function timeNpmTestStages(log: (message: string) => void): Promise<StageTiming[]> {
  const timings: StageTiming[] = [];
  for (const stage of npmTestStages()) {
    log(`npm test: ${stage}`);
    const { exitCode, wallSeconds, output } = await timeCommand('npm', ['run', '--silent', stage], {
      ...process.env,
      CI: 'true',
    });
    if (exitCode !== 0) log(`npm test: ${stage} failed (exit ${exitCode}):\n${output}`);
    timings.push({ stage, seconds: wallSeconds, exitCode });
  }
  return timings;
}
