/**
 * The reference mock, listening on loopback, with hooks that record what the suite does to it: every
 * request (method and path, to count destructive ones) and every secret it hands out (access and
 * refresh tokens, authorization codes) beside the applications' client secrets. Optionally it breaks
 * one documented value of every token grant (so a run fails on bodies that carry real secrets), or
 * issues only live tokens.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { endpointById, type EndpointId } from '../../../../lib/catalogue.ts';
import { buildMock } from '../../../../mock/app.ts';
import { APPLICATIONS } from '../../../../mock/seed.ts';

const LOOPBACK = '127.0.0.1';
const TOKEN_PATH = endpointById('token').path;
/** Requests that change or destroy state on a real target: never sent without `destructive`, nor with a live token. */
export const DESTRUCTIVE_ENDPOINTS: readonly EndpointId[] = [
  'cancel-agreement',
  'open-dispute',
  'release-report-schedule',
];
/** A token_type the spec does not allow (only `bearer`): breaks the grant where it carries its secrets. */
export const BROKEN_TOKEN_TYPE = 'mac';

export interface RecordedRequest {
  method: string;
  path: string;
}

export interface RecordingTarget {
  url: string;
  requests: RecordedRequest[];
  /** Every secret issued or configured so far. */
  secrets(): string[];
  close(): Promise<void>;
}

function templateRegExp(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`);
}

const DESTRUCTIVE_ROUTES = DESTRUCTIVE_ENDPOINTS.map((id) => {
  const endpoint = endpointById(id);
  return { method: endpoint.method, path: templateRegExp(endpoint.path), feature: endpoint.feature };
});

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

export interface RecordingOptions {
  /** Every 200 grant says `token_type: "mac"`: token specs fail on bodies that carry real tokens. */
  breakTokenGrants?: boolean;
  /** `test_token` is ignored: every token is live (`APP_USR-`, live_mode true), as a production target's. */
  liveTokensOnly?: boolean;
}

function addHooks(
  app: FastifyInstance,
  requests: RecordedRequest[],
  secrets: Set<string>,
  options: RecordingOptions,
) {
  // On the HTTP server itself, before Fastify: the mock's own hooks (auth, faults) end some requests
  // before any hook added here would run, and every request counts.
  app.server.prependListener('request', (request: IncomingMessage) => {
    requests.push({ method: request.method ?? '', path: (request.url ?? '').split('?')[0] ?? '' });
  });
  if (options.liveTokensOnly) {
    app.addHook('preHandler', (request, _reply, done) => {
      const body = request.body as Record<string, unknown> | undefined;
      if (request.url.split('?')[0] === TOKEN_PATH && typeof body === 'object' && body !== null)
        delete body.test_token;
      done();
    });
  }
  app.addHook('onSend', async (request, reply, payload) => {
    const location = reply.getHeader('location');
    if (typeof location === 'string') {
      const code = new URL(location).searchParams.get('code');
      if (code) secrets.add(code);
    }
    const body = parseJsonObject(payload);
    for (const field of ['access_token', 'refresh_token']) {
      if (typeof body?.[field] === 'string') secrets.add(body[field]);
    }
    if (
      options.breakTokenGrants &&
      body &&
      request.url.split('?')[0] === TOKEN_PATH &&
      reply.statusCode === 200
    ) {
      return JSON.stringify({ ...body, token_type: BROKEN_TOKEN_TYPE });
    }
    return payload;
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
