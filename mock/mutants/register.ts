/**
 * Wires the switched-on mutant into a mock app: resolves its name (unknown names are an error), and
 * adds the hooks that apply its request refusal or response rewrite to its endpoint only. The
 * behaviour switches live in the handlers and the state; the two generic ones (Prefer, bearer auth)
 * are decided here from the catalogue's data.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, type EndpointId } from '../../lib/catalogue.ts';
import { routePath } from '../app.ts';
import { badRequest, cause } from '../errors.ts';
import { mutantByName, type Mutant, type MutantName } from './catalogue.ts';
import { REQUEST_REFUSALS } from './requests.ts';
import { RESPONSE_REWRITES, type MutableResponse } from './responses.ts';

/** How much of bearer authentication an endpoint enforces. */
export type BearerEnforcement = 'full' | 'presence' | 'none';

const BEARER_NOT_CHECKED: readonly MutantName[] = [
  'preference-no-auth',
  'settlement-report-config-no-auth',
  'test-user-search-no-auth',
  'claim-reason-no-auth',
  'chargeback-no-auth',
  'open-dispute-no-auth',
  'store-no-auth',
  'cancel-agreement-no-auth',
];
const BEARER_PRESENCE_ONLY: readonly MutantName[] = ['claim-unknown-token-accepted'];

/** The catalogue entry for `name`, or undefined for no mutant; throws for a name it does not know. */
export function resolveMutant(name: string | undefined): Mutant | undefined {
  return name === undefined ? undefined : mutantByName(name);
}

export function ignoresPrefer(mutant: Mutant | undefined, endpointId: EndpointId): boolean {
  return mutant?.kind === 'prefer-ignored' && mutant.endpoint === endpointId;
}

export function bearerEnforcement(mutant: Mutant | undefined, endpointId: EndpointId): BearerEnforcement {
  if (!mutant || mutant.endpoint !== endpointId) return 'full';
  const name = mutant.name as MutantName;
  if (BEARER_NOT_CHECKED.includes(name)) return 'none';
  if (BEARER_PRESENCE_ONLY.includes(name)) return 'presence';
  return 'full';
}

/** The endpoint a request was routed to, including the 405 answers on an endpoint's path. */
function endpointOf(request: FastifyRequest): EndpointId | undefined {
  const routed = request.routeOptions.config.endpointId;
  if (routed) return routed;
  return ENDPOINTS.find((e) => routePath(e.path) === request.routeOptions.url)?.id;
}

function parseJson(text: string): { ok: true; body: unknown } | { ok: false } {
  if (text === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function registerMutant(app: FastifyInstance, mutant: Mutant | undefined): void {
  if (!mutant) return;
  const name = mutant.name as MutantName;
  const refusal = REQUEST_REFUSALS[name];
  const rewrite = RESPONSE_REWRITES[name];

  if (refusal) {
    app.addHook('preHandler', (request, _reply, done) => {
      const message = endpointOf(request) === mutant.endpoint ? refusal(request.body) : undefined;
      done(message ? badRequest(message, [cause('invalid_field', message)]) : undefined);
    });
  }

  if (rewrite) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (endpointOf(request) !== mutant.endpoint) return payload;
      if (payload !== undefined && payload !== null && typeof payload !== 'string') return payload;
      const parsed = parseJson(payload ?? '');
      if (!parsed.ok) return payload;
      const response: MutableResponse = {
        request,
        status: reply.statusCode,
        body: parsed.body,
        removeHeaders: [],
      };
      rewrite(response);
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
}
