import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SchemaName } from '../../../lib/catalogue.ts';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../../schemas/examples/', import.meta.url));
/** Beside a full checkout only; never copied into the project. */
export const REFERENCE_SAMPLES_DIR = fileURLToPath(
  new URL('../../../../shared/reference-samples/', import.meta.url),
);
export const REFERENCE_SAMPLES_ABSENT =
  'reference samples folder ../shared/reference-samples is absent (only present beside a full checkout)';

/** A fresh copy each call, so a test can mutate it. */
export function readExample(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8')) as Record<string, unknown>;
}
