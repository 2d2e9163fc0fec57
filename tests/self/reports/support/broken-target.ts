/**
 * A deliberately broken target for the browser self-test: the embedded mock behind a loopback proxy that
 * breaks one documented shape (a store's `name` comes back as a number, against the store schema) and
 * remembers every secret that crosses it (client secrets, tokens, authorization codes), so the test can
 * prove none of them reached the report.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildMock } from '../../../../mock/app.ts';

const LOOPBACK = '127.0.0.1';
const STORE_PATH = /^\/stores\/\d+$/;
/** The schema-breaking value put in a store's `name`. */
export const BROKEN_STORE_NAME = 12345;
const SECRET_REQUEST_FIELDS = new Set([
  'client_secret',
  'access_token',
  'refresh_token',
  'code',
  'code_verifier',
]);
const SECRET_GRANT_FIELDS = new Set(['access_token', 'refresh_token']);
const MIN_SECRET_LENGTH = 8;
/** Hop-by-hop or body-framing headers the proxy must not copy (it re-frames the body). */
const DROPPED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'content-encoding',
  'keep-alive',
]);

export interface BrokenTarget {
  url: string;
  secretsSeen(): string[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startBrokenTarget(): Promise<BrokenTarget> {
  const mock = await buildMock();
  await mock.listen({ port: 0, host: LOOPBACK });
  const mockUrl = `http://${LOOPBACK}:${(mock.server.address() as AddressInfo).port}`;
  const secrets = new Set<string>();

  const remember = (value: unknown) => {
    if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
  };
  /** Top-level secret fields of a token request, a token grant or a query (an error's cause code is not one). */
  const rememberFields = (record: Record<string, unknown>, keys: ReadonlySet<string>) => {
    for (const key of keys) remember(record[key]);
  };
  const rememberJson = (text: string, keys: ReadonlySet<string>) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null)
        rememberFields(parsed as Record<string, unknown>, keys);
    } catch {
      // not JSON: nothing structured to remember
    }
  };
  const rememberQuery = (url: URL) =>
    rememberFields(Object.fromEntries(url.searchParams), SECRET_REQUEST_FIELDS);

  const proxy = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', mockUrl);
      rememberQuery(url);
      rememberJson(body.toString('utf8'), SECRET_REQUEST_FIELDS);
      remember(req.headers.authorization?.replace(/^Bearer\s+/i, ''));

      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && !DROPPED_HEADERS.has(entry[0]) && entry[0] !== 'host',
        ),
      );
      const upstream = await fetch(url, {
        method: req.method,
        headers,
        body: body.length > 0 ? body : undefined,
        redirect: 'manual',
      });
      let text = await upstream.text();
      rememberJson(text, SECRET_GRANT_FIELDS);
      const location = upstream.headers.get('location');
      if (location) rememberQuery(new URL(location, mockUrl));

      if (req.method === 'GET' && STORE_PATH.test(url.pathname) && upstream.status === 200) {
        text = JSON.stringify({ ...(JSON.parse(text) as object), name: BROKEN_STORE_NAME });
      }
      upstream.headers.forEach((value, name) => {
        if (!DROPPED_HEADERS.has(name)) res.setHeader(name, value);
      });
      res.statusCode = upstream.status;
      res.end(text);
    })().catch((error: unknown) => {
      res.statusCode = 502;
      res.end(String(error));
    });
  });
  proxy.listen(0, LOOPBACK);
  await once(proxy, 'listening');

  return {
    url: `http://${LOOPBACK}:${(proxy.address() as AddressInfo).port}`,
    secretsSeen: () => [...secrets],
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await mock.close();
    },
  };
}
