/**
 * A target far away and one that limits rates, as a user meets them: the run command plans its
 * concurrency from the round trip it measures (lib/concurrency.ts) and says so; 429 answers are waited
 * out and the summary names how long and where; a request still refused past the bound of a wait makes
 * its test "not tested", never a deviation; a read answered 502, 503 or 504 (a sandbox's gateway blips)
 * is sent again after a short wait, which the summary names too. And the pieces those rest on, table by
 * table.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import {
  ConcurrencyConfigError,
  concurrencyLimit,
  DEFAULT_CONCURRENCY,
  planConcurrency,
} from '../../../lib/concurrency.ts';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { GENERATIVE_VARIABLES } from '../../../lib/generation.ts';
import { LOOPBACK } from '../../../lib/loopback.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { jobSummaryMarkdown } from '../../../reporting/job-summary.ts';
import { answerWaits, waitsHeadline, type SummaryFile } from '../../../reporting/summary.ts';
import {
  nextWaitMs,
  outageOf,
  RATE_LIMIT_RESENDS,
  RATE_LIMIT_WAIT_BOUND_MS,
  retryAfterMs,
  sendingAgain,
  UNAVAILABLE_RESENDS,
  UNAVAILABLE_WAIT_BOUND_MS,
} from '../../../run/retries.ts';
import { progressLine } from '../../../run/reporters/console.ts';
import { startLatencyProxy } from '../../../scripts/bench/latency-proxy.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { attachmentsOf, readAllureResults } from '../reports/support/allure.ts';
import { startMockInWorker } from '../reports/support/mock-in-worker.ts';

test.describe('the concurrency plan', () => {
  const PLANS: {
    roundTripMs: number | undefined;
    limit: number;
    cores: number;
    asked?: number;
    plan: { far: boolean; workers: number; casesInFlight: number };
  }[] = [
    // Near: a worker per core but one, left to the run command and the runner.
    { roundTripMs: undefined, limit: 12, cores: 2, plan: { far: false, workers: 1, casesInFlight: 1 } },
    { roundTripMs: 3, limit: 12, cores: 2, plan: { far: false, workers: 1, casesInFlight: 1 } },
    { roundTripMs: 3, limit: 12, cores: 1, plan: { far: false, workers: 1, casesInFlight: 1 } },
    { roundTripMs: 3, limit: 12, cores: 8, plan: { far: false, workers: 7, casesInFlight: 1 } },
    { roundTripMs: 3, limit: 2, cores: 8, plan: { far: false, workers: 2, casesInFlight: 1 } },
    { roundTripMs: 100, limit: 12, cores: 2, plan: { far: true, workers: 4, casesInFlight: 3 } },
    // The default: each of the 4 workers judges 6 cases side by side.
    {
      roundTripMs: 100,
      limit: DEFAULT_CONCURRENCY,
      cores: 2,
      plan: { far: true, workers: 4, casesInFlight: 6 },
    },
    { roundTripMs: 100, limit: 8, cores: 16, plan: { far: true, workers: 4, casesInFlight: 2 } },
    { roundTripMs: 100, limit: 2, cores: 2, plan: { far: true, workers: 2, casesInFlight: 1 } },
    { roundTripMs: 250, limit: 64, cores: 2, plan: { far: true, workers: 4, casesInFlight: 16 } },
    // --workers asked by the user: kept, and the cases side by side fit the limit around them.
    { roundTripMs: 100, limit: 12, cores: 2, asked: 6, plan: { far: true, workers: 6, casesInFlight: 2 } },
    { roundTripMs: 3, limit: 12, cores: 2, asked: 2, plan: { far: false, workers: 2, casesInFlight: 1 } },
  ];
  for (const { roundTripMs, limit, cores, asked, plan } of PLANS)
    test(`${roundTripMs ?? 'embedded'} ms away, ${limit} in flight, ${cores} cores${asked ? `, --workers ${asked}` : ''}`, () => {
      const planned = planConcurrency(roundTripMs, limit, cores, asked);
      expect(planned).toMatchObject(plan);
      expect(planned.fullyParallel).toBe(plan.far);
      expect(planned.workers * planned.casesInFlight).toBeLessThanOrEqual(limit);
    });

  test('PAYMENTS_CONCURRENCY: a whole number from 1 to 64, else one line saying so', () => {
    expect(concurrencyLimit({})).toBe(DEFAULT_CONCURRENCY);
    expect(concurrencyLimit({ PAYMENTS_CONCURRENCY: ' ' })).toBe(DEFAULT_CONCURRENCY);
    expect(concurrencyLimit({ PAYMENTS_CONCURRENCY: '5' })).toBe(5);
    for (const bad of ['0', '65', '2.5', 'many'])
      expect(() => concurrencyLimit({ PAYMENTS_CONCURRENCY: bad })).toThrow(
        new ConcurrencyConfigError(
          `PAYMENTS_CONCURRENCY must be a whole number of requests in flight from 1 to 64, got "${bad}"`,
        ),
      );
  });
});

test.describe('sending again after a 429, 502, 503 or 504', () => {
  test('Retry-After in seconds or as an HTTP date; anything else is no advice', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Fri, 27 Nov 2026 11:00:00 GMT', now)).toBe(0);
    for (const none of [undefined, '', 'soon', '-1']) expect(retryAfterMs(none, now)).toBeUndefined();
  });

  test('after a 429, without Retry-After the back-off doubles from a second; past the bound or the sends there is no next wait', () => {
    expect([1, 2, 3, 4].map((attempt) => nextWaitMs(429, undefined, attempt, 0))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(nextWaitMs(429, '2', 5, 0)).toBe(2000);
    expect(nextWaitMs(429, '2', 1, RATE_LIMIT_WAIT_BOUND_MS - 2000)).toBe(2000);
    expect(nextWaitMs(429, '2', 1, RATE_LIMIT_WAIT_BOUND_MS - 1999)).toBeUndefined();
    expect(nextWaitMs(429, String(RATE_LIMIT_WAIT_BOUND_MS / 1000 + 1), 1, 0)).toBeUndefined();
    expect(nextWaitMs(429, '0', RATE_LIMIT_RESENDS, 0)).toBe(0);
    expect(nextWaitMs(429, '0', RATE_LIMIT_RESENDS + 1, 0)).toBeUndefined();
  });

  test('after a 502, 503 or 504, a blip is waited out: two more sends at most, within ten seconds', () => {
    for (const status of [502, 503, 504]) {
      expect([1, 2, 3].map((attempt) => nextWaitMs(status, undefined, attempt, 0))).toEqual([
        1000,
        2000,
        undefined,
      ]);
      expect(nextWaitMs(status, '3', 1, 0)).toBe(3000);
      expect(nextWaitMs(status, '3', 2, UNAVAILABLE_WAIT_BOUND_MS - 3000)).toBe(3000);
      expect(nextWaitMs(status, '3', 2, UNAVAILABLE_WAIT_BOUND_MS - 2999)).toBeUndefined();
      expect(nextWaitMs(status, String(UNAVAILABLE_WAIT_BOUND_MS / 1000 + 1), 1, 0)).toBeUndefined();
    }
  });

  /**
   * A target answering `statuses` in turn (the last one from then on) with `retryAfter`, and the waits
   * sendingAgain asks for, recorded rather than waited.
   */
  function answering(statuses: number[], retryAfter?: string) {
    let sent = 0;
    const waits: number[] = [];
    return {
      send: () => {
        const status = statuses[Math.min(sent++, statuses.length - 1)]!;
        const headers: Record<string, string> = retryAfter ? { 'retry-after': retryAfter } : {};
        return Promise.resolve({ status, headers });
      },
      sleep: (ms: number) => {
        waits.push(ms);
        return Promise.resolve();
      },
      sent: () => sent,
      waits,
    };
  }

  test('a read is sent again after a 502, 503 or 504, a POST never (its repeat might create twice), unless it is the grant', async () => {
    for (const status of [502, 503, 504]) {
      const outage = { down: false };
      const get = answering([status, status, 200]);
      const told: number[][] = [];
      const read = await sendingAgain('GET', get.send, {
        outage,
        sleep: get.sleep,
        onWait: (s, ms) => told.push([s, ms]),
      });
      expect([read.answer.status, get.sent(), get.waits, read.resent.unavailable]).toEqual([
        200,
        3,
        [1000, 2000],
        { times: 2, ms: 3000 },
      ]);
      expect(told).toEqual([
        [status, 1000],
        [status, 2000],
      ]);

      const post = answering([status, 200]);
      const posted = await sendingAgain('POST', post.send, { outage, sleep: post.sleep });
      expect([posted.answer.status, post.sent(), post.waits]).toEqual([status, 1, []]);
      // Unless its caller knows a repeat changes nothing (the set-up's token grant); a grant that stays
      // unavailable tells nothing of the reads.
      const grant = answering([status, 200], '4');
      const granted = await sendingAgain('POST', grant.send, {
        outage,
        repeatable: true,
        sleep: grant.sleep,
      });
      expect([granted.answer.status, grant.sent(), grant.waits]).toEqual([200, 2, [4000]]);
      const down = answering([status]);
      await sendingAgain('POST', down.send, { outage, repeatable: true, sleep: down.sleep });
      expect([down.sent(), outage.down]).toEqual([1 + UNAVAILABLE_RESENDS, false]);
    }
  });

  test('a read still unavailable after all its sends marks the target down until it serves a request', async () => {
    const outage = { down: false };
    // A Retry-After past the bound: not sent again, and no outage told.
    const far = answering([503], String(UNAVAILABLE_WAIT_BOUND_MS / 1000 + 1));
    await sendingAgain('GET', far.send, { outage, sleep: far.sleep });
    expect([far.sent(), outage.down]).toEqual([1, false]);

    const first = answering([503]);
    expect((await sendingAgain('GET', first.send, { outage, sleep: first.sleep })).answer.status).toBe(503);
    expect([first.sent(), first.waits, outage.down]).toEqual([1 + UNAVAILABLE_RESENDS, [1000, 2000], true]);
    const next = answering([503, 200]);
    expect((await sendingAgain('GET', next.send, { outage, sleep: next.sleep })).answer.status).toBe(503);
    expect(next.sent()).toBe(1);
    // A rate limit is still waited out, and an answer served says the target is up again.
    const limited = answering([429, 200], '1');
    expect((await sendingAgain('GET', limited.send, { outage, sleep: limited.sleep })).answer.status).toBe(
      200,
    );
    expect([limited.waits, outage.down]).toEqual([[1000], false]);
    const blip = answering([503, 200]);
    expect((await sendingAgain('GET', blip.send, { outage, sleep: blip.sleep })).answer.status).toBe(200);
    // A worker serving several targets keeps what it learnt of each apart.
    const [one, other] = ['http://127.0.0.1:1', 'http://127.0.0.1:2'];
    outageOf(one).down = true;
    expect([outageOf(one).down, outageOf(other).down]).toEqual([true, false]);
  });

  test('a 429 is waited out for any method, a "Retry-After: 0" only so many times, and not when the test asks for it', async () => {
    const post = answering([429, 429, 200], '2');
    const { answer, resent } = await sendingAgain('POST', post.send, {
      outage: { down: false },
      sleep: post.sleep,
    });
    expect([answer.status, post.sent(), post.waits, resent.rateLimit]).toEqual([
      200,
      3,
      [2000, 2000],
      { times: 2, ms: 4000 },
    ]);
    const hammered = answering([429], '0');
    const refused = await sendingAgain('GET', hammered.send, {
      outage: { down: false },
      sleep: hammered.sleep,
    });
    expect([refused.answer.status, hammered.sent()]).toEqual([429, 1 + RATE_LIMIT_RESENDS]);
    const asked = answering([429, 200]);
    const kept = await sendingAgain('POST', asked.send, {
      rateLimits: false,
      outage: { down: false },
      sleep: asked.sleep,
    });
    expect([kept.answer.status, asked.sent()]).toEqual([429, 1]);
  });

  test("the summary sums each endpoint's waits of the statuses asked for over the tests, longest first", () => {
    const record = (waits: { endpoint: string; status: number; ms: number; times: number }[]) =>
      ({ waits }) as Parameters<typeof answerWaits>[0][number];
    const records = [
      record([{ endpoint: 'POST /oauth/token', status: 429, ms: 1000, times: 1 }]),
      record([
        { endpoint: 'POST /oauth/token', status: 429, ms: 3000, times: 2 },
        { endpoint: 'GET /stores/{id}', status: 429, ms: 5000, times: 1 },
        { endpoint: 'GET /stores/{id}', status: 503, ms: 1000, times: 1 },
      ]),
      record([{ endpoint: 'GET /stores/{id}', status: 502, ms: 2000, times: 2 }]),
      record([]),
    ];
    expect(answerWaits(records, [429])).toEqual([
      { endpoint: 'GET /stores/{id}', status: 429, ms: 5000, times: 1, tests: 1 },
      { endpoint: 'POST /oauth/token', status: 429, ms: 4000, times: 3, tests: 2 },
    ]);
    expect(answerWaits(records, [502, 503, 504])).toEqual([
      { endpoint: 'GET /stores/{id}', status: 502, ms: 2000, times: 2, tests: 1 },
      { endpoint: 'GET /stores/{id}', status: 503, ms: 1000, times: 1, tests: 1 },
    ]);
  });
});

