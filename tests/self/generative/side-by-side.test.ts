/**
 * Against a far target a generated test judges its cases side by side (lib/concurrency.ts). That must
 * change only how long it takes: with the same seed, a property and a model that fail one at a time fail
 * the same way side by side, with the same shrunk counterexample.
 */
import { expect, test } from '@playwright/test';
import { GENERATIVE_VARIABLES } from '../../../lib/generation.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { startMockInWorker } from '../reports/support/mock-in-worker.ts';

const SEED = '20261127';
const SIDE_BY_SIDE = 4;

const CASES = [
  {
    mutant: 'preference-refuses-quantity-above-ten',
    title: 'accepts every generated preference valid for Electro',
  },
  {
    mutant: 'token-refresh-chain-limited',
    title: 'the token lifecycle follows the spec over generated sequences of calls',
  },
] as const;

/** The lines of a failure that name what failed: the counterexample and the seed. */
const counterexampleLines = (message: string) =>
  message.split('\n').filter((line) => /^\s*(counterexample|seed): /.test(line));

for (const { mutant, title } of CASES)
  test(`${title}: the same counterexample one case at a time and ${SIDE_BY_SIDE} side by side`, async () => {
    const mock = await startMockInWorker({ variation: { type: 'mutant', name: mutant } });
    try {
      const failureWith = async (cases: number) => {
        const run = await runSuite({
          via: 'playwright',
          target: mock.env,
          args: ['--grep', title, '--workers', '1'],
          env: { [GENERATIVE_VARIABLES.seed]: SEED, [RUN_VARIABLES.casesInFlight]: String(cases) },
        });
        const record = run.records.find((r) => r.title === title);
        expect(record?.status, run.output).toBe('failed');
        const lines = counterexampleLines(record!.failures[0]!.message);
        expect(lines.length, record!.failures[0]!.message).toBeGreaterThan(1);
        return lines;
      };
      expect(await failureWith(SIDE_BY_SIDE)).toEqual(await failureWith(1));
    } finally {
      await mock.stop();
    }
  });
