/**
 * A run against several targets (PAYMENTS_TARGETS_FILE, the mutation runner's): each test is registered
 * once per target that selects it, titled with the target and annotated with its name, in the one
 * Playwright project of the run.
 *
 * Playwright gives every project workers of its own, and a worker's start-up costs about a second of CPU,
 * most of it Playwright's: with a project per target, a run against a hundred mock variations spent more
 * on starting workers than on testing. Registered per target, the tests of every target share the run's
 * two workers, and a target costs only its tests.
 */
import path from 'node:path';
import type { TestDetails } from '@playwright/test';
import { CODE_ROOT } from '../../lib/paths.ts';
import { testKeyOf } from '../../lib/results.ts';
import { TARGET_ANNOTATION, titleForTarget, type NamedTarget } from '../../lib/targets-file.ts';
import { callerOutside, supportFile } from './step-location.ts';

/** This module's file, whose frames the spec file declaring a test is looked for beyond. */
const OWN_FILE = supportFile('per-target');

function withTarget(details: TestDetails, target: string): TestDetails {
  const annotation = details.annotation === undefined ? [] : [details.annotation].flat();
  return { ...details, annotation: [...annotation, { type: TARGET_ANNOTATION, description: target }] };
}

type Callable = (...args: never[]) => unknown;

/** `test` (the fixtures' own) registering each test once per target of `targets` that selects it. */
export function perTarget<T extends Callable & { describe: Callable }>(
  test: T,
  targets: readonly NamedTarget[],
): T {
  // Describe titles being declared, outermost first: part of a test's key.
  const describing: string[] = [];
  const describe = new Proxy(test.describe, {
    apply(describeFn, self, args: unknown[]) {
      const [title, ...rest] = args;
      const body = rest.pop();
      if (typeof title !== 'string' || typeof body !== 'function')
        return Reflect.apply(describeFn, self, args) as unknown;
      const declareInside = () => {
        describing.push(title);
        try {
          (body as () => void)();
        } finally {
          describing.pop();
        }
      };
      return Reflect.apply(describeFn, self, [title, ...rest, declareInside]) as unknown;
    },
  });
  // Each target's test keys as a set: every registration asks every target whether it selects the test.
  const selections = targets.map((target) => ({ target, keys: target.tests && new Set(target.tests) }));
  return new Proxy(test, {
    apply(testFn, self, args: unknown[]) {
      const [title, ...rest] = args;
      const body = rest.pop();
      if (typeof title !== 'string') return Reflect.apply(testFn, self, args) as unknown;
      const details = (rest[0] ?? {}) as TestDetails;
      const declaredIn = callerOutside(OWN_FILE)?.file;
      if (!declaredIn) throw new Error(`per-target registration: no spec file found declaring "${title}"`);
      const file = path.relative(CODE_ROOT, declaredIn);
      const key = testKeyOf(file, [...describing, title]);
      for (const { target, keys } of selections) {
        if (!(keys?.has(key) ?? true)) continue;
        Reflect.apply(testFn, self, [
          titleForTarget(title, target.name),
          withTarget(details, target.name),
          body,
        ]);
      }
      return undefined;
    },
    get(testFn, property, receiver) {
      return property === 'describe' ? describe : (Reflect.get(testFn, property, receiver) as unknown);
    },
  });
}
