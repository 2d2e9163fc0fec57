/**
 * What a variation of the mock (a mutant, which breaks the spec, or a conformant variant, which reads an
 * unstated point differently) does, as declared data. One dispatcher (./apply.ts) carries the effects
 * out; routes and the state only read the rules (mock/rules.ts) and never know a variation's name.
 */
import type { FastifyRequest } from 'fastify';
import type { EndpointId } from '../../lib/catalogue.ts';
import type { TargetIds } from '../../lib/target.ts';
import type { MockRules } from '../rules.ts';

/** A response on its way out, after the faithful handler ran; a rewrite may change any part of it. */
export interface MutableResponse {
  request: FastifyRequest;
  /** The catalogue endpoint the request was routed to (405 answers on its path included). */
  endpoint: EndpointId;
  status: number;
  /** Parsed JSON body; undefined for an empty body. */
  body: unknown;
  /** Header names to remove from the response. */
  removeHeaders: string[];
}

export type Rewrite = (response: MutableResponse) => void;

/** The refusal message for a request body a variation refuses; undefined to let it through. */
export type Refusal = (body: unknown) => string | undefined;

export type Effect =
  /** Change what endpoints answer (status, body, headers). */
  | { kind: 'rewrite-response'; endpoints: readonly EndpointId[] | 'all'; rewrite: Rewrite }
  /** Refuse with 400 a request a faithful server accepts. */
  | { kind: 'refuse-request'; endpoint: EndpointId; refuse: Refusal }
  /** Enforce less of bearer authentication: `presence` takes any token, `none` not even one. */
  | {
      kind: 'weaken-authentication';
      endpoint: EndpointId;
      enforcement: 'any-scheme' | 'presence' | 'none';
    }
  /** Serve the request as if it carried no `Prefer` fault header. */
  | { kind: 'ignore-prefer'; endpoint: EndpointId }
  /** Change behaviour rules of the routes and the state. */
  | { kind: 'set-rules'; rules: Partial<MockRules> }
  /** Seed resources under other ids (the printed target contract follows). */
  | { kind: 'set-seeded-ids'; ids: Partial<TargetIds> };

export type EffectKind = Effect['kind'];
