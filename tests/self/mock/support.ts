/**
 * Helpers for the mock's self-tests: build the app, get tokens, and send requests through `inject()`
 * while checking that EVERY answer is valid under schemas/ (the error schema for any 4xx/5xx).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SchemaName } from '../../../lib/catalogue.ts';
import { buildMock, type MockOptions } from '../../../mock/app.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { expect } from '../../../schemas/matchers.ts';
import { formatViolations, validate } from '../../../schemas/registry.ts';

export { expect };

export type Mock = FastifyInstance;

export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const app = await buildMock(options);
  await app.ready();
  return app;
}

/**
 * Injects a request and checks the answer's shape: an error body matching schema `error` whose
 * `status` is the HTTP status for 4xx/5xx; `successSchema` for a 2xx with a body; nothing else for
 * body-less answers. Never a 5xx unless the request asked for one with Prefer. The mock replicates the
 * platform, so its bodies are held to both layers of the schema (expectFaithful).
 */
/**
 * A body the faithful mock may answer: it keeps the spec's rules and the platform's facts alike (the spec
 * alone leaves, e.g., the error body's shape open), with no allowance, which strict never grants.
 */
export function expectFaithful(body: unknown, schema: SchemaName): void {
  const outcome = validate(schema, body, 'strict');
  expect(outcome.valid, formatViolations(schema, outcome.violations)).toBe(true);
  expect(outcome.advice, formatViolations(schema, outcome.advice)).toEqual([]);
}

export async function send(
  app: Mock,
  request: InjectOptions,
  successSchema?: SchemaName,
): Promise<LightMyRequestResponse> {
  const response = await app.inject(request);
  if (response.statusCode >= 400) {
    const body = response.json<{ status: number }>();
    expectFaithful(body, 'error');
    expect(body.status).toBe(response.statusCode);
    if (response.statusCode >= 500) expect(response.headers['x-mock-injected']).toBe('true');
  } else if (successSchema) {
    expectFaithful(response.json<object>(), successSchema);
  }
  return response;
}

/** The `error` field and every `cause[].code` of an error body: where a documented code may appear. */
export function errorCodes(response: LightMyRequestResponse): string[] {
  const body = response.json<{ error: string; cause: { code: string | number }[] }>();
  return [body.error, ...body.cause.map((c) => String(c.code))];
}

export const SEEDED_CLIENT = { client_id: SEEDED_IDS.clientId, client_secret: SEEDED_IDS.clientSecret };

export async function issueToken(
  app: Mock,
  extra: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await send(
    app,
    {
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', ...SEEDED_CLIENT, ...extra },
    },
    'access-token-grant',
  );
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Headers carrying a fresh live bearer token of the seeded application. */
export async function authHeaders(app: Mock): Promise<Record<string, string>> {
  const grant = await issueToken(app);
  return { authorization: `Bearer ${String(grant.access_token)}` };
}

/** A fresh authorization code from GET /authorization for the seeded application. */
export async function authorizationCode(
  app: Mock,
  clientId = SEEDED_IDS.clientId,
  redirectUri = SEEDED_IDS.redirectUri,
) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state: 's1',
  });
  const response = await send(app, { method: 'GET', url: `/authorization?${query.toString()}` });
  expect(response.statusCode).toBe(302);
  const code = new URL(String(response.headers.location)).searchParams.get('code');
  expect(code).toMatch(/^TG-[0-9a-f]{24}-\d+$/);
  return code as string;
}

export async function advanceClock(app: Mock, seconds: number): Promise<void> {
  const response = await send(app, {
    method: 'POST',
    url: '/__control/clock',
    payload: { advance_seconds: seconds },
  });
  expect(response.statusCode).toBe(200);
}
