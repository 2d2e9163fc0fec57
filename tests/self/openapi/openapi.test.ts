/**
 * openapi/payments-platform.json: in sync with what produces it, complete (every endpoint, every
 * documented error as a named example, every requirement of an endpoint's section cited by its
 * operation), read from the sources rather than written again (error bodies from lib/error-body.ts, the
 * Prefer examples parse with lib/prefer.ts, the schemas' x-platform parts kept as extensions), every
 * `$ref` resolving, `redocly lint` without errors, and Prism serving it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { ENDPOINTS, SCHEMA_NAMES, endpointById } from '../../../lib/catalogue.ts';
import { documentedCodesOf, documentedErrorBody, exampleKeyOf } from '../../../lib/error-body.ts';
import { parsePrefer, PREFER_HEADER, preferHeader } from '../../../lib/prefer.ts';
import {
  DOCUMENTED_ERRORS,
  documentedError,
  REQUIREMENTS,
  type DocumentedError,
} from '../../../lib/requirements/index.ts';
import { PLATFORM_KEYWORD } from '../../../schemas/layers.ts';
import { schemaDocument, validate } from '../../../schemas/registry.ts';
import { startServer } from '../../../scripts/bench/servers.ts';
import { assembleOpenApi, OPENAPI_PATH, openApiText } from '../../../scripts/openapi/assemble.ts';

const REDOCLY_CLI = 'node_modules/@redocly/cli/bin/cli.js';

type Node = Record<string, unknown>;
interface Example {
  summary?: string;
  value: unknown;
}

const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Node;

function at(root: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Node | undefined)?.[key], root);
}

function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsIn(value),
  );
}

/** How many objects carry `keyword`, anywhere below `node`. */
function countKeyword(node: unknown, keyword: string): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + countKeyword(item, keyword), 0);
  if (typeof node !== 'object' || node === null) return 0;
  return Object.entries(node).reduce(
    (n, [key, value]) => n + (key === keyword ? 1 : 0) + countKeyword(value, keyword),
    0,
  );
}

/** The machine code a documented row's body must carry, if the row gives one. */
const machineCodes = (row: DocumentedError): string[] => (row.code ? [row.code] : []);

/** The documented rows a Prefer header selects: by status, and by example key when it names one. */
function rowsSelectedBy(header: string): DocumentedError[] {
  const wanted = parsePrefer(header);
  const rows = DOCUMENTED_ERRORS.filter((row) => row.status === wanted?.status);
  return wanted?.example ? rows.filter((row) => exampleKeyOf(row) === wanted.example) : rows;
}

function operationOf(path: string, method: string): Node {
  return at(
    document,
    `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}`,
  ) as Node;
}

test('the checked-in document is what the catalogue, the requirements and schemas/ produce (run `npm run openapi`)', () => {
  expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(openApiText());
});

test('the document is OpenAPI 3.1 and describes every endpoint once, with its tag and security', () => {
  expect(document.openapi).toBe('3.1.0');
  for (const endpoint of ENDPOINTS) {
    const operation = operationOf(endpoint.path, endpoint.method);
    expect(operation, endpoint.feature).toBeDefined();
    expect(operation.operationId).toBe(endpoint.id);
    expect(operation.tags).toEqual([endpoint.area]);
    // The token endpoint opts out of the document-wide bearer requirement; the others inherit it.
    expect(operation.security, endpoint.feature).toEqual(endpoint.auth === 'client' ? [] : undefined);
    for (const status of endpoint.successStatuses)
      expect(operation.responses, endpoint.feature).toHaveProperty(String(status));
  }
  const operations = Object.values(document.paths as Node).flatMap((item) => Object.keys(item as Node));
  expect(operations).toHaveLength(ENDPOINTS.length);
});

test('each operation is titled like its spec section and cites every requirement stated there', () => {
  for (const endpoint of ENDPOINTS) {
    const operation = operationOf(endpoint.path, endpoint.method);
    const section = `Endpoints › ${endpoint.section}. ${String(operation.summary)}`;
    const stated = REQUIREMENTS.filter(
      (r) =>
        (r.section === section || r.section.startsWith(`${section} › `)) && r.endpoints.includes(endpoint.id),
    );
    expect(stated.length, `${endpoint.feature}: "${section}" is a section of the catalogue`).toBeGreaterThan(
      0,
    );
    for (const requirement of stated) {
      expect(String(operation.description), endpoint.feature).toContain(
        `\`${requirement.id}\`: ${requirement.quote}`,
      );
    }
  }
});

