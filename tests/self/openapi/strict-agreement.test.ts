import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect, test } from '@playwright/test';
import { SCHEMA_NAMES, type SchemaName } from '../../../lib/catalogue.ts';
import {
  INVALID_PREFERENCE_VARIANTS,
  INVALID_TOKEN_REQUEST_VARIANTS,
  invalidPreference,
  invalidTokenRequest,
} from '../../../factories/invalid.ts';
import { buildPreference } from '../../../factories/preference.ts';
import { validate } from '../../../schemas/registry.ts';
import { assembleOpenApi } from '../../../scripts/openapi/assemble.ts';
import { schemaRef } from '../../../scripts/openapi/components.ts';

/**
 * The document claims to describe the spec layer under the strict profile. Judge a corpus of bodies with
 * the document's own components (compiled by a separate ajv) and with the registry under strict: every
 * verdict must agree, including on bodies only the platform layer (x-platform) rejects, which the
 * document, like strict, accepts.
 */
const DOCUMENT_ID = 'https://payments-conformance.dev/openapi.json';

interface Case {
  label: string;
  schema: SchemaName;
  data: unknown;
}

function documentValidator() {
  // Not strict: the document carries OpenAPI keywords (openapi, paths) that are no JSON Schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ ...assembleOpenApi(), $id: DOCUMENT_ID });
  return (schema: SchemaName, data: unknown) => {
    const validator = ajv.getSchema(`${DOCUMENT_ID}${schemaRef(schema)}`);
    if (!validator) throw new Error(`no component for ${schema}`);
    return validator(data) as boolean;
  };
}

function corpus(): Case[] {
  const examples = SCHEMA_NAMES.filter((name) => name !== 'common').map((schema) => ({
    label: `schemas/examples/${schema}.json`,
    schema,
    data: JSON.parse(readFileSync(`schemas/examples/${schema}.json`, 'utf8')) as unknown,
  }));
  const preferences = INVALID_PREFERENCE_VARIANTS.flatMap((variant) => [
    { label: variant.name, schema: 'preference-request' as const, data: invalidPreference(variant) },
    {
      label: variant.name,
      schema: `preference-request-${variant.industry}` as const,
      data: invalidPreference(variant),
    },
  ]);
  const tokens = INVALID_TOKEN_REQUEST_VARIANTS.map((variant) => ({
    label: variant.name,
    schema: 'token-request' as const,
    data: invalidTokenRequest(variant),
  }));
  // A lenient allowance (the spec's own note: `name`/`surname`) is no part of the strict document.
  const { first_name: firstName, ...payer } = buildPreference('apparel').payer ?? {};
  const lenientOnly = {
    label: 'payer name instead of first_name',
    schema: 'preference-request' as const,
    data: { ...buildPreference('apparel'), payer: { ...payer, name: firstName } },
  };
  // Platform facts are advice under strict: the document keeps them as extensions its validators ignore.
  const store = JSON.parse(readFileSync('schemas/examples/store.json', 'utf8')) as Record<string, unknown>;
  const platformOnly = [
    { label: 'an error body of no platform shape', schema: 'error' as const, data: { detail: 'no' } },
    {
      label: 'a store latitude out of range',
      schema: 'store' as const,
      data: { ...store, location: { ...(store.location as object), latitude: 200 } },
    },
  ];
  for (const body of platformOnly) {
    if (validate(body.schema, body.data, 'platform').valid)
      throw new Error(`the corpus needs bodies the platform layer rejects: ${body.label} is not one`);
  }
  return [...examples, ...preferences, ...tokens, lenientOnly, ...platformOnly];
}

test('the document components and the registry (strict) give the same verdict on every body', () => {
  const documentAccepts = documentValidator();
  const cases = corpus();
  const verdicts = cases.map((c) => ({
    label: `${c.schema}: ${c.label}`,
    document: documentAccepts(c.schema, c.data),
    registry: validate(c.schema, c.data, 'strict').valid,
  }));
  // The corpus holds both verdicts, so agreement is not trivially "everything passes".
  expect(verdicts.filter((v) => v.registry).length).toBeGreaterThan(10);
  expect(verdicts.filter((v) => !v.registry).length).toBeGreaterThan(10);
  expect(verdicts.filter((v) => v.document !== v.registry)).toEqual([]);
});
