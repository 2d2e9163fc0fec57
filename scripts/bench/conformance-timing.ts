/**
 * Wall time of Playwright runs: the conformance suite (as `npm run conformance` runs its tests) and the
 * floor (Playwright start-up plus one trivial API test). Each run writes its reports to a temporary
 * folder (CONFORMANCE_REPORTS_DIR) so the bench never replaces the user's reports/.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPORTS_DIR_VARIABLE, reportPathsUnder } from '../../lib/report-paths.ts';
import { TreeMemorySampler } from './processes.ts';

const PLAYWRIGHT_CLI = 'node_modules/@playwright/test/cli.js';
export const CONFORMANCE_CONFIG = 'playwright.config.ts';
export const FLOOR_CONFIG = 'scripts/bench/floor/floor.config.ts';
const RUN_FAILED = 'Playwright run failed; the bench times only passing runs';

export interface PlaywrightRun {
  wallSeconds: number;
  tests: number;
  peakRssMb: number;
}

/** Test count from the JUnit report; the floor's list reporter writes none, so it counts as one test. */
function countTests(junitPath: string): number {
  try {
    const match = /<testsuites[^>]*\btests="(\d+)"/.exec(readFileSync(junitPath, 'utf8'));
    return match ? Number(match[1]) : 1;
  } catch {
    return 1;
  }
}

export async function timePlaywrightRun(
  config: string,
  extraArgs: readonly string[] = [],
): Promise<PlaywrightRun> {
  const reportsDir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
  try {
    const started = performance.now();
    const child = spawn(process.execPath, [PLAYWRIGHT_CLI, 'test', '-c', config, ...extraArgs], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, [REPORTS_DIR_VARIABLE]: reportsDir },
    });
    const sampler = new TreeMemorySampler(child.pid!);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
    const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const wallSeconds = (performance.now() - started) / 1000;
    const peakRssMb = sampler.stop();
    if (exitCode !== 0)
      throw new Error(`${RUN_FAILED}: ${config} ${extraArgs.join(' ')} (exit ${exitCode})\n${output}`);
    return { wallSeconds, tests: countTests(reportPathsUnder(reportsDir).junit), peakRssMb };
  } finally {
    rmSync(reportsDir, { recursive: true, force: true });
  }
}
