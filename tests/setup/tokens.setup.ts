/**
 * Runs before every conformance project (a project dependency): one clear error and a fast non-zero
 * exit when the target does not answer; otherwise the run's tokens, stored under .tokens/.
 */
import { expect, test } from '../support/fixtures.ts';
import { readRunTokens, writeRunTokens } from '../support/run-state.ts';
import { checkTargetAnswers, obtainRunTokens } from '../support/tokens.ts';

test('target answers and the run has its tokens', async ({ api, config }) => {
  await test.step('probe the target', () => checkTargetAnswers(api, config));

  const tokens = await test.step('obtain the tokens', () => obtainRunTokens(api, config));

  writeRunTokens(tokens);
  expect(readRunTokens().test.accessToken === tokens.test.accessToken, 'the run tokens are stored').toBe(
    true,
  );
});
