/**
 * A run against several targets at once (the mutation runner's): a JSON file of targets, named by
 * PAYMENTS_TARGETS_FILE. The runner writes it; the suite registers each test once per target that selects
 * it (tests/support/per-target.ts), in one Playwright project, so that every target shares the run's
 * workers instead of paying a worker start-up of its own.
 */
export interface NamedTarget {
  /** Names the target's copies of the tests and its run state; `default` is a run's one target. */
  name: string;
  /** Its PAYMENTS_* variables. */
  env: Record<string, string>;
  /** The keys (lib/results.ts testKeyOf, without a target) of the conformance tests it runs; all when absent. */
  tests?: string[];
}

/** The annotation naming the target a test of such a run is registered for. */
export const TARGET_ANNOTATION = 'target';

/** A test's title as registered for one target of such a run (titles must be unique in a file). */
export function titleForTarget(title: string, target: string): string {
  return `${title} [${target}]`;
}

/** The test's own title, without the target it was registered for. */
export function titleWithoutTarget(title: string, target: string): string {
  const suffix = titleForTarget('', target);
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

/** A test's describe titles and title, the last without the target it was registered for. */
export function titlesWithoutTarget(titles: readonly string[], target: string): string[] {
  return titles.map((title, i) => (i === titles.length - 1 ? titleWithoutTarget(title, target) : title));
}
