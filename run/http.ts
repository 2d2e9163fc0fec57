/**
 * One HTTP exchange with the target, over node:http(s): the request as given, the answer as sent.
 *
 * Not Playwright's APIRequestContext: it adds nothing the suite uses (it follows no redirect here, keeps
 * no cookie the suite reads, records no trace), and each of its calls records a stack trace and goes
 * through its client-server protocol, which made the client a sixth of a test's CPU. Not fetch either:
 * fetch refuses the ports its standard blocks (9, 6000 and others), where a target may well listen, and
 * it hides the 302 of the authorization endpoint behind its own redirect handling.
 */
import {
  Agent,
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { bareHost, proxyLabel, type ProxyRoute } from '../lib/proxy.ts';
import { RUN_VARIABLES } from '../lib/run-variables.ts';
import { SUITE_VERSION } from '../lib/version.ts';

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** Each request's time limit: PAYMENTS_REQUEST_TIMEOUT_MS, else the default. */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = Number(env[RUN_VARIABLES.requestTimeoutMs]);
  return Number.isInteger(raw) && raw > 0 ? raw : DEFAULT_REQUEST_TIMEOUT_MS;
}

export interface HttpRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, connection to last byte. */
  timeoutMs: number;
  /**
   * Over a connection kept for the next exchange: for the embedded mock only (see below). Any other
   * target gets a connection per exchange, as the reproduction's curl makes it: a connection the server
   * closed while idle can never turn into a failed request.
   */
  keepConnection?: boolean;
  /** The proxy the target is reached through (TargetConfig's); none: direct. */
  proxy?: ProxyRoute;
}

export interface HttpAnswer {
  status: number;
  /** Lower-case names; a repeated header's values joined as one line each. */
  headers: Record<string, string>;
  text: string;
}

/** No complete answer within the request's time limit. */
export class HttpTimeoutError extends Error {
  override name = 'HttpTimeoutError';
}

/** The proxy, not the target, failed the exchange: it could not be reached, or refused to pass it on. */
export class ProxyError extends Error {
  override name = 'ProxyError';
  constructor(proxy: ProxyRoute, what: string) {
    super(`through the proxy ${proxyLabel(proxy)}: ${what}`);
  }
}

/** Its own status, never the target's: the proxy wants credentials it was not given, or refused them. */
const PROXY_AUTHENTICATION_REQUIRED = 407;

function proxyRefusal(proxy: ProxyRoute, answer: IncomingMessage, to: string): ProxyError {
  const status = `${answer.statusCode ?? 0} ${answer.statusMessage ?? ''}`.trim();
  return new ProxyError(
    proxy,
    answer.statusCode === PROXY_AUTHENTICATION_REQUIRED
      ? `it asks for credentials (${status}): give them as http://user:password@host:port in ${proxy.variable}`
      : `it refused to open a tunnel to ${to} (${status})`,
  );
}

type SocketMade = (error: Error | null, socket: Duplex) => void;

/** Node.js reads no socket from a creation that failed. */
function failed(done: SocketMade, error: Error): void {
  done(error, undefined as unknown as Duplex);
}

/**
 * An https target through the proxy: a CONNECT tunnel to the target's host and port, then TLS over it,
 * checked against the target's own name as a direct connection is. The proxy resolves the host; this
 * machine need not be able to.
 */
function tunnel(url: URL, proxy: ProxyRoute, opened: (tunnelRequest: ClientRequest) => void) {
  return (_options: RequestOptions, done: SocketMade): undefined => {
    const authority = `${url.hostname}:${url.port || '443'}`;
    const host = bareHost(url.hostname);
    const connect = httpRequest({
      host: proxy.host,
      port: proxy.port,
      method: 'CONNECT',
      path: authority,
      headers: {
        host: authority,
        ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}),
      },
      agent: false,
    });
    opened(connect);
    connect.once('connect', (answer, socket, head) => {
      if (answer.statusCode !== 200) {
        socket.destroy();
        failed(done, proxyRefusal(proxy, answer, authority));
        return;
      }
      if (head.length > 0) socket.unshift(head);
      const secure = tlsConnect({
        socket,
        host,
        ...(isIP(host) === 0 ? { servername: host } : {}),
        ALPNProtocols: ['http/1.1'],
      });
      done(null, secure);
    });
    connect.once('error', (error) =>
      failed(done, new ProxyError(proxy, `it gave no answer (${error.message})`)),
    );
    connect.end();
    return undefined;
  };
}

