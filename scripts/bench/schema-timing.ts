/** Schema compile time and validation rate, measured in a fresh child process (schema-timing-child.ts). */
import { execFileSync } from 'node:child_process';

export interface SchemaFigures {
  /** Importing the registry (ajv, formats, schema files) and compiling every schema. */
  loadAndCompileMs: number;
  /** compileAll() alone. */
  compileOnlyMs: number;
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
