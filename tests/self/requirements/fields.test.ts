/**
 * What a requirement says it governs: an untestable one says why; a testable field rule names the
 * schema fields it fixes, each a schema of schemas/ and a pointer its spec layer describes.
 */
import { expect, test } from '@playwright/test';
import { SCHEMA_NAMES, type SchemaName } from '../../../lib/catalogue.ts';
import { REQUIREMENTS, type Requirement } from '../../../lib/requirements/index.ts';
import type { Layer } from '../../../schemas/layers.ts';
import { fieldPointers, pointerOf, segmentsOf } from './schema-fields.ts';

const FIELD_KINDS: readonly Requirement['kind'][] = ['field-type', 'allowed-values', 'required-field'];

test('every untestable requirement says why', () => {
  const silent = REQUIREMENTS.filter((r) => !r.testable && r.untestable.trim().length < 10).map((r) => r.id);
  expect(silent).toEqual([]);
});

test('every testable field rule names the fields it fixes', () => {
  const unplaced = REQUIREMENTS.filter(
    (r) => r.testable && FIELD_KINDS.includes(r.kind) && !r.fields?.length,
  );
  expect(unplaced.map((r) => r.id)).toEqual([]);
});

const described = (layer: Layer) =>
  new Map<SchemaName, Set<string>>(
    SCHEMA_NAMES.map((name) => [name, new Set(fieldPointers(name, layer).map(pointerOf))]),
  );
/** Every pointer each schema describes, as `/a/b` strings with `*` for any member. */
const DESCRIBED = described('spec');
const DESCRIBED_WITH_PLATFORM_FACTS = described('full');

const namedFields = (requirements: readonly Requirement[]) =>
  requirements.flatMap((r) => (r.fields ?? []).map((field) => ({ id: r.id, ...field })));

test('every field a testable requirement names is a pointer the spec layer of its schema describes', () => {
  const fields = namedFields(REQUIREMENTS.filter((r) => r.testable));
  expect(fields.length).toBeGreaterThan(0);
  const nowhere = fields
    .filter(({ schema, pointer }) => !DESCRIBED.get(schema)?.has(pointerOf(segmentsOf(pointer))))
    .map(({ id, schema, pointer }) => `${id}: ${schema} ${pointer}`);
  expect(nowhere).toEqual([]);
});

// An untestable rule may be about what the spec leaves "not shown": a field only the platform's answers describe.
test('every field an untestable requirement names is a pointer its schema describes in either layer', () => {
  const nowhere = namedFields(REQUIREMENTS.filter((r) => !r.testable))
    .filter(
      ({ schema, pointer }) =>
        !DESCRIBED_WITH_PLATFORM_FACTS.get(schema)?.has(pointerOf(segmentsOf(pointer))),
    )
    .map(({ id, schema, pointer }) => `${id}: ${schema} ${pointer}`);
  expect(nowhere).toEqual([]);
});

test('the walk finds nested, array and map members, and nothing the schema lacks', () => {
  const store = DESCRIBED.get('store')!;
  for (const pointer of ['', '/location/latitude', '/business_hours/*', '/business_hours/*/*/open']) {
    expect(store.has(pointer), pointer).toBe(true);
  }
  expect(store.has('/location/altitude')).toBe(false);
  // Reached through a $ref into common.schema.json.
  expect(DESCRIBED.get('preference-request')!.has('/shipments/receiver_address/city_name')).toBe(true);
  // A spelling only an allowance accepts is no field of the spec.
  expect(DESCRIBED.get('settlement-report-config')!.has('/include_withdraw')).toBe(false);
  // What only a platform fact describes is in the full layer alone.
  expect(DESCRIBED.get('chargeback')!.has('/payments/*')).toBe(false);
  expect(DESCRIBED_WITH_PLATFORM_FACTS.get('chargeback')!.has('/payments/*')).toBe(true);
});
