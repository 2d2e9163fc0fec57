import { connect } from 'node:net';
import { test } from '@playwright/test';
import type { InjectOptions } from 'fastify';
import { ENDPOINTS } from '../../../lib/catalogue.ts';
import { BODY_LIMIT, routePath } from '../../../mock/app.ts';
import { authHeaders, expect, expectFaithful, send, startMock } from './support.ts';

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ODD_IDS = [
  'x'.repeat(10_000),
  '9'.repeat(40),
  encodeURIComponent('ñandú-💳-id'),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  encodeURIComponent('<script>alert(1)</script>'),
  '%00',
  '-1',
  '1.5',
  '%E0%A4%A',
];

test.describe('bad input gets a clear 4xx in the error shape', () => {
  test('malformed JSON, a wrong content type and a missing content type are 400/415', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    const post = (extra: Partial<InjectOptions>) =>
      send(app, {
        method: 'POST',
        url: '/checkout/preferences',
        ...extra,
        headers: { ...headers, ...extra.headers },
      });
    expect(
      (await post({ headers: { 'content-type': 'application/json' }, payload: '{"items": [' })).statusCode,
    ).toBe(400);
    expect((await post({ headers: { 'content-type': 'text/plain' }, payload: 'items' })).statusCode).toBe(
      415,
    );
    expect(
      (await post({ headers: { 'content-type': 'application/xml' }, payload: '<items/>' })).statusCode,
    ).toBe(415);
    expect(
      (await post({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' }))
        .statusCode,
    ).toBe(415);
    expect((await post({ payload: Buffer.from('{"items":[]}') })).statusCode).toBe(415);
  });

  test('a body over 1 MiB is 413', async () => {
    const app = await startMock();
    const response = await send(app, {
      method: 'POST',
      url: '/checkout/preferences',
      headers: { ...(await authHeaders(app)), 'content-type': 'application/json' },
      payload: JSON.stringify({ external_reference: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(response.statusCode).toBe(413);
  });

  test('prototype-poisoning JSON is refused, not merged', async () => {
    const app = await startMock();
    const response = await send(app, {
      method: 'POST',
      url: '/checkout/preferences',
      headers: { ...(await authHeaders(app)), 'content-type': 'application/json' },
      payload: '{"items": [], "__proto__": {"polluted": true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  test('unknown routes are 404', async () => {
    const app = await startMock();
    for (const url of ['/', '/v1/payments', '/stores', '/stores/1/extra', '/oauth/token/x', '/__control']) {
      expect((await send(app, { method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  test('wrong methods on every known path are 405 with an Allow header', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    for (const endpoint of ENDPOINTS) {
      const url = routePath(endpoint.path).replace(/:[a-z_]+/g, '123');
      for (const method of OTHER_METHODS.filter((m) => m !== endpoint.method)) {
        const response = await send(app, { method, url, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(String(response.headers.allow)).toContain(endpoint.method);
      }
    }
  });

  test('odd ids (very long, unicode, traversal, bad escapes) on every path parameter are 4xx, never 5xx', async () => {
    const app = await startMock();
    const headers = await authHeaders(app);
    for (const endpoint of ENDPOINTS.filter((e) => e.path.includes('{'))) {
      for (const id of ODD_IDS) {
        const url = routePath(endpoint.path).replace(/:[a-z_]+/, id);
        const response = await send(app, { method: endpoint.method, url, headers });
        expect(response.statusCode, `${endpoint.method} ${url.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${endpoint.method} ${url.slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });

  test('body-less POSTs work with Content-Type: application/json and an empty body, as the SDK sends them', async () => {
    const app = await startMock();
    const headers = { ...(await authHeaders(app)), 'content-type': 'application/json' };
    const schedule = await send(
      app,
      { method: 'POST', url: '/v1/account/release_report/schedule', headers, payload: '' },
      'release-report',
    );
    expect(schedule.statusCode).toBe(200);
  });

  test('GETs with Content-Type: application/json and no body work, as the SDK sends them', async () => {
    const app = await startMock();
    const headers = { ...(await authHeaders(app)), 'content-type': 'application/json' };
    expect((await send(app, { method: 'GET', url: '/stores/30163646', headers }, 'store')).statusCode).toBe(
      200,
    );
  });
});

test.describe('requests Node rejects before routing still get the error shape', () => {
  test('headers over 16 KiB are 431, broken HTTP is 400, both in the error shape', async () => {
    const app = await startMock();
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const long = await fetch(`${baseUrl}/stores/${'9'.repeat(20_000)}`);
      expect(long.status).toBe(431);
      expectFaithful(await long.json(), 'error');

      const { port } = new URL(baseUrl);
      const socket = connect(Number(port), '127.0.0.1');
      socket.end('NOT-HTTP at all\r\n\r\n');
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expectFaithful(JSON.parse(body!) as object, 'error');
    } finally {
      await app.close();
    }
  });
});
