/**
 * A failing property is reported so it can be filed and replayed: against a mutant that only generated
 * cases catch (it refuses a quantity above 10, an ordinary quantity every reading of "quantity | integer"
 * must accept), the failure
 * quotes the rule, shows the shrunk counterexample and the seed, names the command that replays it, and
 * the report's last request of the test is that counterexample's (its curl and counterexample.json).
 * The replay command, run, fails again the same way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { citation } from '../../../lib/basis.ts';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { GENERATIVE_VARIABLES } from '../../../lib/generation.ts';
import { runSuite, type SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { attachmentsOf, readAllureResults } from '../reports/support/allure.ts';
import { startMockInWorker, type MockInWorker } from '../reports/support/mock-in-worker.ts';

const MUTANT = 'preference-refuses-quantity-above-ten';
const MOST_ITEMS = 10;
const TITLE = 'accepts every generated preference valid for Electro';
const SEED = '20261123';
const RUN_TIMEOUT_MS = 3 * 60_000;

let mock: MockInWorker;
let run: SuiteRun;

test.beforeAll(async () => {
  mock = await startMockInWorker({ variation: { type: 'mutant', name: MUTANT } });
  run = await runSuite({
    target: mock.env,
    args: ['--grep', TITLE, '--no-html'],
    env: { [GENERATIVE_VARIABLES.seed]: SEED },
    timeoutMs: RUN_TIMEOUT_MS,
  });
});

test.afterAll(async () => {
  await mock?.stop();
});

function failedRecord() {
  const record = run.records.find((r) => r.title === TITLE);
  expect(record, run.output).toBeDefined();
  expect(record!.status, run.output).toBe('failed');
  return record!;
}

test('the failure quotes the rule, then the counterexample, the seed and the replay command', () => {
  expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
  const failure = failedRecord().failures[0]!;
  expect(failure.basis).toBeDefined();
  expect(failure.message.startsWith(citation(failure.basis!))).toBe(true);
  const lines = failure.message.split('\n');
  const quantities = lines
    .filter((l) => /^\s*counterexample: /.test(l))
    .flatMap((l) => [...l.matchAll(/"quantity":(\d+)/g)].map((m) => Number(m[1])));
  expect(
    quantities.some((q) => q > MOST_ITEMS),
    failure.message,
  ).toBe(true);
  expect(
    lines.some((l) => l.trim() === `seed: ${SEED}`),
    failure.message,
  ).toBe(true);
  const replay = lines.find((l) => l.trim().startsWith('replay: '));
  expect(replay, failure.message).toContain(`${GENERATIVE_VARIABLES.seed}=${SEED} `);
  expect(replay).toContain(`--grep "${TITLE}"`);
});

test("the test's last request in the report is the counterexample's, with its curl", () => {
  const results = readAllureResults(run.reports.allureResults).filter((r) => r.name === TITLE);
  expect(results).toHaveLength(1);
  const attachments = attachmentsOf(results[0]!);
  const read = (attachment: { source: string } | undefined) => {
    expect(attachment).toBeDefined();
    return readFileSync(path.join(run.reports.allureResults, attachment!.source), 'utf8');
  };
  const counterexample = JSON.parse(read(attachments.find((a) => a.name === 'counterexample.json'))) as {
    items?: { quantity?: unknown }[];
  };
  expect(counterexample.items?.some((item) => Number(item.quantity) > MOST_ITEMS)).toBe(true);
  const curls = attachments.filter((a) => / curl /.test(a.name));
  expect(curls.length).toBeGreaterThan(0);
  const lastCurl = read(curls.at(-1));
  expect(lastCurl).toContain('/checkout/preferences');
  const sent = [...lastCurl.matchAll(/"quantity":\s*(\d+)/g)].map((m) => Number(m[1]));
  expect(sent.some((q) => q > MOST_ITEMS)).toBe(true);
});

test('the replay command fails the same test again, on the same counterexample', async () => {
  const again = await runSuite({
    target: mock.env,
    args: ['--grep', TITLE, '--no-html'],
    env: { [GENERATIVE_VARIABLES.seed]: SEED },
    timeoutMs: RUN_TIMEOUT_MS,
  });
  expect(again.exitCode, again.output).toBe(EXIT_CODES.deviations);
  const first = failedRecord().failures[0]!.message.split('\n');
  const replayed = again.records.find((r) => r.title === TITLE)!.failures[0]!.message.split('\n');
  const counterexampleOf = (lines: string[]) => lines.find((l) => l.trim().startsWith('counterexample: '));
  expect(counterexampleOf(replayed)).toBe(counterexampleOf(first));
});
