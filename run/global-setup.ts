/**
 * Runs once, in Playwright's runner, before any test: sets up every target of the run (one, or each of
 * a run against several). A target that cannot be set up is recorded (the run command turns
 * it into exit code 3, or 1 for a token grant that breaks the spec); with one target nothing else runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { reportPaths } from '../lib/report-paths.ts';
import type { SetupFailure } from '../lib/results.ts';
import { targetsOfRun } from './targets.ts';
import { recordSetupFailure, writeRunTokens } from './state.ts';
import { SetupError, setUpTarget } from './setup-target.ts';
import { projectTarget, targetConfigOf, type ProjectTarget } from './target.ts';

function targetsOf(config: FullConfig): ProjectTarget[] {
  const several = targetsOfRun();
  if (several) return several.map(({ name, env }) => ({ name, env }));
  const byName = new Map(config.projects.map((p) => projectTarget(p.metadata)).map((t) => [t.name, t]));
  return [...byName.values()];
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  const targets = targetsOf(config);
  const failures: SetupFailure[] = [];
  await Promise.all(
    targets.map(async (target) => {
      try {
        writeRunTokens(target.name, await setUpTarget(targetConfigOf(target), target.name));
      } catch (error) {
        if (!(error instanceof SetupError)) throw error;
        failures.push(error.setupFailure);
        recordSetupFailure(target.name, error.setupFailure);
      }
    }),
  );
  if (failures.length === 0) return;
  const file = reportPaths().run.setupFailures;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(failures, null, 2)}\n`);
  // With one target there is nothing left to test; with several the others go on.
  if (targets.length === 1) throw new SetupError(failures[0]!);
}
