// @ts-check
/**
 * Code-level mutation testing of the mock's route handlers and state transitions (`npm run
 * mutation:stryker`): each Stryker mutant must make the conformance suite fail. The command runner runs
 * scripts/mutation/stryker-command.ts, which runs only the specs of the mutated code's
 * area and stops at the first failure, to keep a run bounded. Measured, not gated; the score is
 * recorded in the README ("Mutation testing").
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';

/**
 * The MockState methods mutated: its state transitions and the one lookup whose decision a test can see
 * (findAccessToken's expiry); one list with the areas stryker-command.ts runs for each.
 */
const STATE_METHODS = Object.keys(
  JSON.parse(readFileSync('scripts/mutation/stryker-state-methods.json', 'utf8')).methods,
);

/** `mock/state.ts:FROM-TO` for each method, found in the current source (Stryker runs from the project root). */
function stateTransitionRanges() {
  const lines = readFileSync('mock/state.ts', 'utf8').split('\n');
  return STATE_METHODS.map((method) => {
    const start = lines.findIndex((line) => line.startsWith(`  ${method}(`));
    const end = lines.findIndex((line, i) => i > start && line === '  }');
    if (start < 0 || end < 0) throw new Error(`stryker.config.mjs: no method ${method} in mock/state.ts`);
    return `mock/state.ts:${start + 1}-${end + 1}`;
  });
}

/** Route handlers (the test-control routes are not part of the API) and the state methods. */
const ROUTE_HANDLERS = ['mock/routes/**/*.ts', '!mock/routes/control.ts'];
const SCOPES = {
  all: [...ROUTE_HANDLERS, ...stateTransitionRanges()],
  routes: ROUTE_HANDLERS,
  state: stateTransitionRanges(),
};
/** STRYKER_SCOPE=state|routes runs one part (results accumulate in the incremental file); default all. */
const scope = process.env.STRYKER_SCOPE ?? 'all';
if (!Object.hasOwn(SCOPES, scope)) {
  throw new Error(
    `STRYKER_SCOPE must be one of ${Object.keys(SCOPES).join(', ')}, got ${JSON.stringify(scope)}`,
  );
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'command',
  commandRunner: { command: 'node --import tsx scripts/mutation/stryker-command.ts' },
  mutate: SCOPES[scope],
  coverageAnalysis: 'off',
  concurrency: 2,
  // A whole-suite dry run takes about two minutes on a loaded machine; mutant runs are one area.
  timeoutMS: 120_000,
  timeoutFactor: 1.5,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/stryker/index.html' },
  jsonReporter: { fileName: 'reports/stryker/mutation.json' },
  incremental: true,
  incrementalFile: 'reports/stryker/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // Only what the suite and the mock need is copied to the sandbox (node_modules is linked).
  ignorePatterns: [
    '/*',
    '!/lib',
    '!/mock',
    '!/schemas',
    '!/factories',
    '!/tests',
    '!/scripts',
    '!/run',
    '!/reporting',
    '!/cli',
    '!/package.json',
    '!/tsconfig.json',
    '!/playwright.config.ts',
  ],
};
export default config;
