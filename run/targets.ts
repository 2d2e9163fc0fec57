/**
 * A run against several targets (PAYMENTS_TARGETS_FILE, the mutation runner's): which targets it has, and
 * which of them a test runs against. The tests themselves are registered once per target by
 * tests/support/per-target.ts.
 */
import { readFileSync } from 'node:fs';
import { RUN_VARIABLES } from '../lib/run-variables.ts';
import { TARGET_ANNOTATION, type NamedTarget } from '../lib/targets-file.ts';
import { projectTarget, type ProjectTarget } from './target.ts';

let read: { targets: readonly NamedTarget[]; byName: ReadonlyMap<string, NamedTarget> } | undefined;

/** The targets of a run against several, or undefined in a run against one. */
export function targetsOfRun(env: NodeJS.ProcessEnv = process.env): readonly NamedTarget[] | undefined {
  const file = env[RUN_VARIABLES.targetsFile];
  if (!file) return undefined;
  if (!read) {
    const targets = JSON.parse(readFileSync(file, 'utf8')) as NamedTarget[];
    read = { targets, byName: new Map(targets.map((t) => [t.name, t])) };
  }
  return read.targets;
}

/**
 * Whether the run keeps a report of each test (Allure's, with the exchanges attached). A run against
 * several targets does not: its reporters read each test's verdict only, so nothing is attached to its
 * tests (tests/support/attachments.ts).
 */
export function runKeepsReport(): boolean {
  return targetsOfRun() === undefined;
}

/** The target a test runs against: the one it was registered for, else its project's (the run's one target). */
export function targetOfTest(info: {
  annotations: readonly { type: string; description?: string }[];
  project: { metadata: unknown };
}): ProjectTarget {
  const name = info.annotations.find((a) => a.type === TARGET_ANNOTATION)?.description;
  // targetsOfRun() reads the targets file into `read` the first time.
  const named = name !== undefined && targetsOfRun() ? read?.byName.get(name) : undefined;
  return named ? { name: named.name, env: named.env } : projectTarget(info.project.metadata);
}