test("the console and the job summary say how long the run waited on the target's 429s and 502-504s", () => {
  const summary: SummaryFile = {
    verdict: 'CONFORMANT',
    exitCode: EXIT_CODES.conformant,
    reasons: [],
    target: 'http://sandbox.example',
    profile: 'strict',
    selection: 'the whole suite',
    tests: { total: 2, passed: 2, failed: 0, skipped: 0 },
    requirements: { requirements: 2, testable: 2, passed: 2 } as SummaryFile['requirements'],
    knownDeviations: 0,
    failed: [],
    rateLimitWaits: [{ endpoint: 'POST /oauth/token', status: 429, ms: 4000, times: 3, tests: 2 }],
    unavailableWaits: [
      { endpoint: 'GET /stores/{id}', status: 502, ms: 2000, times: 2, tests: 1 },
      { endpoint: 'GET /stores/{id}', status: 503, ms: 1000, times: 1, tests: 1 },
    ],
  };
  expect(waitsHeadline(summary.rateLimitWaits)).toBe(
    "Waited 4.0 s on the target's 429 answers (rate limits) before sending again",
  );
  expect(waitsHeadline(summary.unavailableWaits)).toBe(
    "Waited 3.0 s on the target's 502 and 503 answers to reads (not served just then) before sending again",
  );
  expect(waitsHeadline(summary.unavailableWaits.slice(1))).toContain("on the target's 503 answers to reads");
  const markdown = jobSummaryMarkdown(summary);
  expect(markdown).toContain(`- ${waitsHeadline(summary.rateLimitWaits)}.`);
  expect(markdown).toContain(`- ${waitsHeadline(summary.unavailableWaits)}.`);
  expect(jobSummaryMarkdown({ ...summary, rateLimitWaits: [], unavailableWaits: [] })).not.toContain(
    'Waited',
  );
  // A summary.json written before the 502-504 waits were recorded has no such field.
  const { unavailableWaits: _none, ...older } = summary;
  expect(jobSummaryMarkdown(older as SummaryFile)).toContain(`- ${waitsHeadline(summary.rateLimitWaits)}.`);
});

