/**
 * buildMock(options): the embedded reference mock as a Fastify instance that does not listen.
 * Routes come from lib/catalogue.ts ENDPOINTS, each served by its area's handler in mock/routes/.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { ENDPOINTS, endpointById, type Endpoint, type EndpointId } from '../lib/catalogue.ts';
import { authenticate } from './auth.ts';
import {
  DEFAULT_RATE_LIMIT,
  type AreaHandlers,
  type EndpointHandler,
  type MockContext,
  type MockOptions,
} from './context.ts';
import { errorNameForStatus } from '../lib/error-body.ts';
import { badRequest, MESSAGES, methodNotAllowed, MockHttpError, notFound, tokenError } from './errors.ts';
import { faultFor } from './faults.ts';
import { loggerOptions, OneLinePerRequest, pathWithoutQuery } from './logging.ts';
import { AUTHORIZATION_PATH, registerAuthorization } from './routes/authorization.ts';
import { chargebacksHandlers } from './routes/chargebacks.ts';
import { checkoutHandlers, PREFERENCE_PATH_ALIASES } from './routes/checkout.ts';
import { claimsHandlers } from './routes/claims.ts';
import { CONTROL_PATHS, registerControl } from './routes/control.ts';
import { oauthHandlers } from './routes/oauth.ts';
import { accountReportsHandlers } from './routes/account-reports.ts';
import { storesHandlers } from './routes/stores.ts';
import { subscriptionsHandlers } from './routes/subscriptions.ts';
import { searchQueryToken, testUsersHandlers } from './routes/test-users.ts';
import { walletHandlers } from './routes/wallet.ts';
import { MockState } from './state.ts';
import { applyVariation } from './variations/apply.ts';
import { variationOf } from './variations/catalogue.ts';

export type { MockOptions } from './context.ts';

/** 1 MiB: larger bodies are answered 413. */
export const BODY_LIMIT = 1024 * 1024;
/** Long enough for odd ids to reach their handler (and its 400/404) instead of the router's 404. */
const MAX_PARAM_LENGTH = 16 * 1024;
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

const HANDLERS: AreaHandlers = {
  ...oauthHandlers,
  ...checkoutHandlers,
  ...accountReportsHandlers,
  ...subscriptionsHandlers,
  ...testUsersHandlers,
  ...claimsHandlers,
  ...chargebacksHandlers,
  ...storesHandlers,
  ...walletHandlers,
};

const PATH_ALIASES: Partial<Record<EndpointId, readonly string[]>> = { preference: PREFERENCE_PATH_ALIASES };

/** `/stores/{id}` -> `/stores/:id` */
export function routePath(specPath: string): string {
  return specPath.replace(/\{([^}]+)\}/g, ':$1');
}

function handlerFor(endpoint: Endpoint): EndpointHandler {
  const handler = HANDLERS[endpoint.id];
  if (!handler) throw new Error(`no mock handler for endpoint ${endpoint.id}`);
  return handler;
}

/** Maps any error to the platform's error body; only a bug in the mock yields an uninjected 5xx. */
function toMockError(error: FastifyError | MockHttpError, request: FastifyRequest): MockHttpError {
  if (error instanceof MockHttpError) return error;
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  const message =
    {
      FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.malformedJson,
      FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
      FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType(
        request.headers['content-type'] ?? '',
        request.routeOptions.config.endpointId === 'token'
          ? ['application/json', FORM_CONTENT_TYPE]
          : ['application/json'],
      ),
    }[error.code] ?? (status >= 500 ? MESSAGES.internal : error.message);
  // The token endpoint reports malformed requests with its OAuth code, as the Errors table says.
  if (request.routeOptions.config.endpointId === 'token' && (status === 400 || status === 415)) {
    return tokenError('invalid_request', message);
  }
  return new MockHttpError(status, errorNameForStatus(status), message, []);
}

function sendError(reply: FastifyReply, error: MockHttpError) {
  return reply.code(error.status).headers(error.headers).send(error.toBody());
}

