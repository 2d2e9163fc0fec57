/**
 * Child processes for the bench: commands timed to their end, and servers started on a free loopback
 * port, waited for, measured (resident memory from /proc) and stopped by their own pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { freeLoopbackPort, LOOPBACK } from '../../lib/loopback.ts';
import { PROJECT_ROOT } from '../../lib/paths.ts';

/** Enough of a command's output to explain a failure, never a growing buffer. */
const OUTPUT_TAIL = 8_000;

export interface FinishedCommand {
  exitCode: number | null;
  wallSeconds: number;
  /** The tail of stdout and stderr, interleaved. */
  output: string;
}

/** Runs `command` in the project's folder to its end; `onSpawn` gets its pid (to sample its memory). */
export function timeCommand(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  onSpawn?: (pid: number) => void,
): Promise<FinishedCommand> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) onSpawn?.(child.pid);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_TAIL));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) =>
      resolve({ exitCode, wallSeconds: (performance.now() - started) / 1000, output }),
    );
  });
}

const READY_TIMEOUT_MS = 30_000;
const READY_POLL_MS = 100;
const SERVER_NOT_READY = 'server did not answer on its port in time';
const SERVER_EXITED = 'server exited before answering';

/** Reads one `Vm*` line of /proc/<pid>/status in kilobytes; 0 once the process is gone. */
function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Linux's USER_HZ: /proc reports CPU times in ticks of 1/100 s on every mainstream architecture. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the line.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function processTree(root: number): number[] {
  const tree = [root];
  for (let index = 0; index < tree.length; index++) tree.push(...childrenOf(tree[index]!));
  return tree;
}

/**
 * Samples the summed resident memory of a process and all its descendants; the peak of the sums is
 * the memory the whole tree needed at once (per-process high-water marks would overstate it).
 */
export class TreeMemorySampler {
  private peakKb = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly rootPid: number,
    intervalMs = 50,
  ) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.sample();
  }

  private sample(): void {
    const totalKb = processTree(this.rootPid).reduce((sum, pid) => sum + procStatusKb(pid, 'VmRSS'), 0);
    this.peakKb = Math.max(this.peakKb, totalKb);
  }

  /** Stops sampling and returns the peak in MiB. */
  stop(): number {
    clearInterval(this.timer);
    return this.peakKb / 1024;
  }
}

export interface RunningServer {
  name: string;
  baseUrl: string;
  /** The server process's own peak resident memory so far (VmHWM), in MiB. */
  peakRssMb(): number;
  /** CPU seconds the server process has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** A started server measured through its pid. */
export function measuredServer(
  name: string,
  baseUrl: string,
  pid: number,
  stop: () => Promise<void>,
): RunningServer {
  return {
    name,
    baseUrl,
    peakRssMb: () => procStatusKb(pid, 'VmHWM') / 1024,
    cpuSeconds: () => cpuSeconds(pid),
    stop,
  };
}

async function waitUntilAnswering(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${SERVER_EXITED} (${baseUrl}, exit ${child.exitCode}):\n${output()}`);
    try {
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  }
  throw new Error(`${SERVER_NOT_READY} (${baseUrl}):\n${output()}`);
}

/**
 * Starts `node <args>` with the port appended by `portArgs(port)`, directly (no npx or shell in
 * between), so the pid measured is the server's own.
 */
export async function startNodeServer(
  name: string,
  nodeArgs: readonly string[],
  portArgs: (port: number) => string[],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const port = await freeLoopbackPort();
  const child = spawn(process.execPath, [...nodeArgs, ...portArgs(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  // Keep only the tail of the output: enough to explain a failed start, never a growing buffer.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  try {
    await waitUntilAnswering(baseUrl, child, () => tail);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return measuredServer(
    name,
    baseUrl,
    child.pid!,
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
}
