/**
 * One log line per request (method, path without its query, status, time) and nothing else from the
 * request: headers, query strings and bodies carry tokens, secrets and codes, so they are never logged.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Paths a custom logger configuration might still reach; censored as a second line of defence. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.query',
  'req.body',
  '*.access_token',
  '*.refresh_token',
  '*.client_secret',
  '*.code',
];

export function pathWithoutQuery(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      path: pathWithoutQuery(request.url),
      status: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: { message: error.message } }, 'request errored');
    else reply.log.info(line, 'request');
  }

  override routeNotFound(): void {}

  override defaultErrorLog(): void {}
}

/** Fastify logger options: silent unless asked; when on, pino without request/response serialisation. */
export function loggerOptions(logger: boolean | object | undefined): boolean | object {
  if (!logger) return false;
  return {
    level: 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: () => undefined, res: () => undefined },
    ...(typeof logger === 'object' ? logger : {}),
  };
}
