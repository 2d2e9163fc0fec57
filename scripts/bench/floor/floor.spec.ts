import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';

let server: Server;
let baseUrl: string;

test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('one trivial API request', async ({ request }) => {
  const response = await request.get(`${baseUrl}/`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
