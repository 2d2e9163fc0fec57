/**
 * The mock under generated bad input (tests/self/reliability/fuzz/): every answer a documented 4xx in the
 * platform's error shape (a 5xx only when injected), the process up and serving afterwards, and the
 * heap back to its warmed-up baseline. Runs in a child Node process with --expose-gc so the heap is
 * measured after real full collections.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { endpointById, ENDPOINTS } from '../../../lib/catalogue.ts';
import { documentedErrorBody, errorNameForStatus } from '../../../lib/error-body.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { documentedError } from '../../../lib/requirements/index.ts';
import { INJECTED_HEADER } from '../../../mock/faults.ts';
import { CONTROL_PATHS } from '../../../mock/routes/control.ts';
import { fuzzCases } from './fuzz/cases.ts';
import { DEFAULT_FUZZ_SEED, problemWith, type FuzzReport } from './fuzz/run.ts';

const RUNNER = path.join(import.meta.dirname, 'fuzz', 'run.ts');
/** Each of the two passes sends more than this many; the issue asks for at least 5,000 in all. */
const MIN_REQUESTS = 5_000;
/**
 * Heap growth allowed between the warmed-up baseline and the end of a second, differently seeded pass.
 * Measured growth is ~0.3 MiB; the pass sends ~6 MiB of distinct unknown client ids, so state kept per
 * bad request would show as several MiB.
 */
const MAX_HEAP_GROWTH_BYTES = 2 * 1024 * 1024;
const FUZZ_TIMEOUT_MS = 120_000;
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function runFuzzChild(seed: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', RUNNER, String(seed)], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function summary(report: FuzzReport): string {
  const lines = [
    `fuzz seed ${report.seed}: ${report.total} bad requests (${report.injected} injected faults), ${report.skipped.validBodies} generated bodies skipped as valid`,
    `  per status: ${Object.entries(report.perStatus)
      .map(([s, n]) => `${s}=${n}`)
      .join(' ')}`,
    `  per route: ${Object.entries(report.perRoute)
      .map(([r, n]) => `${r}=${n}`)
      .join(', ')}`,
    `  heap after gc: baseline ${(report.heap.baselineBytes / 2 ** 20).toFixed(1)} MiB, after ${(report.heap.afterBytes / 2 ** 20).toFixed(1)} MiB`,
  ];
  return lines.join('\n');
}

test('thousands of generated bad requests get documented 4xx error bodies, no crash and no leak', async () => {
  test.setTimeout(FUZZ_TIMEOUT_MS);
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
  const { code, stdout, stderr } = await runFuzzChild(seed);
  expect(code, `the fuzz process exited with ${code}: it crashed or threw.\n${stderr.slice(-2000)}`).toBe(0);
  const report = JSON.parse(stdout.trim().split('\n').pop() ?? '') as FuzzReport;
  console.log(summary(report));

  expect(report.total).toBeGreaterThanOrEqual(MIN_REQUESTS);
  expect(
    report.violations,
    `${report.violationCount} answers were not a documented 4xx in the error shape (reproduce: FUZZ_SEED=${seed})`,
  ).toEqual([]);
  expect(report.healthyAfterwards, 'a well-formed request after the fuzz is served').toBe(200);
  expect(report.heap.afterBytes - report.heap.baselineBytes).toBeLessThan(MAX_HEAP_GROWTH_BYTES);
});

test('the fuzz reaches every route: each catalogue endpoint, /authorization and every control route', () => {
  const reached = new Set<string>();
  const credentials = { testToken: 'TEST-token', liveToken: 'APP_USR-token' };
  for (const fuzzCase of fuzzCases(DEFAULT_FUZZ_SEED, credentials, { validBodies: 0 }))
    reached.add(fuzzCase.route);
  const expected = [
    ...ENDPOINTS.map((e) => e.feature),
    'GET /authorization',
    ...Object.values(CONTROL_PATHS).map((p) => `POST ${p}`),
  ];
  expect(expected.filter((route) => !reached.has(route))).toEqual([]);
});

test('the fuzz judge flags what it must: a 2xx, an uninjected 5xx, an undocumented injection, a body out of shape', () => {
  const plan = endpointById('subscription-plan').feature;
  const store = endpointById('store').feature;
  const errorBody = (status: number) =>
    JSON.stringify({ message: 'm', error: errorNameForStatus(status), status, cause: [] });
  const injected = { ...JSON_HEADERS, [INJECTED_HEADER]: 'true' };
  const storeRow = documentedError('store.error.400-invalid-store-id');

  // What passes: a documented 4xx, and an injected error the route documents.
  expect(problemWith(plan, 404, JSON_HEADERS, errorBody(404))).toBeUndefined();
  expect(problemWith(plan, 500, injected, errorBody(500))).toBeUndefined();
  expect(
    problemWith(store, 400, JSON_HEADERS, JSON.stringify(documentedErrorBody(storeRow, 'm'))),
  ).toBeUndefined();

  expect(problemWith(plan, 200, JSON_HEADERS, errorBody(200))).toContain('not a documented bad-input 4xx');
  expect(problemWith(plan, 500, JSON_HEADERS, errorBody(500))).toContain('not a documented bad-input 4xx');
  expect(problemWith(store, 500, injected, errorBody(500))).toContain('not one the Errors table documents');
  expect(problemWith(plan, 404, { 'content-type': 'text/html' }, '<html>')).toContain('not JSON');
  expect(problemWith(plan, 404, JSON_HEADERS, '{"message":"m"}')).toContain('not in the error shape');
  expect(problemWith(plan, 404, JSON_HEADERS, errorBody(400).replace('400', '404'))).toContain(
    'neither the name',
  );
  expect(problemWith(plan, 404, JSON_HEADERS, errorBody(400))).toContain('differs from HTTP 404');
});
