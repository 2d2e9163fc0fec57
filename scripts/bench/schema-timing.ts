/** Validators' load time and validation rate, measured in a fresh child process (schema-timing-child.ts). */
import { execFileSync } from 'node:child_process';

export interface SchemaFigures {
  /** Importing the registry (the schema files) and loading every validator. */
  registryReadyMs: number;
  /** loadAllValidators() alone: the validators generated ahead of time (schemas/compile.ts), required. */
  validatorsLoadMs: number;
  preferenceValidationsPerSecond: number;
  claimValidationsPerSecond: number;
}

export function measureSchemas(measureMs: number): SchemaFigures {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/schema-timing-child.ts', String(measureMs)],
    { encoding: 'utf8' },
  );
  const lastLine = output.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(lastLine) as SchemaFigures;
}
