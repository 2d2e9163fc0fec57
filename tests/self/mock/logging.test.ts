import { Writable } from 'node:stream';
import { test } from '@playwright/test';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { authorizationCode, expect, issueToken, send, SEEDED_CLIENT, startMock } from './support.ts';

/** A logger destination that keeps every line written to it. */
function captureLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

test('with a logger, one line per request, and no secret in any line', async () => {
  const { lines, stream } = captureLines();
  const app = await startMock({ logger: { stream } });
  const grant = await issueToken(app, { test_token: 'true' });
  const code = await authorizationCode(app);
  const exchanged = await send(app, {
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: `Bearer ${String(grant.access_token)}` },
    payload: { grant_type: 'authorization_code', code, ...SEEDED_CLIENT },
  });
  const exchangedGrant = exchanged.json<{ access_token: string; refresh_token: string }>();
  await send(app, {
    method: 'GET',
    url: `/test_user/search?access_token=${String(grant.access_token)}`,
    headers: { authorization: `Bearer ${exchangedGrant.access_token}` },
  });
  await send(app, { method: 'GET', url: '/nope?access_token=secret-in-query' });
  await app.close();

  const requestLines = lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request');
  expect(requestLines.map((l) => `${String(l.method)} ${String(l.path)} ${String(l.status)}`)).toEqual([
    'POST /oauth/token 200',
    'GET /authorization 302',
    'POST /oauth/token 200',
    'GET /test_user/search 200',
    'GET /nope 404',
  ]);
  const secrets = [
    SEEDED_IDS.clientSecret,
    String(grant.access_token),
    String(grant.refresh_token),
    code,
    exchangedGrant.access_token,
    exchangedGrant.refresh_token,
    'secret-in-query',
  ];
  const everything = lines.join('\n');
  for (const secret of secrets) expect(everything).not.toContain(secret);
});
