/**
 * The fuzz run, in its own Node process started with --expose-gc (tests/self/reliability/fuzz.test.ts
 * starts it), so the heap can be measured after a real full collection:
 *
 *   node --expose-gc --import tsx tests/self/reliability/fuzz/run.ts [seed]
 *
 * Two passes of generated bad requests (seeds S and S+1) through inject(); the heap is measured after
 * the first (the warm-up: JIT, compiled schemas, route caches) and after the second. Prints one JSON
 * report on its last stdout line; judging it is the test's job.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../lib/catalogue.ts';
import { STATUS_ERROR_NAMES } from '../../../../lib/error-body.ts';
import { DOCUMENTED_ERRORS } from '../../../../lib/requirements/index.ts';
import { buildMock } from '../../../../mock/app.ts';
import { INJECTED_HEADER } from '../../../../mock/faults.ts';
import { SEEDED_IDS } from '../../../../mock/seed.ts';
import { validate } from '../../../../schemas/registry.ts';
import { fuzzCases, type FuzzCase, type FuzzCredentials, type Skipped } from './cases.ts';

export const DEFAULT_FUZZ_SEED = 20261122;
/**
 * The 4xx a bad request may get: the statuses of the spec's Errors table and those lib/error-body.ts names
 * for bad input the table does not cover (413, 415 and the like). Anything else is a finding.
 */
export const DOCUMENTED_BAD_INPUT_STATUSES: readonly number[] = [
  ...new Set([...DOCUMENTED_ERRORS.map((row) => row.status), ...Object.keys(STATUS_ERROR_NAMES).map(Number)]),
]
  .filter((status) => status >= 400 && status < 500)
  .sort((a, b) => a - b);
const MAX_REPORTED_VIOLATIONS = 40;
const URL_EXCERPT = 120;

export interface Violation {
  route: string;
  family: string;
  method: string;
  url: string;
  status: number;
  problem: string;
}

export interface FuzzReport {
  seed: number;
  total: number;
  perStatus: Record<string, number>;
  perFamily: Record<string, number>;
  perRoute: Record<string, number>;
  injected: number;
  skipped: Skipped;
  violationCount: number;
  violations: Violation[];
  heap: { baselineBytes: number; afterBytes: number };
  /** Status of a well-formed token request sent after all the bad ones: the app still serves. */
  healthyAfterwards: number;
}

function tally(record: Record<string, number>, key: string): void {
  record[key] = (record[key] ?? 0) + 1;
}

/** The statuses the Errors table documents for the endpoint of `route` (none for other routes). */
function documentedStatusesOf(route: string): number[] {
  const endpoint = ENDPOINTS.find((e) => e.feature === route);
  return DOCUMENTED_ERRORS.filter((row) => row.endpoint === endpoint?.id).map((row) => row.status);
}

/** What an error body may carry in `error`: the status's name (lib/error-body.ts) or a documented code. */
function allowedErrorNames(status: number): string[] {
  const codes = DOCUMENTED_ERRORS.filter((row) => row.status === status).flatMap((row) =>
    row.code ? [row.code] : [],
  );
  return [STATUS_ERROR_NAMES[status] ?? '', ...codes];
}

/**
 * What is wrong with one answer to a bad request to `route`, or undefined when it is a documented 4xx
 * (or an error the route documents, injected on request) in the platform's error shape.
 */
export function problemWith(
  route: string,
  status: number,
  headers: Record<string, unknown>,
  body: string,
): string | undefined {
  const injected = headers[INJECTED_HEADER] === 'true';
  if (injected && !documentedStatusesOf(route).includes(status)) {
    return `injected status ${status} is not one the Errors table documents for ${route}`;
  }
  if (!injected && !DOCUMENTED_BAD_INPUT_STATUSES.includes(status)) {
    return `status ${status} is not a documented bad-input 4xx`;
  }
  const contentType = headers['content-type'];
  if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) {
    return `content type ${JSON.stringify(contentType)} is not JSON`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `body is not JSON: ${body.slice(0, 80)}`;
  }
  // The spec leaves the error body "not shown": its shape is the platform's, checked as `platform` does.
  const outcome = validate('error', parsed, 'platform');
  if (!outcome.valid)
    return `body is not in the error shape: ${outcome.violations.map((v) => `${v.pointer} ${v.message}`).join('; ')}`;
  const { status: bodyStatus, error } = parsed as { status: number; error: string };
  if (bodyStatus !== status) return `body status ${bodyStatus} differs from HTTP ${status}`;
  if (!allowedErrorNames(status).includes(error)) {
    return `error ${JSON.stringify(error)} is neither the name of ${status} nor a documented code`;
  }
  return undefined;
}

async function mintToken(app: FastifyInstance, test: boolean): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      client_id: SEEDED_IDS.clientId,
      client_secret: SEEDED_IDS.clientSecret,
      grant_type: 'client_credentials',
      ...(test ? { test_token: 'true' } : {}),
    },
  });
  const token = response.json<{ access_token?: string }>().access_token;
  if (response.statusCode !== 200 || !token)
    throw new Error(`could not mint a token: HTTP ${response.statusCode}`);
  return token;
}

function collectGarbage(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc)
    throw new Error('run with node --expose-gc: the heap cannot be measured without a full collection');
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

async function runPass(
  app: FastifyInstance,
  seed: number,
  credentials: FuzzCredentials,
  report: FuzzReport,
): Promise<void> {
  const cases: Iterable<FuzzCase> = fuzzCases(seed, credentials, report.skipped);
  for (const fuzzCase of cases) {
    const { request } = fuzzCase;
    const response = await app.inject(request);
    report.total++;
    tally(report.perStatus, String(response.statusCode));
    tally(report.perFamily, fuzzCase.family);
    tally(report.perRoute, fuzzCase.route);
    if (response.headers[INJECTED_HEADER] === 'true') report.injected++;
    const problem = problemWith(fuzzCase.route, response.statusCode, response.headers, response.body);
    if (problem) {
      report.violationCount++;
      if (report.violations.length < MAX_REPORTED_VIOLATIONS) {
        report.violations.push({
          route: fuzzCase.route,
          family: fuzzCase.family,
          method: request.method,
          url: request.url.slice(0, URL_EXCERPT),
          status: response.statusCode,
          problem: problem.slice(0, 300),
        });
      }
    }
  }
}

export async function runFuzz(seed: number): Promise<FuzzReport> {
  const app = await buildMock();
  await app.ready();
  const credentials = { testToken: await mintToken(app, true), liveToken: await mintToken(app, false) };
  const report: FuzzReport = {
    seed,
    total: 0,
    perStatus: {},
    perFamily: {},
    perRoute: {},
    injected: 0,
    skipped: { validBodies: 0 },
    violationCount: 0,
    violations: [],
    heap: { baselineBytes: 0, afterBytes: 0 },
    healthyAfterwards: 0,
  };
  await runPass(app, seed, credentials, report);
  report.heap.baselineBytes = collectGarbage();
  await runPass(app, seed + 1, credentials, report);
  report.heap.afterBytes = collectGarbage();
  const healthy = await app.inject({
    method: 'GET',
    url: '/v1/account/settlement_report/config',
    headers: { authorization: `Bearer ${await mintToken(app, true)}` },
  });
  report.healthyAfterwards = healthy.statusCode;
  await app.close();
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seed = Number(process.argv[2] ?? DEFAULT_FUZZ_SEED);
  const report = await runFuzz(seed);
  console.log(JSON.stringify(report));
}
