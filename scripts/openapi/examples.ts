/**
 * Named examples for request bodies and success responses, all from schemas/examples/ (the schema
 * engineer's spec-shaped examples, with obviously fake credentials): the document depends on the
 * catalogue and schemas/ only. Every example is validated against its schema (strict profile) while
 * the document is assembled, so the document never shows a body the project's own schemas reject.
 */
import { existsSync, readFileSync } from 'node:fs';
import { INDUSTRIES, INDUSTRY_TITLES, type EndpointId, type SchemaName } from '../../lib/catalogue.ts';
import { formatViolations, validate } from '../../schemas/registry.ts';

export type NamedExamples = Record<string, { summary?: string; value: unknown }>;

const EXAMPLES_DIR = 'schemas/examples';
const INVALID_EXAMPLE = 'OpenAPI assembly: an example does not match its schema';

function checked(name: SchemaName, value: unknown, label: string): unknown {
  const outcome = validate(name, value, 'strict');
  if (!outcome.valid)
    throw new Error(`${INVALID_EXAMPLE} (${label}):\n${formatViolations(name, outcome.violations)}`);
  return value;
}

/** schemas/examples/<file>.json validated against `name`, when the file exists. */
function fileExample(file: string, name: SchemaName): unknown {
  const path = `${EXAMPLES_DIR}/${file}.json`;
  return existsSync(path)
    ? checked(name, JSON.parse(readFileSync(path, 'utf8')) as unknown, path)
    : undefined;
}

export function successExample(name: SchemaName): unknown {
  return fileExample(name, name);
}

/** One example per industry, each valid against its industry profile and the general request shape. */
function preferenceExamples(): NamedExamples {
  const examples: NamedExamples = {};
  for (const industry of INDUSTRIES) {
    const profile = `preference-request-${industry}` as const;
    const value = fileExample(profile, profile);
    if (value !== undefined) {
      examples[industry] = {
        summary: INDUSTRY_TITLES[industry],
        value: checked('preference-request', value, profile),
      };
    }
  }
  return examples;
}

function tokenExamples(): NamedExamples {
  const value = fileExample('token-request', 'token-request') as { grant_type?: string } | undefined;
  return value === undefined ? {} : { [value.grant_type ?? 'example']: { value } };
}

export function requestExamples(endpoint: EndpointId): NamedExamples | undefined {
  if (endpoint === 'preference') return preferenceExamples();
  if (endpoint === 'token') return tokenExamples();
  return undefined;
}
