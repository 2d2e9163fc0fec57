/**
 * The platform and HTTP facts of lib/advice.ts are all in use, and every response schema's two layers
 * are accounted for: its x-platform parts name facts that exist, and a violation anywhere in its spec
 * layer cites a requirement that states that field (or one enclosing it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADVICE, isAdviceId } from '../../../lib/advice.ts';
import type { SchemaName } from '../../../lib/catalogue.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { isRequirementId, requirementById } from '../../../lib/requirements/index.ts';
import { ALL_MUTANTS } from '../../../mock/variations/catalogue.ts';
import {
  adviceLocations,
  matchesPattern,
  pointerSegments,
  type SchemaDocument,
} from '../../../schemas/layers.ts';
import { loadedSchemaNames, requirementFor, schemaDocument } from '../../../schemas/registry.ts';
import { fieldPointers, pointerOf } from './schema-fields.ts';

const RESPONSE_SCHEMAS: readonly SchemaName[] = [
  'access-token-grant',
  'release-report',
  'settlement-report-config',
  'subscription-plan',
  'test-user-search-result',
  'claim-reason',
  'claim',
  'chargeback',
  'mediation-response',
  'store',
];
/** The keywords a field violation most often has: the field is of another type, or it is missing. */
const FIELD_KEYWORDS = ['type', 'required'] as const;

const DOCUMENTS = new Map<string, SchemaDocument>(
  loadedSchemaNames().map((name) => [name, schemaDocument(name as SchemaName)]),
);

/** The raw x-platform parts reachable from `name`, each with where it applies. */
function platformParts(name: string): { at: string; part: Record<string, unknown> }[] {
  const parts: { at: string; part: Record<string, unknown> }[] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${at}/${i}`));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, inner] of Object.entries(node)) {
        if (key === 'x-platform') parts.push({ at, part: inner as Record<string, unknown> });
        visit(inner, `${at}/${key}`);
      }
    }
  };
  visit(DOCUMENTS.get(name), `schemas/${name}.schema.json#`);
  return parts;
}

/** The sources of a folder's .ts files, but those under `except`. */
function sourcesUnder(folder: string, except?: string): string {
  const root = path.join(PROJECT_ROOT, folder);
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => except === undefined || !path.relative(root, file).startsWith(`${except}${path.sep}`))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

test('every platform and HTTP fact is used by a schema, a mutant, a check or the OpenAPI document', () => {
  const inSchemas = new Set(
    loadedSchemaNames().flatMap((name) => adviceLocations(name, DOCUMENTS).map((l) => l.advice)),
  );
  const byMutants = new Set<string>(ALL_MUTANTS.map((m) => m.breaks));
  // The checks (every test source but the self-tests) and the OpenAPI document's builder.
  const checks = sourcesUnder('tests', 'self') + sourcesUnder('scripts/openapi');
  const cited = (id: string) => checks.includes(`'${id}'`) || checks.includes(`"${id}"`);
  const unused = ADVICE.map((a) => a.id).filter(
    (id) => !inSchemas.has(id) && !byMutants.has(id) && !cited(id),
  );
  expect(unused).toEqual([]);
});

test('every x-platform part in the schemas names a known fact and adds a rule', () => {
  const parts = loadedSchemaNames().flatMap((name) => platformParts(name));
  expect(parts.length).toBeGreaterThan(0);
  for (const { at, part } of parts) {
    expect(isAdviceId(String(part.advice)), `${at}: ${String(part.advice)}`).toBe(true);
    expect(Object.keys(part).filter((key) => key !== 'advice').length, at).toBeGreaterThan(0);
  }
});

for (const name of RESPONSE_SCHEMAS) {
  test(`${name}: every x-platform part reachable from it names a known fact`, () => {
    const locations = adviceLocations(name, DOCUMENTS);
    for (const { pattern, advice } of locations)
      expect(isAdviceId(advice), `/${pattern.join('/')}`).toBe(true);
  });

  test(`${name}: a violation at any field cites a requirement stating that field or one enclosing it`, () => {
    const fields = fieldPointers(name).filter((segments) => segments.length > 0);
    expect(fields.length).toBeGreaterThan(0);
    for (const segments of fields) {
      for (const keyword of FIELD_KEYWORDS) {
        const where = `${pointerOf(segments)} ${keyword}`;
        const basis = requirementFor(name, pointerOf(segments), keyword);
        expect(basis !== undefined && isRequirementId(basis), `${where}: ${basis}`).toBe(true);
        const stated = (requirementById(basis!).fields ?? []).filter((f) => f.schema === name);
        const enclosing = stated.some((f) => {
          const pattern = pointerSegments(f.pointer);
          return (
            pattern.length <= segments.length && matchesPattern(segments.slice(0, pattern.length), pattern)
          );
        });
        expect(enclosing, `${where}: ${basis} states it or a field enclosing it`).toBe(true);
      }
    }
  });

  test(`${name}: a body that is no object at all cites which of its fields must be present`, () => {
    for (const keyword of FIELD_KEYWORDS) {
      const basis = requirementFor(name, '', keyword);
      expect(basis !== undefined && isRequirementId(basis), `${keyword}: ${basis}`).toBe(true);
      const requirement = requirementById(basis!);
      expect(requirement.kind, basis).toBe('required-field');
      expect(
        requirement.fields?.map((f) => f.schema),
        basis,
      ).toContain(name);
    }
  });
}
