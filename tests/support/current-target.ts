/** The target of the running test, from its project's metadata (./target.ts reads the contract). */
import { test } from '@playwright/test';
import type { TargetConfig } from '../../lib/target.ts';
import { projectTarget, targetConfigOf } from './target.ts';

/** Call it inside a test, a hook or a fixture. */
export function currentTarget(): TargetConfig {
  return targetConfigOf(projectTarget(test.info().project.metadata));
}
