/**
 * How many requests a run keeps in flight to its target. Against a target on this machine a run is bound
 * by CPU: a worker per core but one, each test's requests one after the other, as fast as they go.
 * Against a target far away it is bound by round trips: more workers (each mostly waiting), tests of one
 * file spread over them, and the independent cases of a generated test judged side by side, within one
 * limit on the requests in flight to the target (PAYMENTS_CONCURRENCY), because real sandboxes limit rates.
 */
import { RUN_VARIABLES } from './run-variables.ts';

export const CONCURRENCY_VARIABLE = 'PAYMENTS_CONCURRENCY';
export const DEFAULT_CONCURRENCY = 24;
export const MAX_CONCURRENCY = 64;
/** A target whose median round trip is at least this far is bound by round trips, not by this machine. */
export const FAR_ROUND_TRIP_MS = 20;
/** Workers against a far target, at most: each costs a second of CPU to start. */
export const MAX_FAR_WORKERS = 4;

/**
 * Workers against a target on this machine: a core each, but for one core left to the run command and
 * Playwright's runner, which are busy throughout (serving the embedded mock or a mock process, loading
 * Allure's report builder, taking every result). On 2 cores one worker ended a run 5% sooner than two,
 * with 18% less CPU, passing or failing: the second worker only took turns on the same two cores and paid
 * its start-up (about a second and a half of CPU).
 */
function nearWorkers(cores: number): number {
  return Math.max(1, cores - 1);
}

export class ConcurrencyConfigError extends Error {
  override name = 'ConcurrencyConfigError';
}

/** PAYMENTS_CONCURRENCY, checked: a whole number from 1 to MAX_CONCURRENCY. */
export function concurrencyLimit(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[CONCURRENCY_VARIABLE];
  if (raw === undefined || raw.trim() === '') return DEFAULT_CONCURRENCY;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY)
    throw new ConcurrencyConfigError(
      `${CONCURRENCY_VARIABLE} must be a whole number of requests in flight from 1 to ${MAX_CONCURRENCY}, got ${JSON.stringify(raw)}`,
    );
  return value;
}

export interface ConcurrencyPlan {
  /** Whether the target is bound by round trips (far) or by this machine's CPU (near). */
  far: boolean;
  workers: number;
  /** Cases of a generated test judged side by side in each worker. */
  casesInFlight: number;
  /** Whether the tests of one file may run in different workers. */
  fullyParallel: boolean;
}

/**
 * The plan for a target `roundTripMs` away (undefined: on this machine, the embedded mock), within
 * `limit` requests in flight, on `cores` cores, with the workers a user asked for if any. The workers
 * times the cases each judges side by side never exceed the limit, and a worker runs one test at a time.
 */
export function planConcurrency(
  roundTripMs: number | undefined,
  limit: number,
  cores: number,
  askedWorkers?: number,
): ConcurrencyPlan {
  if (roundTripMs === undefined || roundTripMs < FAR_ROUND_TRIP_MS)
    return {
      far: false,
      workers: askedWorkers ?? Math.min(nearWorkers(cores), limit),
      casesInFlight: 1,
      fullyParallel: false,
    };
  const workers = askedWorkers ?? Math.max(1, Math.min(MAX_FAR_WORKERS, limit));
  return { far: true, workers, casesInFlight: Math.max(1, Math.floor(limit / workers)), fullyParallel: true };
}

/** The variables that pass a plan from the run command to Playwright's runner and workers. */
export function planEnvironment(plan: ConcurrencyPlan): Record<string, string> {
  return {
    [RUN_VARIABLES.casesInFlight]: String(plan.casesInFlight),
    [RUN_VARIABLES.fullyParallel]: plan.fullyParallel ? '1' : '0',
  };
}

/** Cases a generated test judges side by side in this worker (1 unless the run command planned more). */
export function casesInFlight(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[RUN_VARIABLES.casesInFlight]);
  return Number.isInteger(value) && value > 1 ? value : 1;
}
