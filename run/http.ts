/**
 * One HTTP exchange with the target, over node:http(s): the request as given, the answer as sent.
 *
 * Not Playwright's APIRequestContext: it adds nothing the suite uses (it follows no redirect here, keeps
 * no cookie the suite reads, records no trace), and each of its calls records a stack trace and goes
 * through its client-server protocol, which made the client a sixth of a test's CPU. Not fetch either:
 * fetch refuses the ports its standard blocks (9, 6000 and others), where a target may well listen, and
 * it hides the 302 of the authorization endpoint behind its own redirect handling.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
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
    const client = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const agent = init.keepConnection && url.protocol === 'http:' ? KEPT_CONNECTIONS : false;
    const request = client(url, { method: init.method, headers, agent }, (response) => {
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
    });
    const timer = setTimeout(
      () => request.destroy(new HttpTimeoutError(`no answer within ${init.timeoutMs} ms`)),
      init.timeoutMs,
    );
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.once('error', fail);
    request.end(init.body);
  });
}
