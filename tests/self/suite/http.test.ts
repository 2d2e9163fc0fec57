import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { exchange, HttpTimeoutError } from '../../../run/http.ts';

/** A loopback server answering every request with `answer`; records what it received. */
async function serving(
  answer: (body: string) => {
    status: number;
    headers: Record<string, string | string[]>;
    body: Buffer | string;
  },
) {
  const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push({ headers: request.headers, body });
      const { status, headers, body: sent } = answer(body);
      response.writeHead(status, headers);
      response.end(sent);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/v1/anything?x=1`),
    seen,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

test.describe('one HTTP exchange (run/http.ts)', () => {
  test('sends the body with its length, not chunked, and reads the answer with lower-case headers', async () => {
    const server = await serving((body) => ({
      status: 201,
      headers: { 'Content-Type': 'application/json', 'X-Echo-Length': String(body.length) },
      body: '{"ok":true}',
    }));
    try {
      const answer = await exchange(server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"é":1}',
        timeoutMs: 5_000,
      });
      expect(answer).toMatchObject({ status: 201, text: '{"ok":true}' });
      expect(answer.headers['content-type']).toBe('application/json');
      expect(server.seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength('{"é":1}')));
      expect(server.seen[0]?.headers['transfer-encoding']).toBeUndefined();
      expect(server.seen[0]?.body).toBe('{"é":1}');
    } finally {
      await server.close();
    }
  });

  test('undoes a gzip coding the server applied, and keeps repeated headers one per line', async () => {
    const server = await serving(() => ({
      status: 200,
      headers: { 'content-encoding': 'gzip', 'set-cookie': ['a=1', 'b=2'] },
      body: gzipSync('{"zipped":true}'),
    }));
    try {
      const answer = await exchange(server.url, { method: 'GET', timeoutMs: 5_000 });
      expect(answer.text).toBe('{"zipped":true}');
      expect(answer.headers['set-cookie']).toBe('a=1\nb=2');
    } finally {
      await server.close();
    }
  });

  test('a connection per exchange, unless the exchange keeps it for the next (the embedded mock)', async () => {
    const server = await serving(() => ({ status: 200, headers: {}, body: 'ok' }));
    try {
      for (let n = 0; n < 3; n++) await exchange(server.url, { method: 'GET', timeoutMs: 5_000 });
      expect(server.connections(), 'one per exchange').toBe(3);
      for (let n = 0; n < 3; n++)
        await exchange(server.url, { method: 'GET', timeoutMs: 5_000, keepConnection: true });
      expect(server.connections(), 'one more for the three kept').toBe(4);
    } finally {
      await server.close();
    }
  });

  test('a server that never answers ends the exchange with a timeout error at the time limit', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    try {
      const started = Date.now();
      const error = await exchange(new URL(`http://127.0.0.1:${port}/`), {
        method: 'GET',
        timeoutMs: 300,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpTimeoutError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  test('a port nobody listens on is an error naming the refused connection', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as AddressInfo;
    await new Promise((resolve) => free.close(resolve));
    const error = await exchange(new URL(`http://127.0.0.1:${port}/`), {
      method: 'GET',
      timeoutMs: 5_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(HttpTimeoutError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});
