/** Test control: move the clock, create fresh resources, restore the seed. Off with `--no-control`. */
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../context.ts';
import { badRequest, MESSAGES } from '../errors.ts';
import { BUYER_USER_ID, MAIN_APPLICATION } from '../seed.ts';

export const CONTROL_PATHS = {
  clock: '/__control/clock',
  fixtures: '/__control/fixtures',
  reset: '/__control/reset',
} as const;

export const FIXTURE_KINDS = ['agreement', 'claim'] as const;

/** The clock never passes this: later instants no longer print as 4-digit-year timestamps (or at all). */
export const LATEST_CLOCK_MS = Date.UTC(9999, 0, 1);

function bodyField(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** The credentials a clock request names, when it names any: a list of strings, else undefined. */
function credentialsOf(body: unknown): string[] | undefined {
  const credentials = bodyField(body, 'credentials');
  if (credentials === undefined) return undefined;
  if (!Array.isArray(credentials) || !credentials.every((c) => typeof c === 'string'))
    throw badRequest(MESSAGES.invalidCredentials);
  return credentials;
}

export function registerControl(app: FastifyInstance, ctx: MockContext): void {
  // With `credentials`, only those codes and tokens age: tests running side by side never move each
  // other's time. Without, the whole clock moves (for a person trying the mock by hand).
  app.post(CONTROL_PATHS.clock, (request) => {
    const seconds = bodyField(request.body, 'advance_seconds');
    if (
      typeof seconds !== 'number' ||
      !Number.isFinite(seconds) ||
      seconds < 0 ||
      ctx.state.now() + seconds * 1000 > LATEST_CLOCK_MS
    ) {
      throw badRequest(MESSAGES.invalidAdvance);
    }
    const credentials = credentialsOf(request.body);
    if (credentials === undefined) {
      ctx.state.clock.advance(seconds);
      return { now: ctx.state.nowStamp() };
    }
    // A code or refresh token already used up is gone: there is nothing left of it to age.
    const unknown = ctx.state.ageCredentials(credentials, seconds);
    return { aged: credentials.length - unknown.length, unknown: unknown.length };
  });

  app.post(CONTROL_PATHS.fixtures, (request, reply) => {
    const kind = bodyField(request.body, 'kind');
    if (kind === 'agreement') {
      const agreement = ctx.state.createAgreementFixture(MAIN_APPLICATION.clientId, BUYER_USER_ID);
      return reply.code(201).send({ id: agreement.id });
    }
    if (kind === 'claim') return reply.code(201).send({ id: ctx.state.createClaimFixture().id });
    throw badRequest(MESSAGES.unknownFixtureKind(kind, FIXTURE_KINDS));
  });

  app.post(CONTROL_PATHS.reset, () => {
    ctx.state.reset();
    return { reset: true };
  });
}