test('every path parameter is declared with the type a requirement states', () => {
  for (const endpoint of ENDPOINTS) {
    const parameters = (operationOf(endpoint.path, endpoint.method).parameters as Node[]).filter(
      (p) => p.in === 'path',
    );
    const names = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    expect(parameters.map((p) => p.name).sort(), endpoint.feature).toEqual(names.sort());
    for (const parameter of parameters) {
      const cited = /`([^`]+)`/.exec(String(parameter.description))?.[1] ?? '';
      const requirement = REQUIREMENTS.find((r) => r.id === cited);
      expect(requirement?.quote, `${endpoint.feature} ${String(parameter.name)}`).toContain(
        `${String(parameter.name)} (${String((parameter.schema as Node).type)}, required`,
      );
    }
  }
});

test('every documented error is a named example under its status: the body lib/error-body.ts defines, carrying its code', () => {
  for (const row of DOCUMENTED_ERRORS) {
    const endpoint = endpointById(row.endpoint);
    const media = at(
      operationOf(endpoint.path, endpoint.method),
      `responses/${row.status}/content/application~1json`,
    ) as { examples: Record<string, Example> };
    const example = media.examples[exampleKeyOf(row)];
    expect(example, row.id).toBeDefined();
    expect(example!.summary, row.id).toContain(row.id);
    expect(example!.value, row.id).toEqual(documentedErrorBody(row, row.condition || row.name));
    expect(validate('error', example!.value, 'platform').violations, row.id).toEqual([]);
    expect(documentedCodesOf(example!.value), row.id).toEqual(expect.arrayContaining(machineCodes(row)));
  }
});

test('the Prefer examples parse with lib/prefer.ts and each selects a documented error', () => {
  const examples = at(document, '#/components/parameters/Prefer/schema/examples') as string[];
  expect(examples.length).toBeGreaterThan(1);
  for (const example of examples) expect(rowsSelectedBy(example).length, example).toBeGreaterThan(0);
});

test('the schemas are the spec layer: x-platform parts stay as extensions, allowances and $id/$schema go', () => {
  const components = assembleOpenApi().components as Node;
  const inSchemas = SCHEMA_NAMES.reduce(
    (n, name) => n + countKeyword(schemaDocument(name), PLATFORM_KEYWORD),
    0,
  );
  expect(inSchemas, 'the schemas carry platform facts').toBeGreaterThan(0);
  expect(countKeyword(components.schemas, PLATFORM_KEYWORD)).toBe(inSchemas);
  const text = JSON.stringify(components);
  expect(text).not.toContain('"x-allowance"');
  expect(text).not.toContain('"$id"');
  expect(text).not.toContain('"$schema"');
});

test('every $ref points at a node inside the document', () => {
  const refs = refsIn(document);
  expect(refs.length).toBeGreaterThan(0);
  const dangling = refs.filter((ref) => !ref.startsWith('#/') || at(document, ref) === undefined);
  expect(dangling).toEqual([]);
});

test('redocly lint reports no errors', async () => {
  const lint = promisify(execFile)(process.execPath, [REDOCLY_CLI, 'lint', OPENAPI_PATH, '--format', 'json']);
  const { stdout } = await lint.catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
  const problems = (
    JSON.parse(stdout) as { problems: { severity: string; ruleId: string; message: string }[] }
  ).problems;
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
});

test('Prism mocks the document: a token example, an injected documented error, a bearer read', async () => {
  const forbidden = documentedError('token.error.400-forbidden');
  const prism = await startServer('prism');
  try {
    const tokenRequest = { grant_type: 'client_credentials', client_id: '1', client_secret: 's' };
    const token = await fetch(`${prism.baseUrl}${endpointById('token').path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tokenRequest),
    });
    expect(token.status).toBe(200);
    expect(validate('access-token-grant', await token.json(), 'platform').violations).toEqual([]);

    const injected = await fetch(`${prism.baseUrl}${endpointById('token').path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PREFER_HEADER]: preferHeader({ status: forbidden.status, example: exampleKeyOf(forbidden) }),
      },
      body: JSON.stringify(tokenRequest),
    });
    expect(injected.status).toBe(forbidden.status);
    expect(documentedCodesOf(await injected.json())).toContain(forbidden.code);

    const store = await fetch(`${prism.baseUrl}${endpointById('store').path.replace('{id}', '1')}`, {
      headers: { authorization: 'Bearer prism' },
    });
    expect(store.status).toBe(200);
    expect(validate('store', await store.json(), 'platform').violations).toEqual([]);
  } finally {
    await prism.stop();
  }
});
