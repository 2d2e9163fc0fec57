/**
 * The reference mock, listening on loopback, with hooks that record what the suite does to it: every
 * request (method and path, to count destructive ones) and every secret that crosses the wire (the
 * applications' client secrets, what the suite sends in secret fields, and every access token, refresh
 * token and authorization code handed out). Options break it in ways the self-tests need:
 * - `breakTokenGrants`: every 200 grant says `token_type: "mac"`, so token specs fail on bodies that
 *   carry real tokens;
 * - `breakStoreName`: a store's `name` comes back as a number, against the store schema;
 * - `liveTokensOnly`: `test_token` is ignored, every token is live, as a production target's;
 * - `unshapedSecrets`: tokens and codes go out as random hex without a platform prefix (and are
 *   mapped back when they come in), so shape-based redaction cannot remove them: only the suite's
 *   remembering of the secrets it saw can.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { endpointById, ENDPOINTS, pathPattern } from '../../../../lib/catalogue.ts';
import { LOOPBACK } from '../../../../lib/loopback.ts';
import { buildMock } from '../../../../mock/app.ts';
import { APPLICATIONS } from '../../../../mock/seed.ts';
import { SECRET_FIELDS, SECRET_RESPONSE_FIELDS } from '../../../support/redact.ts';

const TOKEN_PATH = endpointById('token').path;
const STORE_PATH = pathPattern(endpointById('store').path);
/** A token_type the spec does not allow (only `bearer`): breaks the grant where it carries its secrets. */
export const BROKEN_TOKEN_TYPE = 'mac';
/** The schema-breaking value put in a store's `name`. */
export const BROKEN_STORE_NAME = 12345;
/** Shorter values the suite sends in secret fields are deliberate junk, not secrets worth scanning for. */
const MIN_SECRET_LENGTH = 8;
/** Bytes of an unshaped token or code: 32 hex characters, like the random part of a platform token. */
const UNSHAPED_BYTES = 16;
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
  requests: RecordedRequest[];
  /** Every secret issued, configured or sent so far, as it crossed the wire. */
  secrets(): string[];
  close(): Promise<void>;
}

export interface RecordingOptions {
  breakTokenGrants?: boolean;
  breakStoreName?: boolean;
  liveTokensOnly?: boolean;
  unshapedSecrets?: boolean;
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

/** Issued values and their unshaped stand-ins, both ways; identity when unshaping is off. */
class SecretAliases {
  private readonly outgoing = new Map<string, string>();
  private readonly incoming = new Map<string, string>();

  constructor(private readonly enabled: boolean) {}

  /** The value to send instead of an issued `value`. */
  out(value: string): string {
    if (!this.enabled) return value;
    let alias = this.outgoing.get(value);
    if (!alias) {
      alias = randomBytes(UNSHAPED_BYTES).toString('hex');
      this.outgoing.set(value, alias);
      this.incoming.set(alias, value);
    }
    return alias;
  }

  /** The issued value an incoming `value` stands for (itself when it is no alias). */
  in(value: string): string {
    return this.incoming.get(value) ?? value;
  }
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

function addHooks(
  app: FastifyInstance,
  requests: RecordedRequest[],
  secrets: Set<string>,
  options: RecordingOptions,
) {
  const aliases = new SecretAliases(options.unshapedSecrets ?? false);
  const remember = (value: unknown) => {
    if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
  };
  const rememberFields = (record: Record<string, unknown>, fields: readonly string[]) => {
    for (const field of fields) remember(record[field]);
  };

  // On the HTTP server itself, before Fastify: the mock's own hooks (auth, faults) end some requests
  // before any hook added here would run, and every request counts. The bearer and the query are
  // mapped back from their aliases here, before the mock reads them.
  app.server.prependListener('request', (request: IncomingMessage) => {
    requests.push({ method: request.method ?? '', path: pathOf(request.url) });
    const authorization = request.headers.authorization;
    if (authorization && BEARER.test(authorization)) {
      const bearer = authorization.replace(BEARER, '');
      remember(bearer);
      request.headers.authorization = `Bearer ${aliases.in(bearer)}`;
    }
    const url = new URL(request.url ?? '/', 'http://target');
    rememberFields(Object.fromEntries(url.searchParams), SECRET_FIELDS);
    let mapped = false;
    for (const field of SECRET_FIELDS) {
      const value = url.searchParams.get(field);
      if (value !== null && aliases.in(value) !== value) {
        url.searchParams.set(field, aliases.in(value));
        mapped = true;
      }
    }
    if (mapped) request.url = `${url.pathname}${url.search}`;
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const body = request.body;
    if (typeof body === 'object' && body !== null) {
      const fields = body as Record<string, unknown>;
      rememberFields(fields, SECRET_FIELDS);
      for (const field of SECRET_FIELDS) {
        if (typeof fields[field] === 'string') fields[field] = aliases.in(fields[field]);
      }
      if (options.liveTokensOnly && pathOf(request.url) === TOKEN_PATH) delete fields.test_token;
    }
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const location = reply.getHeader('location');
    if (typeof location === 'string') {
      const redirect = new URL(location);
      const code = redirect.searchParams.get('code');
      if (code) {
        redirect.searchParams.set('code', aliases.out(code));
        remember(redirect.searchParams.get('code'));
        void reply.header('location', redirect.toString());
      }
    }
    const body = parseJsonObject(payload);
    if (!body) return payload;
    let changed = false;
    for (const field of SECRET_RESPONSE_FIELDS) {
      const value = body[field];
      if (typeof value !== 'string') continue;
      body[field] = aliases.out(value);
      remember(body[field]);
      changed ||= body[field] !== value;
    }
    const path = pathOf(request.url);
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
  const app = await buildMock();
  const requests: RecordedRequest[] = [];
  const secrets = new Set<string>(APPLICATIONS.map((a) => a.clientSecret));
  addHooks(app, requests, secrets, options);
  await app.listen({ port: 0, host: LOOPBACK });
  const url = `http://${LOOPBACK}:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    secrets: () => [...secrets],
    close: () => app.close(),
  };
}
