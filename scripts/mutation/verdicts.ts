/**
 * What a run against one variation of the mock says about the suite: a mutant is killed when a test
 * fails it with a deviation that quotes a rule; a conformant variant (and the faithful mock) passes with
 * zero failures, or the suite raised a false alarm.
 */
import { citation, resolveBasis, type Basis } from '../../lib/basis.ts';
import { isDeviation } from '../../lib/failures.ts';
import type { SetupFailure, TestRecord } from '../../lib/results.ts';

export interface Killer {
  test: string;
  /** The rule the failure quotes. */
  basis: Basis;
  /** The failure's first line: the quote of the rule broken, and what was seen. */
  message: string;
  /** Whether the message starts with the citation of its basis (id and verbatim quote). */
  quotes: boolean;
}

export type MutantVerdict = 'KILLED' | 'SURVIVED' | 'BROKEN RUN';
export type VariantVerdict = 'PASSED' | 'FALSE ALARM' | 'BROKEN RUN';

/** The deviations a target's run found, each with whether it quotes its rule. */
export function killersOf(records: readonly TestRecord[], setupFailure?: SetupFailure): Killer[] {
  const fromSetup = setupFailure?.failure?.basis
    ? [{ test: 'global setup (token grant)', failure: setupFailure.failure }]
    : [];
  const fromTests = records.flatMap((r) =>
    r.failures.filter(isDeviation).map((failure) => ({ test: r.key, failure })),
  );
  return [...fromSetup, ...fromTests]
    .filter(({ failure }) => failure.basis !== undefined)
    .map(({ test, failure }) => ({
      test,
      basis: failure.basis!,
      message: failure.message.split('\n')[0] ?? '',
      quotes:
        failure.message.startsWith(citation(failure.basis!)) && resolveBasis(failure.basis!).quote.length > 0,
    }));
}

/** Whether some failure that killed a mutant quotes the very rule it breaks (not only a rule near it). */
export function killedOnItsRule(killers: readonly Killer[], breaks: string): boolean {
  return killers.some((k) => k.basis === breaks);
}

/** The killers with those quoting the mutant's own rule first: the tables show the first. */
export function ownRuleFirst(killers: readonly Killer[], breaks: string): Killer[] {
  return [...killers].sort((a, b) => Number(b.basis === breaks) - Number(a.basis === breaks));
}

export function mutantVerdict(records: readonly TestRecord[], setupFailure?: SetupFailure): MutantVerdict {
  if (killersOf(records, setupFailure).length > 0) return 'KILLED';
  if (setupFailure || records.length === 0 || records.some((r) => r.status === 'failed')) return 'BROKEN RUN';
  return 'SURVIVED';
}

export function variantVerdict(records: readonly TestRecord[], setupFailure?: SetupFailure): VariantVerdict {
  if (setupFailure || records.length === 0) return 'BROKEN RUN';
  return records.some((r) => r.status === 'failed') ? 'FALSE ALARM' : 'PASSED';
}
