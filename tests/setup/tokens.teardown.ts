/** Runs after every conformance project: removes the run's tokens and markers from .tokens/. */
import { existsSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { removeRunDirectory, runDirectory } from '../support/run-state.ts';

test('the run tokens are removed', () => {
  removeRunDirectory();
  expect(existsSync(runDirectory()), 'no token of this run outlives it').toBe(false);
});