/**
 * Requests Node rejects before Fastify sees them (headers over 16 KiB, broken HTTP): still answered in
 * the platform's error shape, then the connection is closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : [400, MESSAGES.malformedHttp];
  const body = JSON.stringify(new MockHttpError(status, errorNameForStatus(status), message).toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function parseForm(
  _request: FastifyRequest,
  body: string,
  done: (err: Error | null, body?: unknown) => void,
) {
  const params = new URLSearchParams(body);
  const duplicated = [...new Set(params.keys())].find((key) => params.getAll(key).length > 1);
  if (duplicated) return done(tokenError('invalid_request', MESSAGES.duplicatedParameter(duplicated)));
  done(null, Object.fromEntries(params));
}

export async function buildMock(options: MockOptions = {}): Promise<FastifyInstance> {
  const applied = applyVariation(variationOf(options.variation));
  const state = new MockState(options.startTime, applied.rules, applied.seededIds);
  const ctx: MockContext = {
    state,
    options: { control: options.control ?? true, rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT },
    rules: applied.rules,
  };

  const app = Fastify({
    logger: loggerOptions(options.logger),
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler: answerClientError,
    frameworkErrors: (_error, _request, reply) => void sendError(reply, badRequest(MESSAGES.badUrl)),
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });

  // Body-less POSTs (schedule, open_dispute) arrive with `Content-Type: application/json` and no body
  // from the official SDK: an empty JSON body is no body, not an error.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    void defaultJsonParser(request, body as string, done);
  });

  app.setErrorHandler((error: FastifyError | MockHttpError, request, reply) => {
    const mockError = toMockError(error, request);
    if (mockError.status >= 500 && !mockError.headers['x-mock-injected']) {
      request.log.error({ err: { message: error.message, stack: error.stack } }, 'unexpected error');
    }
    return sendError(reply, mockError);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      notFound(MESSAGES.routeNotFound(request.method, pathWithoutQuery(request.url).slice(0, 200))),
    ),
  );

  // Faults first, so a documented error can be injected whatever the request carries; then bearer auth.
  app.addHook('onRequest', (request, _reply, done) => {
    const endpointId = request.routeOptions.config.endpointId;
    try {
      if (endpointId && ctx.options.control) {
        const fault = faultFor(endpointId, request.headers.prefer);
        if (fault && !applied.ignoresPrefer(endpointId)) throw fault;
      }
      if (endpointId && endpointById(endpointId).auth === 'bearer') {
        const alternative = endpointById(endpointId).queryToken
          ? searchQueryToken(request, state.rules)
          : undefined;
        authenticate(request, state, applied.bearerEnforcement(endpointId), alternative);
      }
      done();
    } catch (error) {
      done(error as MockHttpError);
    }
  });

  applied.register(app);

  const servedMethods = new Map<string, Set<string>>();
  const endpointOfPath = new Map<string, EndpointId>();
  const serve = (method: string, path: string, endpoint?: EndpointId) => {
    const methods = servedMethods.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    servedMethods.set(path, methods);
    if (endpoint) endpointOfPath.set(path, endpoint);
  };

  for (const endpoint of ENDPOINTS) {
    const handler = handlerFor(endpoint);
    const paths = [routePath(endpoint.path), ...(PATH_ALIASES[endpoint.id] ?? [])];
    await app.register((scope, _options, done) => {
      if (endpoint.auth === 'client') {
        scope.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (request, body, done) =>
          parseForm(request, body as string, done),
        );
      }
      for (const url of paths) {
        scope.route({
          method: endpoint.method,
          url,
          config: { endpointId: endpoint.id },
          handler: (request, reply) => handler(request, reply, ctx),
        });
        serve(endpoint.method, url, endpoint.id);
      }
      done();
    });
  }

  await registerAuthorization(app, ctx);
  serve('GET', AUTHORIZATION_PATH);
  serve('POST', AUTHORIZATION_PATH);
  if (ctx.options.control) {
    registerControl(app, ctx);
    for (const path of Object.values(CONTROL_PATHS)) serve('POST', path);
  }

  // Known paths answer other methods with 405 and an Allow header, instead of the router's 404.
  for (const [path, methods] of servedMethods) {
    const allowed = [...methods];
    const others = HTTP_METHODS.filter((m) => !methods.has(m));
    app.route({
      method: others,
      url: path,
      config: { pathOfEndpoint: endpointOfPath.get(path) },
      handler: (request) => {
        throw methodNotAllowed(request.method, allowed);
      },
    });
  }

  return app;
}
