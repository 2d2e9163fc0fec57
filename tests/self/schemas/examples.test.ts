import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SCHEMA_NAMES, type SchemaName } from '../../../lib/catalogue.ts';
import { formatViolations, validate } from '../../../schemas/registry.ts';
import { EXAMPLES_DIR, readExample } from './support.ts';

/** `common` holds only $defs (no root shape); its definitions are exercised through every other example. */
const WITHOUT_ROOT_SHAPE: readonly SchemaName[] = ['common'];
const EXEMPLIFIED = SCHEMA_NAMES.filter((name) => !WITHOUT_ROOT_SHAPE.includes(name));

for (const name of EXEMPLIFIED) {
  test(`${name}: the spec-shaped example passes strict, and keeps the platform's facts too`, () => {
    expect(existsSync(`${EXAMPLES_DIR}${name}.json`), `schemas/examples/${name}.json exists`).toBe(true);
    const outcome = validate(name, readExample(name));
    expect(outcome.valid, formatViolations(name, outcome.violations)).toBe(true);
    expect(outcome.advice, formatViolations(name, outcome.advice)).toEqual([]);
    expect(outcome.allowances).toEqual([]);
  });
}

test("a field the spec calls only 'timestamp' passes without an offset, under platform too; one 'with offset' does not", () => {
  const noOffset = '2026-11-20T10:15:00';
  const store = { ...readExample('store'), date_creation: noOffset };
  const stored = validate('store', store, 'platform');
  expect(stored.valid, formatViolations('store', stored.violations)).toBe(true);
  // No published answer shows these fields' offset; RFC 3339's other marks (T, seconds) are still advice.
  expect(stored.advice).toEqual([]);
  const spaced = validate('store', { ...store, date_creation: '2026-11-20 10:15' });
  expect(spaced.valid).toBe(true);
  expect(spaced.advice.map((a) => a.basis)).toContain('platform.timestamps-rfc3339');
  const claim = { ...readExample('claim'), date_created: noOffset };
  expect(validate('claim', claim).valid).toBe(false);
});

test('a chargeback document of any media type passes strict: upper case and parameters too', () => {
  const chargeback = readExample('chargeback') as { documentation: { type: string }[] };
  for (const type of ['IMAGE/JPEG', 'application/pdf; charset=binary', 'image/svg+xml']) {
    const document = { ...chargeback, documentation: [{ ...chargeback.documentation[0], type }] };
    expect(validate('chargeback', document).valid, type).toBe(true);
  }
});
