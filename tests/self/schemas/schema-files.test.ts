import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SCHEMA_NAMES } from '../../../lib/catalogue.ts';
import {
  ALLOWANCES,
  ALLOWANCE_KEYWORD,
  compileAll,
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

test('every schema compiles in ajv strict mode', () => {
  // compileAll() throws on the first schema ajv's strict mode rejects; its time is information only.
  let milliseconds = 0;
  expect(() => (milliseconds = compileAll())).not.toThrow();
  test.info().annotations.push({ type: 'compile time', description: `${milliseconds.toFixed(0)} ms` });
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
  expect([...used].sort()).toEqual(Object.keys(ALLOWANCES).sort());
  for (const [name, allowance] of Object.entries(ALLOWANCES)) {
    expect.soft(allowance.description.length, name).toBeGreaterThan(10);
  }
});
