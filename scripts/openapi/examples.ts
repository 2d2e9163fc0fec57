/**
 * Named examples for request bodies and success responses. Every example is validated against its
 * schema (strict profile) while the document is assembled, so the document never shows a body the
 * project's own schemas reject.
 */
import { existsSync, readFileSync } from 'node:fs';
import { INDUSTRIES, INDUSTRY_TITLES, type EndpointId, type SchemaName } from '../../lib/catalogue.ts';
import { buildPreference } from '../../factories/preference.ts';
import { buildTokenRequest, GRANT_TYPES } from '../../factories/token-request.ts';
import { formatViolations, validate } from '../../schemas/registry.ts';

export type NamedExamples = Record<string, { summary?: string; value: unknown }>;

const EXAMPLES_DIR = 'schemas/examples';
/** Fixed factory seed and reference date: the document must be the same on every run, in any year. */
const EXAMPLE_SEED = 1;
const EXAMPLE_REFERENCE_DATE = Date.UTC(2025, 0, 1);
const INVALID_EXAMPLE = 'OpenAPI assembly: an example does not match its schema';

function checked(name: SchemaName, value: unknown, label: string): unknown {
  const outcome = validate(name, value, 'strict');
  if (!outcome.valid) throw new Error(`${INVALID_EXAMPLE} (${label}):\n${formatViolations(name, outcome.violations)}`);
  return value;
}

/** The schema engineer's example of `name` (schemas/examples/<name>.json), when there is one. */
function fileExample(name: SchemaName): unknown {
  const path = `${EXAMPLES_DIR}/${name}.json`;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as unknown) : undefined;
}

export function successExample(name: SchemaName): unknown {
  const example = fileExample(name);
  return example === undefined ? undefined : checked(name, example, `${EXAMPLES_DIR}/${name}.json`);
}

function preferenceExamples(): NamedExamples {
  return Object.fromEntries(
    INDUSTRIES.map((industry) => {
      const value = buildPreference(industry, { seed: EXAMPLE_SEED, referenceDate: EXAMPLE_REFERENCE_DATE });
      checked(`preference-request-${industry}`, value, `preference for ${industry}`);
      return [industry, { summary: INDUSTRY_TITLES[industry], value: checked('preference-request', value, industry) }];
    }),
  );
}

function tokenExamples(): NamedExamples {
  return Object.fromEntries(
    GRANT_TYPES.map((grantType) => [
      grantType,
      { value: checked('token-request', buildTokenRequest(grantType, { seed: EXAMPLE_SEED }), grantType) },
    ]),
  );
}

export function requestExamples(endpoint: EndpointId): NamedExamples | undefined {
  if (endpoint === 'preference') return preferenceExamples();
  if (endpoint === 'token') return tokenExamples();
  return undefined;
}
