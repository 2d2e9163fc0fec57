/**
 * A reader that stops after the first line (`| head -1`) closes the pipe under a command that still has
 * lines to write: the command drops them and ends with its own exit code, never with Node.js's EPIPE
 * stack trace; a run still runs every test, writes its reports and gives its verdict.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { commandLineArguments, nodeArguments, projectModule } from '../../../lib/runtime.ts';
import type { SummaryFile } from '../../../reporting/summary.ts';

/** Starts `args`, reads one chunk of its output, then closes the pipe as head does; answers its end. */
async function readFirstChunkOnly(args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [first] = (await once(child.stdout, 'data')) as [Buffer];
  child.stdout.destroy();
  const [exitCode] = (await once(child, 'close')) as [number | null];
  return { first: first.toString('utf8'), stderr, exitCode };
}

/** Each writes megabytes, far more than a pipe holds once its reader has gone. */
const FACTORY_ARGS = ['preference', '--industry', 'retail', '--count', '5000'];
const COMMANDS = [
  {
    name: `payments-conformance factory ${FACTORY_ARGS.join(' ')}`,
    args: [...commandLineArguments(), 'factory', ...FACTORY_ARGS],
  },
  {
    name: `npm run factory -- ${FACTORY_ARGS.join(' ')}`,
    args: [...nodeArguments(), projectModule('factories/cli'), ...FACTORY_ARGS],
  },
];

for (const { name, args } of COMMANDS) {
  test(`${name} | head -1: exit 0, nothing on stderr`, async () => {
    const { first, stderr, exitCode } = await readFirstChunkOnly(args);
    expect(first.length).toBeGreaterThan(0);
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
  });
}

test('payments-conformance run --project stores | head -1: every test runs, the reports and the verdict are whole', async () => {
  const reports = mkdtempSync(path.join(tmpdir(), 'closed-output-'));
  try {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENTS_')),
    );
    const { first, stderr, exitCode } = await readFirstChunkOnly(
      [...commandLineArguments(), 'run', '--project', 'stores', '--no-html', '--workers', '1'],
      { ...env, [RUN_VARIABLES.reportsDir]: reports, FORCE_COLOR: '0' },
    );
    const planned = Number(/Running (\d+) tests/.exec(first)?.[1]);
    expect(planned, first).toBeGreaterThan(1);
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    const summary = JSON.parse(readFileSync(reportPathsUnder(reports).summary, 'utf8')) as SummaryFile;
    expect(summary).toMatchObject({ verdict: 'CONFORMANT', exitCode: 0 });
    expect(summary.tests).toMatchObject({ total: planned, passed: planned });
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
});
