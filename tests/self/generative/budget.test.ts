/** The seed and budget of generated checks (lib/generation.ts): read, refused when malformed, replayable. */
import { expect, test } from '@playwright/test';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import {
  GENERATIVE_VARIABLES,
  GenerativeConfigError,
  replayCommand,
  runSeed,
  runsFor,
  testSeed,
} from '../../../lib/generation.ts';

test('PAYMENTS_SEED is the seed; without it the run id decides, the same in every worker', () => {
  expect(runSeed({ [GENERATIVE_VARIABLES.seed]: '20261123' })).toBe(20261123);
  const byRun = { [RUN_VARIABLES.runId]: 'b7c1e3a0-run' };
  expect(runSeed(byRun)).toBe(runSeed({ ...byRun }));
  expect(runSeed(byRun)).not.toBe(runSeed({ [RUN_VARIABLES.runId]: 'another-run' }));
});

test('a malformed seed or budget is one clear error', () => {
  for (const raw of ['-1', '1.5', 'abc', '2147483648']) {
    expect(() => runSeed({ [GENERATIVE_VARIABLES.seed]: raw })).toThrow(GenerativeConfigError);
    expect(() => runSeed({ [GENERATIVE_VARIABLES.seed]: raw })).toThrow(/^PAYMENTS_SEED must be an integer/);
  }
  expect(() => runsFor(10, { [GENERATIVE_VARIABLES.runs]: '0' })).toThrow(
    /^PAYMENTS_GENERATIVE_RUNS must be/,
  );
});

test('PAYMENTS_GENERATIVE_RUNS replaces each test default', () => {
  expect(runsFor(12, {})).toBe(12);
  expect(runsFor(12, { [GENERATIVE_VARIABLES.runs]: '200' })).toBe(200);
});

test('each test draws from its own seed, fixed by the run seed and its title', () => {
  expect(testSeed(1, 'a')).toBe(testSeed(1, 'a'));
  expect(testSeed(1, 'a')).not.toBe(testSeed(1, 'b'));
  expect(testSeed(1, 'a')).not.toBe(testSeed(2, 'a'));
});

test('the replay command names the seed and the exact title, in the form the run was started with', () => {
  const title = 'accepts every generated preference valid for Home & deco (x)';
  expect(replayCommand(7, title, { npm_lifecycle_event: 'conformance' })).toBe(
    'PAYMENTS_SEED=7 npm run conformance -- --grep "accepts every generated preference valid for Home & deco \\(x\\)"',
  );
  expect(replayCommand(7, title, {})).toBe(
    'PAYMENTS_SEED=7 npx payments-conformance run --grep "accepts every generated preference valid for Home & deco \\(x\\)"',
  );
});
