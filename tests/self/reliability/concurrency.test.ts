/**
 * 50 concurrent clients against a LISTENING mock (real sockets on 127.0.0.1, one keep-alive connection
 * per client): single-use grants and cancellations hold under races. Every refresh token and every
 * authorization code is accepted exactly once, every agreement is cancelled exactly once (every other
 * attempt 404), and nothing issued twice.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { endpointById } from '../../../lib/catalogue.ts';
import { LOOPBACK } from '../../../lib/loopback.ts';
import { buildMock } from '../../../mock/app.ts';
import { AUTHORIZATION_PATH } from '../../../mock/routes/authorization.ts';
import { CONTROL_PATHS } from '../../../mock/routes/control.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { SeededRandom } from './fuzz/random.ts';

const CLIENTS = 50;
/** How many clients race for each refresh token and each authorization code. */
const RACERS_PER_GRANT = 10;
const AUTHORIZATION_CODES = 10;
const AGREEMENTS = 20;
const SHUFFLE_SEED = 50;
const TOKEN_PATH = endpointById('token').path;
const BEARER_READ_PATH = endpointById('settlement-report-config').path;
const agreementPath = (id: string) =>
  endpointById('cancel-agreement').path.replace('{agreement_id}', encodeURIComponent(id));

interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** One client: its own socket, so 50 clients are 50 concurrent connections. */
class Client {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly port: number) {}

  send(method: string, path: string, options: { json?: unknown; bearer?: string } = {}): Promise<Answer> {
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: LOOPBACK,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.bearer === undefined ? {} : { authorization: `Bearer ${options.bearer}` }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
              headers: res.headers,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const credentials = { client_id: SEEDED_IDS.clientId, client_secret: SEEDED_IDS.clientSecret };

function statusesOf(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

function shuffled<T>(items: readonly T[], random: SeededRandom): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

let app: FastifyInstance;
let clients: Client[];

test.beforeAll(async () => {
  app = await buildMock();
  await app.listen({ port: 0, host: LOOPBACK });
  const { port } = app.server.address() as AddressInfo;
  clients = Array.from({ length: CLIENTS }, () => new Client(port));
});

test.afterAll(async () => {
  for (const client of clients) client.close();
  await app.close();
});

test('50 concurrent clients: tokens distinct, each refresh token and code accepted once, each agreement cancelled once', async () => {
  const random = new SeededRandom(SHUFFLE_SEED);

  // Each client obtains its own token at the same moment: 50 grants, nothing issued twice.
  const grants = await Promise.all(
    clients.map((client) =>
      client.send('POST', TOKEN_PATH, {
        json: { ...credentials, grant_type: 'client_credentials', test_token: 'true' },
      }),
    ),
  );
  expect(statusesOf(grants)).toEqual({ 200: CLIENTS });
  const accessTokens = grants.map((g) => String(g.body?.access_token));
  const refreshTokens = grants.map((g) => String(g.body?.refresh_token));
  expect(new Set(accessTokens).size, 'every access token is distinct').toBe(CLIENTS);
  expect(new Set(refreshTokens).size, 'every refresh token is distinct').toBe(CLIENTS);
  const uses = await Promise.all(
    clients.map((client, i) => client.send('GET', BEARER_READ_PATH, { bearer: accessTokens[i] })),
  );
  expect(statusesOf(uses), 'every issued access token is accepted').toEqual({ 200: CLIENTS });

  // Refresh race: each refresh token is presented by RACERS_PER_GRANT clients at once.
  const refreshAttempts = refreshTokens.flatMap((refreshToken, t) =>
    Array.from({ length: RACERS_PER_GRANT }, (_, r) => ({
      client: clients[(t + r) % CLIENTS] as Client,
      refreshToken,
    })),
  );
  const refreshAnswers = await Promise.all(
    shuffled(refreshAttempts, random).map(async ({ client, refreshToken }) => ({
      refreshToken,
      answer: await client.send('POST', TOKEN_PATH, {
        json: { ...credentials, grant_type: 'refresh_token', refresh_token: refreshToken },
      }),
    })),
  );
  for (const refreshToken of refreshTokens) {
    const answers = refreshAnswers.filter((a) => a.refreshToken === refreshToken).map((a) => a.answer);
    expect(statusesOf(answers), 'a refresh token is accepted exactly once').toEqual({
      200: 1,
      400: RACERS_PER_GRANT - 1,
    });
    for (const rejected of answers.filter((a) => a.status === 400)) {
      expect(rejected.body?.error).toBe('invalid_grant');
    }
  }
  const refreshed = refreshAnswers.filter((a) => a.answer.status === 200).map((a) => a.answer.body);
  const allAccessTokens = [...accessTokens, ...refreshed.map((b) => String(b?.access_token))];
  expect(new Set(allAccessTokens).size, 'refreshing never re-issues an existing token').toBe(2 * CLIENTS);

  // Authorization codes: each is exchanged by RACERS_PER_GRANT clients at once.
  const codes = await Promise.all(
    Array.from({ length: AUTHORIZATION_CODES }, async (_, i) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: SEEDED_IDS.clientId,
        redirect_uri: SEEDED_IDS.redirectUri,
        state: `s${i}`,
      });
      const answer = await (clients[i] as Client).send('GET', `${AUTHORIZATION_PATH}?${query.toString()}`);
      expect(answer.status).toBe(302);
      const code = new URL(String(answer.headers.location)).searchParams.get('code');
      expect(code).toBeTruthy();
      return code as string;
    }),
  );
  expect(new Set(codes).size, 'every authorization code is distinct').toBe(AUTHORIZATION_CODES);
  const exchanges = await Promise.all(
    shuffled(
      codes.flatMap((code, c) =>
        Array.from({ length: RACERS_PER_GRANT }, (_, r) => ({
          client: clients[(c * RACERS_PER_GRANT + r) % CLIENTS] as Client,
          code,
        })),
      ),
      random,
    ).map(async ({ client, code }) => ({
      code,
      answer: await client.send('POST', TOKEN_PATH, {
        json: {
          ...credentials,
          grant_type: 'authorization_code',
          code,
          redirect_uri: SEEDED_IDS.redirectUri,
        },
      }),
    })),
  );
  for (const code of codes) {
    const answers = exchanges.filter((e) => e.code === code).map((e) => e.answer);
    expect(statusesOf(answers), 'an authorization code is accepted exactly once').toEqual({
      200: 1,
      400: RACERS_PER_GRANT - 1,
    });
  }

  // Agreements: every client tries to cancel every fresh agreement, in its own order.
  const fixtures = await Promise.all(
    Array.from({ length: AGREEMENTS }, (_, i) =>
      (clients[i] as Client).send('POST', CONTROL_PATHS.fixtures, { json: { kind: 'agreement' } }),
    ),
  );
  expect(statusesOf(fixtures)).toEqual({ 201: AGREEMENTS });
  const agreementIds = fixtures.map((f) => String(f.body?.id));
  expect(new Set(agreementIds).size, 'every fixture agreement is distinct').toBe(AGREEMENTS);
  const cancellations = await Promise.all(
    clients.flatMap((client, i) =>
      shuffled(agreementIds, random).map(async (id) => ({
        id,
        answer: await client.send('DELETE', agreementPath(id), {
          bearer: accessTokens[i],
        }),
      })),
    ),
  );
  for (const id of agreementIds) {
    const answers = cancellations.filter((c) => c.id === id).map((c) => c.answer);
    const statuses = statusesOf(answers);
    const succeeded = answers.filter((a) => a.status >= 200 && a.status < 300).length;
    expect(succeeded, `agreement ${id} is cancelled exactly once (${JSON.stringify(statuses)})`).toBe(1);
    expect(statuses[404], 'every other attempt is 404').toBe(CLIENTS - 1);
  }
});
