/**
 * Timed runs for the bench's conformance section. The suite runs through the one runner
 * (scripts/suite/run-suite.ts), as `payments-conformance run` (what `npm run conformance` starts), with its
 * reports in a temporary folder, so the bench never replaces the user's reports/. The floor is Playwright
 * alone on one trivial API test (./floor/), nothing of the project loaded.
 *
 * Every run carries ./worker-probe.mjs, which records in each Playwright worker how long it took from its
 * spawn to its first test and the CPU it used: the worker start-up every test run pays at least twice.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PLAYWRIGHT_CLI } from '../../cli/playwright.ts';
import { runSuite, type SuiteRunOptions } from '../suite/run-suite.ts';
import { timeCommand, TreeMemorySampler } from './processes.ts';

export const FLOOR_CONFIG = 'scripts/bench/floor/floor.config.ts';
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-probe.mjs');
/** The probe's variable: the folder each worker writes its figures to. */
const PROBE_DIR_VARIABLE = 'PAYMENTS_BENCH_PROBE_DIR';
const OUTPUT_TAIL = 8_000;

/** One Playwright worker of a run, as the probe saw it. */
export interface WorkerFigures {
  /** From the worker's spawn to the start of its first test. */
  startupMs: number;
  /** CPU the worker used up to its first test's body. */
  startupCpuMs: number;
  /** CPU the worker used in all. */
  cpuMs: number;
}

export interface TimedRun {
  wallSeconds: number;
  tests: number;
  failed: number;
  peakRssMb: number;
  workers: WorkerFigures[];
  /**
   * The most requests one test sent one after the other (its records' round trips): against a target a
   * round trip away, no run is shorter than this many round trips.
   */
  longestChain: number;
}

interface ProbeRecord {
  testBegin?: number;
  bodyCpuMs?: number;
  cpuMs: number;
}

/** The variables that load the probe into every node process of a run (it acts only in workers). */
function probeEnvironment(directory: string): Record<string, string> {
  const existing = process.env.NODE_OPTIONS ?? '';
  return {
    NODE_OPTIONS: `${existing} --import=${pathToFileURL(PROBE).href}`.trim(),
    [PROBE_DIR_VARIABLE]: directory,
  };
}

function readProbes(directory: string): WorkerFigures[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as ProbeRecord)
    .filter((record) => record.testBegin !== undefined)
    .map((record) => ({
      startupMs: record.testBegin!,
      startupCpuMs: record.bodyCpuMs ?? record.cpuMs,
      cpuMs: record.cpuMs,
    }));
}

/** Runs `body` with a fresh probe folder, removed afterwards. */
async function withProbe<T>(
  body: (environment: Record<string, string>, read: () => WorkerFigures[]) => Promise<T>,
) {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-probe-'));
  try {
    return await body(probeEnvironment(directory), () => readProbes(directory));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * One run of the suite through the one runner; it must end with `expectedExit` (a passing run 0, a run
 * against a mutant 1), or the figures would time something else than a verdict.
 */
export function timeSuiteRun(options: SuiteRunOptions, expectedExit: number): Promise<TimedRun> {
  return withProbe(async (environment, read) => {
    let sampler: TreeMemorySampler | undefined;
    const run = await runSuite({
      ...options,
      env: { ...options.env, ...environment },
      onSpawn: (pid) => (sampler = new TreeMemorySampler(pid)),
    });
    const peakRssMb = sampler?.stop() ?? 0;
    if (run.exitCode !== expectedExit)
      throw new Error(
        `the run ended with exit ${run.exitCode}${run.timedOut ? ' (stopped: it ran too long)' : ''} where a measured run ends with ${expectedExit}; the end of its output:\n${run.output.slice(-OUTPUT_TAIL)}`,
      );
    return {
      wallSeconds: run.durationMs / 1000,
      tests: run.records.length,
      failed: run.records.filter((r) => r.status === 'failed').length,
      peakRssMb,
      workers: read(),
      longestChain: Math.max(0, ...run.records.map((r) => r.roundTrips ?? 0)),
    };
  });
}

/** The floor: Playwright's start-up plus one trivial API test. */
export function timeFloorRun(): Promise<TimedRun> {
  return withProbe(async (environment, read) => {
    let sampler: TreeMemorySampler | undefined;
    const { exitCode, wallSeconds, output } = await timeCommand(
      process.execPath,
      [PLAYWRIGHT_CLI, 'test', '-c', FLOOR_CONFIG],
      { ...process.env, ...environment },
      (pid) => (sampler = new TreeMemorySampler(pid)),
    );
    const peakRssMb = sampler?.stop() ?? 0;
    if (exitCode !== 0) throw new Error(`the floor run ended with exit ${exitCode}; its output:\n${output}`);
    return { wallSeconds, tests: 1, failed: 0, peakRssMb, workers: read(), longestChain: 1 };
  });
}
