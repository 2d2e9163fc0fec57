/**
 * A misspelled variable is ignored like any name the suite does not read, and the run goes on without
 * it: PAYMENTS_BASEURL leaves the base URL unset, and the run then tests the embedded mock, whose verdict
 * would pass for the sandbox's. So a `PAYMENTS_` name the suite does not read that is a slip away from
 * one it does (a letter or two, an underscore, the case) stops the run before any request. Other
 * `PAYMENTS_` names are left alone: an application's own settings may share the prefix.
 */
import { CONCURRENCY_VARIABLE } from '../lib/concurrency.ts';
import { GENERATIVE_VARIABLES } from '../lib/generation.ts';
import { RUN_VARIABLES } from '../lib/run-variables.ts';
import { DEPRECATED_ABILITIES_VARIABLE, VARIABLES } from '../lib/target.ts';
import { BASELINE_VARIABLE } from '../reporting/baseline.ts';
import { SHARD_VARIABLE } from '../run/state.ts';

const PREFIX = 'PAYMENTS_';

/** The variables a user sets. */
const USER_VARIABLES: readonly string[] = [
  ...Object.values(VARIABLES),
  DEPRECATED_ABILITIES_VARIABLE,
  ...Object.values(GENERATIVE_VARIABLES),
  CONCURRENCY_VARIABLE,
  RUN_VARIABLES.requestTimeoutMs,
  BASELINE_VARIABLE,
];

/** Every name the suite reads: the user's, and those the run command passes to its own processes. */
const KNOWN = new Set<string>([...USER_VARIABLES, ...Object.values(RUN_VARIABLES), SHARD_VARIABLE]);

/** Edits (a letter added, removed, changed, or two swapped) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

const squashed = (name: string) => name.toUpperCase().replaceAll('_', '');

/** The variable of the suite `name` is a slip away from, if any. */
function meantBy(name: string): string | undefined {
  const upper = name.toUpperCase();
  if (!upper.startsWith(PREFIX) || KNOWN.has(name)) return undefined;
  return USER_VARIABLES.find(
    (known) =>
      squashed(known) === squashed(name) ||
      editDistance(upper.slice(PREFIX.length), known.slice(PREFIX.length)) <= 2,
  );
}

/**
 * One line for each name of `env` that misspells a variable of the suite; `fromEnvFile` names those the
 * `.env` file set.
 */
export function misspelledVariables(env: NodeJS.ProcessEnv, fromEnvFile: readonly string[]): string[] {
  return Object.keys(env).flatMap((name) => {
    const meant = meantBy(name);
    if (!meant) return [];
    const where = fromEnvFile.includes(name) ? 'set in .env' : 'set in the environment';
    return [
      `${name} (${where}) is not a variable of the suite: did you mean ${meant}? The run would go on without it; rename it`,
    ];
  });
}
