/**
 * `npm run authorize` as a person's shell runs it: the CLI in a child process (`node --import tsx`, no
 * npm or npx in between, so stdout is only what the command prints), with exactly the target variables
 * given and none inherited from the machine running the tests.
 */
import { spawn } from 'node:child_process';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from '../../../lib/loopback.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';

const CLI = ['--import', 'tsx', 'authorize/cli.ts'];
/** Far beyond any run here; only a hung child reaches it. */
const CHILD_LIMIT_MS = 90_000;

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  stderrLines: string[];
  elapsedMs: number;
}

function environment(variables: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENTS_'));
  return { ...Object.fromEntries(inherited), ...variables };
}

export function runAuthorize(args: readonly string[], variables: Record<string, string>): Promise<CliRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: PROJECT_ROOT,
    env: environment(variables),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const limit = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(limit);
      resolve({
        status,
        stdout,
        stderr,
        stderrLines: stderr.split('\n').filter((line) => line !== ''),
        elapsedMs: Date.now() - started,
      });
    });
  });
}

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** A stand-in target on a free loopback port, for answers the mock never gives. */
export function startLoopbackServer(listener: RequestListener): Promise<LoopbackServer> {
  const server = createServer(listener);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${LOOPBACK}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
