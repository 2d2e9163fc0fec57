/**
 * The schema files of schemas/ as read from disk, and where the validators generated from them are: one
 * definition for the registry (which reads both) and the generator (which writes the second from the first).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_ROOT } from '../lib/paths.ts';
import { schemaId, type SchemaDocument } from './layers.ts';

export const SCHEMA_DIR = join(CODE_ROOT, 'schemas');
const SCHEMA_FILE_SUFFIX = '.schema.json';

/**
 * Both layers of every schema as validation code, generated ahead of time by `npm run schemas:validators`
 * (scripts/schemas/generate-validators.ts); a self-test fails when it no longer matches the schema files.
 */
export const GENERATED_VALIDATORS_FILE = 'validators.generated.cjs';

/**
 * For Playwright's `build.external`: the generated module is plain CommonJS, and Playwright's transform
 * of it (Babel, with a source map of over a megabyte) made every worker seconds slower to start.
 */
export const GENERATED_VALIDATORS_GLOB = `**/${GENERATED_VALIDATORS_FILE}`;

/** Every schema file by name (`store` for store.schema.json), each checked to carry its agreed $id. */
export function readSchemaDocuments(): Map<string, SchemaDocument> {
  const documents = new Map<string, SchemaDocument>();
  for (const file of readdirSync(SCHEMA_DIR).sort()) {
    if (!file.endsWith(SCHEMA_FILE_SUFFIX)) continue;
    const name = file.slice(0, -SCHEMA_FILE_SUFFIX.length);
    const document = JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')) as SchemaDocument;
    if (document.$id !== schemaId(name)) {
      throw new Error(`schemas/${file}: $id must be ${schemaId(name)}, found ${String(document.$id)}`);
    }
    documents.set(name, document);
  }
  return documents;
}
