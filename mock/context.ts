/**
 * What every route handler receives besides the request: the state, the resolved options and the rules
 * of this mock (mock/rules.ts). Handlers are keyed by the catalogue's endpoint ids so app.ts derives the
 * routing from lib/catalogue.ts instead of re-typing paths.
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { EndpointId } from '../lib/catalogue.ts';
import type { MockRules } from './rules.ts';
import type { AccessToken, MockState } from './state.ts';
import type { VariationChoice } from './variations/catalogue.ts';

export interface MockOptions {
  /** Serve /__control/* and honour `Prefer: code=...` faults (default true). */
  control?: boolean;
  /** Fastify logger options; false (default) is silent. */
  logger?: boolean | object;
  /** Token requests allowed per client_id per window before 429 local_rate_limited. */
  rateLimit?: { max: number; windowSeconds: number };
  /** Epoch ms the mock clock starts at (default: now). */
  startTime?: number;
  /** A mutant or conformant variant to switch on (mock/variations/); the faithful mock by default. */
  variation?: VariationChoice;
  /** Answer on a server of the caller's (Fastify's serverFactory); by default Fastify makes its own. */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

export interface ResolvedOptions {
  control: boolean;
  rateLimit: { max: number; windowSeconds: number };
}

export const DEFAULT_RATE_LIMIT = { max: 10_000, windowSeconds: 60 };

export interface MockContext {
  state: MockState;
  options: ResolvedOptions;
  rules: Readonly<MockRules>;
}

export type EndpointHandler = (request: FastifyRequest, reply: FastifyReply, ctx: MockContext) => unknown;

export type AreaHandlers = Partial<Record<EndpointId, EndpointHandler>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue endpoint a route serves; absent on control, 405 and /authorization routes. */
    endpointId?: EndpointId;
    /** On a 405 route: the endpoint whose path it answers other methods on. */
    pathOfEndpoint?: EndpointId;
  }
  interface FastifyRequest {
    /** The bearer token of an authenticated request (set by the auth hook). */
    accessToken?: AccessToken;
  }
}

/** The bearer token of a request that passed the auth hook. */
export function bearerToken(request: FastifyRequest): AccessToken {
  if (!request.accessToken) throw new Error('bearer-auth hook did not run for this route');
  return request.accessToken;
}
