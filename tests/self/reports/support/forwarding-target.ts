/**
 * A loopback target that forwards every request to a mock it can be re-pointed at: runs against a mutant
 * and then the faithful mock share one base URL, which is how the reports name a target (history files,
 * baseline entries). It counts the requests it forwards (a `--plan` must send none) and keeps every
 * token and authorization code the target hands out, so the self-tests can look for them in what a run
 * wrote.
 */
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from '../../../../lib/loopback.ts';
import { SECRET_RESPONSE_FIELDS } from '../../../../run/redact.ts';

export interface ForwardedRequest {
  method: string;
  path: string;
}

export interface ForwardingTarget {
  /** The base URL runs are pointed at. */
  url: string;
  /** Every request forwarded so far. */
  readonly requests: readonly ForwardedRequest[];
  /** Every access token, refresh token and authorization code a response carried so far. */
  issuedSecrets(): string[];
  /** Sends the requests from now on to `baseUrl`. */
  pointAt(baseUrl: string): void;
  close(): Promise<void>;
}

/** The authorization code a redirect carries in its query. */
function codeIn(location: string | string[] | undefined): string | undefined {
  if (typeof location !== 'string') return undefined;
  try {
    return new URL(location, 'http://redirect.invalid').searchParams.get('code') ?? undefined;
  } catch {
    return undefined;
  }
}

function tokensIn(text: string): string[] {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return SECRET_RESPONSE_FIELDS.map((field) => body[field]).filter(
      (value): value is string => typeof value === 'string' && value !== '',
    );
  } catch {
    return [];
  }
}

export async function startForwardingTarget(upstream: string): Promise<ForwardingTarget> {
  let target = new URL(upstream);
  const requests: ForwardedRequest[] = [];
  const secrets = new Set<string>();

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    requests.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/' });
    const upstreamRequest = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        const code = codeIn(answer.headers.location);
        if (code) secrets.add(code);
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          text += chunk;
          outgoing.write(chunk);
        });
        answer.once('end', () => {
          for (const token of tokensIn(text)) secrets.add(token);
          outgoing.end();
        });
      },
    );
    upstreamRequest.once('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstreamRequest);
  };

  const server = createServer(forward);
  server.listen(0, LOOPBACK);
  await once(server, 'listening');
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    requests,
    issuedSecrets: () => [...secrets],
    pointAt: (baseUrl) => {
      target = new URL(baseUrl);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
