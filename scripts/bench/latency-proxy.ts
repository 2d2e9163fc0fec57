/**
 * A target far away, made on loopback: a proxy that forwards every request to `upstream` and holds each
 * answer `delayMs` before it sends it on, as a sandbox a round trip of that long away would. It counts the
 * requests it has in flight, so a run behind it says how much it overlapped them.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from '../../lib/loopback.ts';

export interface InFlightFigures {
  requests: number;
  /** Most requests in flight at once. */
  maxInFlight: number;
  /** Requests in flight on average over the time any was. */
  meanInFlight: number;
}

export interface LatencyProxy {
  url: string;
  figures(): InFlightFigures;
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) are the proxy's own, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function forwardedHeaders(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string | string[]] => entry[1] !== undefined && !HOP_BY_HOP.has(entry[0]),
    ),
  );
}

export async function startLatencyProxy(upstream: string, delayMs: number): Promise<LatencyProxy> {
  const target = new URL(upstream);
  let inFlight = 0;
  let requests = 0;
  let maxInFlight = 0;
  /** The integral of in-flight requests over time (ms), and the time any was in flight. */
  let weighted = 0;
  let busyMs = 0;
  let since = performance.now();
  const account = (change: number) => {
    const now = performance.now();
    if (inFlight > 0) {
      weighted += inFlight * (now - since);
      busyMs += now - since;
    }
    since = now;
    inFlight += change;
    maxInFlight = Math.max(maxInFlight, inFlight);
  };

  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    requests += 1;
    account(+1);
    const finish = () => account(-1);
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: forwardedHeaders(incoming.headers),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('end', () =>
          setTimeout(() => {
            outgoing.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers));
            outgoing.end(Buffer.concat(chunks), finish);
          }, delayMs),
        );
      },
    );
    forward.once('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`, finish);
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    figures: () => {
      account(0);
      return { requests, maxInFlight, meanInFlight: busyMs > 0 ? weighted / busyMs : 0 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
