/**
 * Runs before every conformance project (a project dependency): one clear error and a fast non-zero
 * exit when the target does not answer; otherwise the run's tokens, stored under .tokens/.
 */
import { statSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { readRunTokens, runTokensFile, writeRunTokens } from '../support/run-state.ts';
import { checkTargetAnswers, obtainRunTokens } from '../support/tokens.ts';

/** Owner read/write only: the file holds bearer tokens. */
const PRIVATE_FILE_MODE = 0o600;

test('target answers and the run has its tokens', async ({ api, config }) => {
  await test.step('probe the target', () => checkTargetAnswers(api, config));

  const tokens = await test.step('obtain the tokens', () => obtainRunTokens(api, config));

  // No token value in these messages: they reach the reports.
  expect(tokens.test.accessToken.length > 0, 'the test token is not empty').toBe(true);
  // A live bearer is not a setup failure: the run goes on and every destructive test refuses, saying why
  // (tests/self/reliability/no-harm.test.ts proves it against a target that only issues live tokens).
  expect(tokens.live?.accessToken !== '', 'the non-test token, where issued, is not empty').toBe(true);

  writeRunTokens(tokens);
  const mode = statSync(runTokensFile()).mode & 0o777;
  expect(mode.toString(8), 'the tokens file is readable by its owner only').toBe(
    PRIVATE_FILE_MODE.toString(8),
  );
  expect(readRunTokens().test.accessToken === tokens.test.accessToken, 'the run tokens read back').toBe(true);
});
