import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { DOCUMENTED_ERRORS, ENDPOINTS } from '../../../lib/catalogue.ts';
import { validate } from '../../../schemas/registry.ts';
import { startServer } from '../../../scripts/bench/servers.ts';
import { assembleOpenApi, OPENAPI_PATH, openApiText } from '../../../scripts/openapi/assemble.ts';
import { errorExampleKey } from '../../../scripts/openapi/error-examples.ts';

const REDOCLY_CLI = 'node_modules/@redocly/cli/bin/cli.js';

type Node = Record<string, unknown>;
interface Example {
  value: { error?: string; cause?: { code?: unknown }[] };
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

function operationOf(path: string, method: string): Node {
  return at(document, `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}`) as Node;
}

test('the checked-in document is what the catalogue and schemas/ produce (run `npm run openapi`)', () => {
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
    for (const status of endpoint.successStatuses) expect(operation.responses, endpoint.feature).toHaveProperty(String(status));
  }
  const operations = Object.values(document.paths as Node).flatMap((item) => Object.keys(item as Node));
  expect(operations).toHaveLength(ENDPOINTS.length);
});

test('every documented error has a named example under its status, valid against the error schema', () => {
  for (const error of DOCUMENTED_ERRORS) {
    const endpoint = ENDPOINTS.find((e) => e.id === error.endpoint)!;
    const media = at(operationOf(endpoint.path, endpoint.method), `responses/${error.status}/content/application~1json`) as {
      examples: Record<string, Example>;
    };
    const example = media.examples[errorExampleKey(error)];
    expect(example, error.key).toBeDefined();
    expect(validate('error', example!.value).violations, error.key).toEqual([]);
    const codes = [example!.value.error, ...(example!.value.cause ?? []).map((c) => c.code)];
    expect(codes, error.key).toEqual(expect.arrayContaining(error.code ? [error.code] : []));
  }
});

test('every $ref points at a node inside the document', () => {
  const refs = refsIn(document);
  expect(refs.length).toBeGreaterThan(0);
  const dangling = refs.filter((ref) => !ref.startsWith('#/') || at(document, ref) === undefined);
  expect(dangling).toEqual([]);
});

test('lenient allowances and $id/$schema are not part of the document', () => {
  const text = JSON.stringify(assembleOpenApi().components);
  expect(text).not.toContain('"x-allowance"');
  expect(text).not.toContain('"$id"');
  expect(text).not.toContain('"$schema"');
});

test('redocly lint reports no errors', async () => {
  const lint = promisify(execFile)(process.execPath, [REDOCLY_CLI, 'lint', OPENAPI_PATH, '--format', 'json']);
  const { stdout } = await lint.catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
  const problems = (JSON.parse(stdout) as { problems: { severity: string; ruleId: string; message: string }[] })
    .problems;
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
});

test('Prism mocks the document: a token example, an injected documented error, a bearer read', async () => {
  const prism = await startServer('prism');
  try {
    const token = await fetch(`${prism.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: '1', client_secret: 's' }),
    });
    expect(token.status).toBe(200);
    expect(validate('access-token-grant', await token.json()).violations).toEqual([]);

    const forbidden = await fetch(`${prism.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'code=400, example=forbidden' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: '1', client_secret: 's' }),
    });
    expect(forbidden.status).toBe(400);
    expect(await forbidden.json()).toMatchObject({ error: 'forbidden', status: 400 });

    const store = await fetch(`${prism.baseUrl}/stores/1`, { headers: { authorization: 'Bearer bench' } });
    expect(store.status).toBe(200);
    expect(validate('store', await store.json()).violations).toEqual([]);
  } finally {
    await prism.stop();
  }
});