test('progress: tests done, time so far, and what is left at the pace so far', () => {
  expect(progressLine(0, 137, 15_400)).toBe('… 0/137 tests done after 15 s');
  expect(progressLine(40, 137, 20_000)).toBe('… 40/137 tests done after 20 s; about 49 s left');
});

test.describe('runs', () => {
  test('behind a proxy 40 ms away the run command plans for round trips within the limit, says so, and the run passes', async () => {
    const mock = await startMockInWorker();
    const proxy = await startLatencyProxy(mock.baseUrl, 40);
    try {
      const run = await runSuite({
        target: { ...mock.env, [VARIABLES.baseUrl]: proxy.url },
        // A limit of 2 plans 2 workers (each costs a second of start-up); the default would plan 4.
        env: { PAYMENTS_CONCURRENCY: '2' },
        args: ['--project', 'stores', '--no-html'],
      });
      expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
      expect(run.output).toMatch(
        /The target answers in \d+ ms: 2 workers, each judging up to 1 generated cases side by side \(at most 2 requests in flight: PAYMENTS_CONCURRENCY\)/,
      );
      expect(run.output).toContain('using 2 workers');
    } finally {
      await proxy.close();
      await mock.stop();
    }
  });

  test('against a token rate limit the run passes and its summary names the waits', async () => {
    const mock = await startMockInWorker({ rateLimit: { max: 3, windowSeconds: 1 } });
    try {
      const run = await runSuite({
        target: mock.env,
        // Eight cases: past the limit of 3 a second, so the run waits, in a fraction of the default's time.
        env: { [GENERATIVE_VARIABLES.runs]: '8' },
        args: [
          '--grep',
          'answers every client_credentials request the spec allows with a grant',
          '--no-html',
        ],
      });
      expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
      expect(run.output).toMatch(
        /Waited \d+\.\d s on the target's 429 answers \(rate limits\) before sending again:/,
      );
      expect(run.output).toMatch(/⏳ POST \/oauth\/token: \d+\.\d s after 429 \(\d+ times?, in 1 test\)/);
    } finally {
      await mock.stop();
    }
  });

  test('a request still answered 429 past the bound of a wait leaves its test not tested, not failed', async () => {
    // Every store read is refused for an hour, longer than the bound; everything else goes through.
    const run = await storeTestsBehind((incoming, outgoing) => {
      if (!incoming.url?.startsWith('/stores/')) return false;
      outgoing.writeHead(429, { 'retry-after': '3600', 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ message: 'slow down', error: 'too_many_requests', status: 429 }));
      return true;
    });
    expect(run.exitCode, run.output).toBe(EXIT_CODES.untestable);
    const limited = run.records.filter((r) => r.failures.some((f) => f.kind === 'rate-limited'));
    expect(limited.length, run.output).toBeGreaterThan(0);
    expect(run.records.filter((r) => r.failures.some((f) => f.kind !== 'rate-limited'))).toEqual([]);
    expect(limited[0]!.failures[0]!.message).toContain('GET /stores/{id} was still answered 429');
    expect(run.output).toMatch(/0 failed, \d+ not tested/);
  });

  test('a read or the set-up grant answered 503 once (a blip) is sent again after its Retry-After: the run passes and its summary names the wait', async () => {
    // The first store read, and both of the set-up's token grants (the test token's and the live one's,
    // sent side by side: the first two requests to the token endpoint), are answered 503 once.
    const blips = new Map([
      ['store read', 1],
      ['token grant', 2],
    ]);
    const run = await storeTestsBehind((incoming, outgoing) => {
      const path = incoming.url?.split('?')[0] ?? '';
      const what =
        incoming.method === 'GET' && path.startsWith('/stores/')
          ? 'store read'
          : path === '/oauth/token'
            ? 'token grant'
            : undefined;
      const left = what ? (blips.get(what) ?? 0) : 0;
      if (!what || left === 0) return false;
      blips.set(what, left - 1);
      outgoing.writeHead(503, { 'retry-after': '1', 'content-type': 'text/html' }).end('<h1>503</h1>');
      return true;
    });
    expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
    expect(run.output).toContain(
      "Waited 1.0 s on the target's 503 answers to reads (not served just then) before sending again:",
    );
    expect(run.output).toContain('⏳ GET /stores/{id}: 1.0 s after 503 (1 time, in 1 test)');
    expect(run.output).toContain(
      "The token endpoint answered 503 to the set-up's grant; sent again after 1.0 s",
    );
    const summary = JSON.parse(readFileSync(run.reports.summary, 'utf8')) as SummaryFile;
    expect(summary.unavailableWaits.map((w) => [w.endpoint, w.status])).toContainEqual([
      'GET /stores/{id}',
      503,
    ]);
    expect([...blips.values()]).toEqual([0, 0]);
    // The report shows the wait between the exchange answered 503 and the one that repeats it.
    const attachments = readAllureResults(run.reports.allureResults)
      .flatMap(attachmentsOf)
      .map((a) => a.name);
    expect(attachments).toContainEqual(expect.stringMatching(/^1 response 503 GET \/stores\/\S+$/));
    expect(attachments).toContain('1 waited 1.0 s after 503');
    const waited = attachments.indexOf('1 waited 1.0 s after 503');
    expect(attachments[waited + 1], 'then the same request again').toMatch(/^2 request GET \/stores\/\S+$/);
  });
});

/** The store tests, run against a mock in this worker through a target in front of it (`intercept`). */
async function storeTestsBehind(
  intercept: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean,
): Promise<SuiteRun> {
  const mock = await startMockInWorker();
  const front = await inFrontOf(mock.baseUrl, intercept);
  try {
    return await runSuite({
      target: { ...mock.env, [VARIABLES.baseUrl]: front.url },
      args: ['--project', 'stores', '--no-html'],
    });
  } finally {
    await front.close();
    await mock.stop();
  }
}

/**
 * A target in front of `upstream`: `intercept` answers the requests it takes (it answers true), and the
 * rest are forwarded as they came.
 */
async function inFrontOf(
  upstream: string,
  intercept: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    if (intercept(incoming, outgoing)) return;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void fetch(upstream + incoming.url, {
        method: incoming.method,
        headers: Object.entries(incoming.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
        ),
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      }).then(async (answer) => {
        outgoing.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
        outgoing.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
