/**
 * `npm run schemas:validators`: compiles both layers of every schema of schemas/ into
 * schemas/validators.generated.cjs, the validation code the registry loads (schemas/compile.ts says why
 * ahead of time). Run it after changing a schema file; tests/self/schemas/validators.test.ts fails until
 * the generated file matches the schema files again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';
import { validatorsModuleSource } from '../../schemas/compile.ts';
import { GENERATED_VALIDATORS_FILE, readSchemaDocuments, SCHEMA_DIR } from '../../schemas/documents.ts';

const file = join(SCHEMA_DIR, GENERATED_VALIDATORS_FILE);
const source = validatorsModuleSource(readSchemaDocuments());
let previous = '';
try {
  previous = readFileSync(file, 'utf8');
} catch {
  // No generated file yet: it is written below.
}
const name = relative(PROJECT_ROOT, file);
if (previous === source) {
  console.log(`${name} is up to date`);
} else {
  writeFileSync(file, source);
  console.log(`${name} written (${(source.length / 1024).toFixed(0)} KiB)`);
}