/**
 * Connections kept for the embedded mock. It serves this run only, on loopback, and keeps an idle
 * connection for over a minute (mock/embedded.ts), far longer than any test of a run leaves one idle: no
 * request can meet a connection it closed. A connection per exchange cost the run 3% of its CPU, on both
 * sides.
 */
const KEPT_CONNECTIONS = new Agent({ keepAlive: true });

/** Sent unless the request names its own: who is asking, and that any media type will be read. */
const DEFAULT_HEADERS = { 'user-agent': `payments-conformance/${SUITE_VERSION}`, accept: '*/*' };

function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join('\n') : value;
  }
  return record;
}

/** The body as text, undoing a content coding the server applied though none was asked for. */
function bodyStream(response: IncomingMessage): NodeJS.ReadableStream {
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip());
    case 'deflate':
      return response.pipe(createInflate());
    case 'br':
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
}

export function exchange(url: URL, init: HttpRequest): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...DEFAULT_HEADERS };
    for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
    // A length, not chunked transfer coding: some servers refuse a chunked request body.
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const { proxy } = init;
    let tunnelRequest: ClientRequest | undefined;
    const request = proxy
      ? throughProxy(url, proxy, init.method, headers, (opened) => (tunnelRequest = opened), answered)
      : (url.protocol === 'https:' ? httpsRequest : httpRequest)(
          url,
          {
            method: init.method,
            headers,
            agent: init.keepConnection && url.protocol === 'http:' ? KEPT_CONNECTIONS : false,
          },
          answered,
        );
    function answered(response: IncomingMessage) {
      if (proxy && response.statusCode === PROXY_AUTHENTICATION_REQUIRED) {
        response.resume();
        fail(proxyRefusal(proxy, response, url.host));
        return;
      }
      const chunks: Buffer[] = [];
      response.once('error', fail);
      const body = bodyStream(response);
      body.on('data', (chunk: Buffer) => chunks.push(chunk));
      body.once('error', fail);
      body.once('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: headerRecord(response.headers),
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    }
    const timer = setTimeout(() => {
      // Settled first: a request still waiting for its tunnel reports the tunnel's end, not the time limit.
      const timedOut = new HttpTimeoutError(`no answer within ${init.timeoutMs} ms`);
      fail(timedOut);
      tunnelRequest?.destroy();
      request.destroy(timedOut);
    }, init.timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      // A failure to reach the proxy is the proxy's, and said so; one after a tunnel opened is the exchange's.
      const tunnelled = url.protocol === 'https:' && request.socket !== null;
      const ours = error instanceof HttpTimeoutError || error instanceof ProxyError;
      reject(
        proxy && !ours && !tunnelled ? new ProxyError(proxy, `it gave no answer (${error.message})`) : error,
      );
    }
    // Listened to for good, not once: one more error with no listener would end the whole process.
    request.on('error', fail);
    request.end(init.body);
  });
}

/**
 * The request as it goes through the proxy: an http target's in absolute form to the proxy itself (which
 * forwards it, as an HTTP proxy does), an https target's inside a tunnel (see `tunnel`).
 */
function throughProxy(
  url: URL,
  proxy: ProxyRoute,
  method: string,
  headers: Record<string, string>,
  opened: (tunnelRequest: ClientRequest) => void,
  answered: (response: IncomingMessage) => void,
): ClientRequest {
  if (url.protocol === 'https:') {
    return httpsRequest(url, { method, headers, createConnection: tunnel(url, proxy, opened) }, answered);
  }
  const target = new URL(url);
  const credentials = target.username || target.password;
  if (credentials && !headers.authorization) {
    const pair = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  target.username = '';
  target.password = '';
  return httpRequest(
    {
      host: proxy.host,
      port: proxy.port,
      method,
      path: target.href,
      headers: {
        ...headers,
        host: target.host,
        ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}),
      },
      agent: false,
    },
    answered,
  );
}
