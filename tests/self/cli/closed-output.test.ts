/**
 * A reader that stops after the first line (`| head -1`) closes the pipe under a command that still has
 * lines to write: the command ends quietly with its own exit code, never with Node.js's EPIPE stack trace.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { commandLineArguments, nodeArguments, projectModule } from '../../../lib/runtime.ts';

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
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // The reader takes one chunk, then goes away, as head does.
    const [first] = (await once(child.stdout, 'data')) as [Buffer];
    child.stdout.destroy();
    const [exitCode] = (await once(child, 'close')) as [number | null];
    expect(first.length).toBeGreaterThan(0);
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
  });
}
