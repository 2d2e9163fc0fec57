/** The target of the running test (./per-target.ts), its contract read by ./target.ts. */
import { test } from '@playwright/test';
import type { TargetConfig } from '../../lib/target.ts';
import { targetOfTest } from '../../run/targets.ts';
import { targetConfigOf } from '../../run/target.ts';

/** Call it inside a test, a hook or a fixture. */
export function currentTarget(): TargetConfig {
  return targetConfigOf(targetOfTest(test.info()));
}
