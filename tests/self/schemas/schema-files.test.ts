import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SCHEMA_NAMES } from '../../../lib/catalogue.ts';
import { PLATFORM_KEYWORD } from '../../../schemas/layers.ts';
import { REQUEST_FORMS } from '../../../lib/request-forms.ts';
import { ALLOWANCES } from '../../../lib/allowances.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { validatorsModuleSource } from '../../../schemas/compile.ts';
import { GENERATED_VALIDATORS_FILE, readSchemaDocuments } from '../../../schemas/documents.ts';
import {
  ALLOWANCE_KEYWORD,
  loadAllValidators,
  loadedSchemaNames,
  schemaDocument,
  validate,
} from '../../../schemas/registry.ts';

const SCHEMA_DIR = fileURLToPath(new URL('../../../schemas/', import.meta.url));

function allowanceNamesIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const child of node) allowanceNamesIn(child, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) {
      if (key === ALLOWANCE_KEYWORD && typeof child === 'string') found.add(child);
      else allowanceNamesIn(child, found);
    }
  }
  return found;
}

test('there is exactly one schema file per name in SCHEMA_NAMES', () => {
  expect(loadedSchemaNames().sort()).toEqual([...SCHEMA_NAMES].sort());
});

test('every schema compiles in ajv strict mode, into the validators the registry loads', () => {
  // Compiling throws on the first schema ajv's strict mode rejects.
  const source = validatorsModuleSource(readSchemaDocuments());
  const generated = readFileSync(`${SCHEMA_DIR}${GENERATED_VALIDATORS_FILE}`, 'utf8');
  expect(
    generated === source,
    `schemas/${GENERATED_VALIDATORS_FILE} does not match the schema files: run npm run schemas:validators`,
  ).toBe(true);
  let milliseconds = 0;
  expect(() => (milliseconds = loadAllValidators())).not.toThrow();
  test.info().annotations.push({ type: 'load time', description: `${milliseconds.toFixed(0)} ms` });
  for (const name of SCHEMA_NAMES) {
    // A compiled validator answers with an outcome; an uncompilable schema would throw here.
    const outcome = validate(name, {});
    expect(typeof outcome.valid, name).toBe('boolean');
  }
});

test('every schema is draft 2020-12, has the agreed $id and records its decisions in $comment', () => {
  for (const name of SCHEMA_NAMES) {
    const document = schemaDocument(name) as Record<string, unknown>;
    expect.soft(document.$schema, name).toBe('https://json-schema.org/draft/2020-12/schema');
    expect.soft(document.$id, name).toBe(`https://payments-conformance.dev/schemas/${name}.json`);
    expect.soft(typeof document.$comment, name).toBe('string');
  }
});

test('schemaDocument returns the file as written', () => {
  const raw: unknown = JSON.parse(readFileSync(`${SCHEMA_DIR}store.schema.json`, 'utf8'));
  expect(schemaDocument('store')).toEqual(raw);
});

test('every allowance named in a schema is described in ALLOWANCES, and every described one is used', () => {
  const used = new Set<string>();
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'))) {
    allowanceNamesIn(JSON.parse(readFileSync(`${SCHEMA_DIR}${file}`, 'utf8')), used);
  }
  const ofKind = (kind: string) =>
    Object.entries(ALLOWANCES)
      .filter(([, allowance]) => allowance.kind === kind)
      .map(([name]) => name)
      .sort();
  expect([...used].sort()).toEqual(ofKind('schema'));
  // A request allowance is a form of a request field lenient sends: lib/request-forms.ts names each.
  expect([...new Set(REQUEST_FORMS.map((form) => form.allowance))].sort()).toEqual(ofKind('request'));
  // A behaviour allowance is granted by a check of a conformance test, which names it.
  const conformanceDir = join(PROJECT_ROOT, 'tests', 'conformance');
  const conformance = readdirSync(conformanceDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(conformanceDir, f), 'utf8'))
    .join('\n');
  for (const name of ofKind('behaviour')) expect(conformance, name).toContain(`'${name}'`);
  expect(ofKind('behaviour').length).toBeGreaterThan(0);
  for (const [name, allowance] of Object.entries(ALLOWANCES)) {
    expect.soft(allowance.description.length, name).toBeGreaterThan(10);
  }
});

/** The x-platform parts and the allowance names written in a schema file, wherever they sit. */
function layersWritten(node: unknown, found = { advice: new Set<string>(), allowances: new Set<string>() }) {
  if (Array.isArray(node)) for (const child of node) layersWritten(child, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) {
      if (key === PLATFORM_KEYWORD) found.advice.add(String((child as { advice?: unknown }).advice));
      if (key === ALLOWANCE_KEYWORD) found.allowances.add(String(child));
      layersWritten(child, found);
    }
  }
  return found;
}

test("a schema's $comment names every platform fact and every allowance its file writes", () => {
  for (const name of SCHEMA_NAMES.filter((n) => n !== 'common')) {
    const document = schemaDocument(name) as { $comment: string };
    const { advice, allowances } = layersWritten(document);
    for (const id of [...advice, ...allowances])
      expect.soft(document.$comment, `${name}: ${id}`).toContain(id);
  }
});

test('every shared definition with a platform fact says what the fact adds', () => {
  const definitions = (schemaDocument('common') as { $defs: Record<string, Record<string, unknown>> }).$defs;
  const withFacts = Object.entries(definitions).filter(([, definition]) => PLATFORM_KEYWORD in definition);
  expect(withFacts.length).toBeGreaterThan(0);
  for (const [name, definition] of withFacts) {
    expect.soft(String(definition.$comment), name).toContain('x-platform');
  }
});
