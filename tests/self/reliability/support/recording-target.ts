/**
 * The reference mock (or one of its variations), listening on loopback inside the test process, with
 * hooks that record what the suite does to it: every request (method and path, to count destructive
 * ones), every secret it issued (access and refresh tokens, authorization codes) and every value the
 * suite sent in a secret field. Options break it in ways the self-tests need:
 * - `breakTokenGrants`: every 200 grant says `token_type: "mac"`, so token tests fail on bodies that
 *   carry real tokens;
 * - `breakStoreName`: a store's `name` comes back as a number, against the store schema;
 * - `liveTokensOnly`: `test_token` is ignored, every token is live, as a production target's.
 * A variation with opaque tokens (`other-id-formats`) issues secrets of no platform shape, so only the
 * suite's remembering of what it saw can keep them out of its output.
 *
 * In process rather than through mock/process.ts: the hooks must see every request and answer.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { endpointById, ENDPOINTS, pathPattern } from '../../../../lib/catalogue.ts';
import { LOOPBACK } from '../../../../lib/loopback.ts';
import { VARIABLE_DOCS, VARIABLES } from '../../../../lib/target.ts';
import { buildMock } from '../../../../mock/app.ts';
import { seededEnv } from '../../../../mock/seeded-env.ts';
import { applyVariation } from '../../../../mock/variations/apply.ts';
import { variationOf, type VariationChoice } from '../../../../mock/variations/catalogue.ts';
import { SECRET_FIELDS, SECRET_RESPONSE_FIELDS } from '../../../../run/redact.ts';

const TOKEN_PATH = endpointById('token').path;
const STORE_PATH = pathPattern(endpointById('store').path);
/** A token_type the spec does not allow (only `bearer`): breaks the grant where it carries its secrets. */
export const BROKEN_TOKEN_TYPE = 'mac';
/** The schema-breaking value put in a store's `name`. */
export const BROKEN_STORE_NAME = 12345;
/** Where an authorization code arrives: the query of the redirect's Location. */
const CODE_PARAMETER = 'code';
const BEARER = /^Bearer\s+/i;

/** Requests that change or destroy state on a real target: never sent without `destructive`, nor with a live token. */
const DESTRUCTIVE_ROUTES = ENDPOINTS.filter((endpoint) => endpoint.destructive).map((endpoint) => ({
  method: endpoint.method,
  path: pathPattern(endpoint.path),
  feature: endpoint.feature,
}));

export interface RecordedRequest {
  method: string;
  path: string;
}

export interface RecordingTarget {
  url: string;
  /** The PAYMENTS_* variables of a run against it: its seeded values, every ability and its base URL. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Every access token, refresh token and authorization code it issued. */
  issued(): string[];
  /** Its configured secrets (the variables documented as secret) and every token and code it issued. */
  secrets(): string[];
  /** Values the suite sent in secret fields that the target never issued nor holds: made up to be refused. */
  madeUp(): string[];
  close(): Promise<void>;
}

export interface RecordingOptions {
  variation?: VariationChoice;
  breakTokenGrants?: boolean;
  breakStoreName?: boolean;
  liveTokensOnly?: boolean;
}

/** The feature (`METHOD path`) of a destructive endpoint the request hits, if any. */
export function destructiveFeature(request: RecordedRequest): string | undefined {
  return DESTRUCTIVE_ROUTES.find((r) => r.method === request.method && r.path.test(request.path))?.feature;
}

function parseJsonObject(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

interface Seen {
  issued: Set<string>;
  sent: Set<string>;
}

function addHooks(app: FastifyInstance, requests: RecordedRequest[], seen: Seen, options: RecordingOptions) {
  const add = (into: Set<string>, value: unknown) => {
    if (typeof value === 'string' && value !== '') into.add(value);
  };
  const addFields = (into: Set<string>, record: Record<string, unknown>, fields: readonly string[]) => {
    for (const field of fields) add(into, record[field]);
  };

  // On the HTTP server itself, before Fastify: the mock's own hooks (auth, faults) end some requests
  // before any hook added here would run, and every request counts.
  app.server.prependListener('request', (request: IncomingMessage) => {
    requests.push({ method: request.method ?? '', path: pathOf(request.url) });
    const authorization = request.headers.authorization;
    if (authorization && BEARER.test(authorization)) add(seen.sent, authorization.replace(BEARER, ''));
    const query = new URL(request.url ?? '/', 'http://target').searchParams;
    addFields(seen.sent, Object.fromEntries(query), SECRET_FIELDS);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const body = request.body;
    if (typeof body === 'object' && body !== null) {
      const fields = body as Record<string, unknown>;
      addFields(seen.sent, fields, SECRET_FIELDS);
      if (options.liveTokensOnly && pathOf(request.url) === TOKEN_PATH) delete fields.test_token;
    }
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const location = reply.getHeader('location');
    if (typeof location === 'string') {
      add(seen.issued, new URL(location, 'http://target').searchParams.get(CODE_PARAMETER));
    }
    const body = parseJsonObject(payload);
    if (!body) return payload;
    addFields(seen.issued, body, SECRET_RESPONSE_FIELDS);
    const path = pathOf(request.url);
    let changed = false;
    if (options.breakTokenGrants && path === TOKEN_PATH && reply.statusCode === 200) {
      body.token_type = BROKEN_TOKEN_TYPE;
      changed = true;
    }
    if (
      options.breakStoreName &&
      request.method === 'GET' &&
      STORE_PATH.test(path) &&
      reply.statusCode === 200
    ) {
      body.name = BROKEN_STORE_NAME;
      changed = true;
    }
    return changed ? JSON.stringify(body) : payload;
  });
}

export async function startRecordingTarget(options: RecordingOptions = {}): Promise<RecordingTarget> {
  const app = await buildMock(options.variation ? { variation: options.variation } : {});
  const requests: RecordedRequest[] = [];
  const seen: Seen = { issued: new Set(), sent: new Set() };
  addHooks(app, requests, seen, options);
  await app.listen({ port: 0, host: LOOPBACK });
  const url = `http://${LOOPBACK}:${(app.server.address() as AddressInfo).port}`;
  const served = applyVariation(variationOf(options.variation));
  const env = { ...seededEnv({ served }), [VARIABLES.baseUrl]: url };
  const docs: Partial<Record<string, { secret?: true }>> = VARIABLE_DOCS;
  const configured = Object.entries(env)
    .filter(([name]) => docs[name]?.secret)
    .map(([, value]) => value);
  const secrets = () => [...new Set([...configured, ...seen.issued])];
  return {
    url,
    env,
    requests,
    issued: () => [...seen.issued],
    secrets,
    madeUp: () => [...seen.sent].filter((value) => !secrets().includes(value)),
    close: () => app.close(),
  };
}
