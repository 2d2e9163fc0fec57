/**
 * A run against several targets at once (the mutation runner's): a JSON file of targets, one Playwright
 * project each, named by PAYMENTS_TARGETS_FILE. The runner writes it, the Playwright config reads it.
 */
export interface NamedTarget {
  /** Names the target's projects and its run state; `default` is a run's one target. */
  name: string;
  /** Its PAYMENTS_* variables. */
  env: Record<string, string>;
  /** Spec files it runs, as globs relative to tests/conformance (default: every spec). */
  testMatch?: string[];
  /** Only tests whose title or tags match this regular expression run against it. */
  grep?: string;
  /** Whether its teardown project (the token-expiry test) runs too. */
  teardown?: boolean;
}
