/**
 * The seed and the budget of the generated (property-based) and model-based checks.
 *
 * User variables (read here; the run command checks them before a request and its --help names them):
 * - PAYMENTS_SEED=<n>: the run's seed, 0 to 2147483647. The same seed draws the same cases, so a failure
 *   replays exactly. Without it the seed comes from the run id, so every worker of one run agrees, and it
 *   is recorded on each generated test (Allure parameter `seed`).
 * - PAYMENTS_GENERATIVE_RUNS=<n>: cases per property (sequences per model), instead of each test's
 *   default, which keeps a whole run fast.
 */
import { runInvocation } from './invocation.ts';
import { RUN_VARIABLES } from './run-variables.ts';

export const GENERATIVE_VARIABLES = {
  seed: 'PAYMENTS_SEED',
  runs: 'PAYMENTS_GENERATIVE_RUNS',
} as const;

const MAX_SEED = 2_147_483_647;
const MAX_RUNS = 100_000;
export class GenerativeConfigError extends Error {
  override name = 'GenerativeConfigError';
}

function parseBounded(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new GenerativeConfigError(
      `${name} must be an integer from ${min} to ${max}; got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

/** 32-bit FNV-1a of `text`, as a non-negative seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % (MAX_SEED + 1);
}

/** The run's seed: PAYMENTS_SEED, else one derived from the run id (the same in every worker of the run). */
export function runSeed(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[GENERATIVE_VARIABLES.seed];
  if (raw !== undefined && raw !== '') return parseBounded(GENERATIVE_VARIABLES.seed, raw, 0, MAX_SEED);
  const runId = env[RUN_VARIABLES.runId];
  return runId ? hash(runId) : Math.floor(Math.random() * MAX_SEED);
}

/** Cases per property: PAYMENTS_GENERATIVE_RUNS, else the test's default. */
export function runsFor(defaultRuns: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[GENERATIVE_VARIABLES.runs];
  if (raw === undefined || raw === '') return defaultRuns;
  return parseBounded(GENERATIVE_VARIABLES.runs, raw, 1, MAX_RUNS);
}

/** The fast-check seed of one test: its title mixed into the run's seed, so tests draw independently. */
export function testSeed(seed: number, title: string): number {
  return hash(`${seed}\u0000${title}`);
}

/** The command that replays a test's cases exactly. */
export function replayCommand(seed: number, title: string, env: NodeJS.ProcessEnv = process.env): string {
  const pattern = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/"/g, '\\"');
  return `${GENERATIVE_VARIABLES.seed}=${seed} ${runInvocation(env)} --grep "${pattern}"`;
}
