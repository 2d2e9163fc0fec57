/**
 * What can go wrong in a run, as typed data (never guessed from a message): the kind of each failure
 * decides its report category, its line in the console summary, the coverage verdict and the exit code.
 */
import type { Basis } from './basis.ts';

/** What a failure says about the target: it deviates, or it could not be tested. */
export type FailureVerdict = 'deviation' | 'untestable';

/**
 * Statuses by which a target, or a gateway before it, says it did not serve a request just then (bad
 * gateway, unavailable, gateway timeout). The spec documents none of them.
 */
export const UNAVAILABLE_STATUSES: readonly number[] = [502, 503, 504];

export const FAILURE_KINDS = {
  status: { verdict: 'deviation', category: 'Deviation: wrong status' },
  schema: { verdict: 'deviation', category: 'Deviation: body does not match the spec' },
  'error-code': { verdict: 'deviation', category: 'Deviation: wrong or missing error code' },
  behaviour: { verdict: 'deviation', category: 'Deviation: behaviour' },
  'platform-fact': { verdict: 'deviation', category: 'Deviation: platform or HTTP fact (platform profile)' },
  'target-unreachable': { verdict: 'untestable', category: 'Not tested: target unreachable' },
  timeout: { verdict: 'untestable', category: 'Not tested: target timed out' },
  'target-unavailable': {
    verdict: 'untestable',
    category: `Not tested: target unavailable (${UNAVAILABLE_STATUSES.join(', ')})`,
  },
  'credentials-refused': { verdict: 'untestable', category: 'Not tested: credentials refused' },
  'ability-broken': {
    verdict: 'untestable',
    category: 'Not tested: an ability the target claims does not work',
  },
  'suite-error': { verdict: 'untestable', category: 'Not tested: the suite itself failed' },
  'rate-limited': {
    verdict: 'untestable',
    category: 'Not tested: the target kept answering 429 beyond the wait bound',
  },
  'resource-used-up': {
    verdict: 'untestable',
    category: 'Not tested: a lent agreement or claim answered as used up',
  },
} as const satisfies Record<string, { verdict: FailureVerdict; category: string }>;
export type FailureKind = keyof typeof FAILURE_KINDS;

/** Categories of results that are not failures of the run. */
export const ADVICE_CATEGORY = 'Advice: a platform or HTTP fact not followed';
export const KNOWN_DEVIATION_CATEGORY = 'Known deviation (baseline)';

export interface Failure {
  kind: FailureKind;
  /** The requirement or fact broken; absent for a target that could not be tested or a suite error. */
  basis?: Basis;
  /** What the rule wants, briefly (e.g. `200`, `a number`). */
  expected?: string;
  /** What the target did, briefly and redacted (e.g. `404`, `/amount is "1000.50", a string`). */
  seen: string;
  /** The whole message: citation first, then what was seen, then any detail lines. */
  message: string;
}

/** A platform or HTTP fact the target did not follow, where it does not fail the test. */
export interface AdviceRecord {
  basis: Basis;
  seen: string;
}

export function isDeviation(failure: Failure): boolean {
  return FAILURE_KINDS[failure.kind].verdict === 'deviation';
}
