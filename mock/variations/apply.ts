/**
 * The one dispatcher of a variation's effects (./effects.ts): the rules and seeded ids the app is built
 * with, the two request-side switches the app's hooks ask about (Prefer, bearer authentication), and the
 * hooks that refuse requests and rewrite responses of the variation's endpoints.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointId } from '../../lib/catalogue.ts';
import type { TargetIds } from '../../lib/target.ts';
import { badRequest, cause, tokenError } from '../errors.ts';
import { FAITHFUL_RULES, type MockRules } from '../rules.ts';
import { SEEDED_IDS } from '../seed.ts';
import type { Variation } from './catalogue.ts';
import type { Effect, MutableResponse } from './effects.ts';

/** How much of bearer authentication an endpoint enforces. */
export type BearerEnforcement = 'full' | 'any-scheme' | 'presence' | 'none';

export interface AppliedVariation {
  variation?: Variation;
  rules: Readonly<MockRules>;
  seededIds: Readonly<TargetIds>;
  ignoresPrefer(endpoint: EndpointId): boolean;
  bearerEnforcement(endpoint: EndpointId): BearerEnforcement;
  /** Adds the refusal and rewrite hooks of the variation (none for the faithful mock). */
  register(app: FastifyInstance): void;
}

type EffectOf<K extends Effect['kind']> = Extract<Effect, { kind: K }>;

function effectsOf<K extends Effect['kind']>(variation: Variation | undefined, kind: K): EffectOf<K>[] {
  return (variation?.effects ?? []).filter((e): e is EffectOf<K> => e.kind === kind);
}

/** The endpoint a request was routed to: its own route, or the 405 answer on its path. */
export function endpointOf(request: FastifyRequest): EndpointId | undefined {
  const config = request.routeOptions.config;
  return config.endpointId ?? config.pathOfEndpoint;
}

function parseJson(text: string): { ok: true; body: unknown } | { ok: false } {
  if (text === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function registerRefusals(app: FastifyInstance, refusals: EffectOf<'refuse-request'>[]): void {
  if (refusals.length === 0) return;
  app.addHook('preHandler', (request, _reply, done) => {
    const endpoint = endpointOf(request);
    const message = refusals
      .filter((r) => r.endpoint === endpoint)
      .map((r) => r.refuse(request.body))
      .find((m) => m !== undefined);
    // The token endpoint refuses in its own terms: the Errors table's invalid_request.
    const refusal =
      message === undefined
        ? undefined
        : endpoint === 'token'
          ? tokenError('invalid_request', message)
          : badRequest(message, [cause('invalid_field', message)]);
    done(refusal);
  });
}

function registerRewrites(app: FastifyInstance, rewrites: EffectOf<'rewrite-response'>[]): void {
  if (rewrites.length === 0) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const endpoint = endpointOf(request);
    if (!endpoint) return payload;
    const applying = rewrites.filter((r) => r.endpoints === 'all' || r.endpoints.includes(endpoint));
    if (applying.length === 0) return payload;
    if (payload !== undefined && payload !== null && typeof payload !== 'string') return payload;
    const parsed = parseJson(payload ?? '');
    if (!parsed.ok) return payload;
    const response: MutableResponse = {
      request,
      endpoint,
      status: reply.statusCode,
      body: parsed.body,
      removeHeaders: [],
    };
    for (const { rewrite } of applying) rewrite(response);
    reply.code(response.status);
    for (const header of response.removeHeaders) reply.removeHeader(header);
    if (response.body === undefined) {
      reply.removeHeader('content-type');
      return '';
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(response.body);
  });
}

export function applyVariation(variation: Variation | undefined): AppliedVariation {
  const rules: MockRules = effectsOf(variation, 'set-rules').reduce<MockRules>(
    (all, e) => ({ ...all, ...e.rules }),
    { ...FAITHFUL_RULES },
  );
  const seededIds: TargetIds = effectsOf(variation, 'set-seeded-ids').reduce<TargetIds>(
    (all, e) => ({ ...all, ...e.ids }),
    { ...SEEDED_IDS },
  );
  const preferIgnoredOn = new Set(effectsOf(variation, 'ignore-prefer').map((e) => e.endpoint));
  const weakened = new Map(
    effectsOf(variation, 'weaken-authentication').map((e) => [e.endpoint, e.enforcement] as const),
  );
  return {
    variation,
    rules,
    seededIds,
    ignoresPrefer: (endpoint) => preferIgnoredOn.has(endpoint),
    bearerEnforcement: (endpoint) => weakened.get(endpoint) ?? 'full',
    register: (app) => {
      registerRefusals(app, effectsOf(variation, 'refuse-request'));
      registerRewrites(app, effectsOf(variation, 'rewrite-response'));
    },
  };
}
