/**
 * The quality gate, in Allure 3's own `qualityGate` format (allurerc.ts uses it, so `npx allure
 * quality-gate` applies the same rules as `npm run conformance`):
 * - no failed or broken test;
 * - at least CONFORMANCE_MIN_TESTS tests actually executed (skips do not count), so a run that silently
 *   executed nothing fails;
 * - every documented path of the spec has at least one test (a skipped one counts: not exercising a
 *   path for lack of ability is reported in the coverage matrix, not failed).
 */
import type { QualityGateConfig, QualityGateRule } from '@allurereport/plugin-api';
import { qualityGateDefaultRules } from 'allure/rules';
import { untestedKeys } from './coverage.ts';
import { toExecutedTest } from './executed-tests.ts';

export const MIN_TESTS_VARIABLE = 'CONFORMANCE_MIN_TESTS';
export const DEFAULT_MIN_TESTS = 50;
export const DOCUMENTED_PATHS_RULE = 'documentedPathsWithoutTest';

/** Allowed number of documented paths without any test (the gate uses 0). */
export const documentedPathsRule: QualityGateRule<number, string[]> = {
  rule: DOCUMENTED_PATHS_RULE,
  message: ({ actual, expected }) =>
    `${actual.length} documented path(s) have no test at all (allowed ${expected}): ${actual.join(', ')}`,
  successMessage: () => 'Every documented path of the spec has at least one test',
  validate: ({ trs, expected, state }) => {
    // The rule may see the results in batches; it remembers which keys are still without a test.
    const previous = state.getResult() as string[] | undefined;
    const stillUntested = untestedKeys(trs.map(toExecutedTest)).filter(
      (key) => previous === undefined || previous.includes(key),
    );
    state.setResult(stillUntested, []);
    return Promise.resolve({
      success: stillUntested.length <= expected,
      actual: stillUntested,
      testResults: [],
    });
  },
};

export const TEST_RUN_EXIT_RULE = 'testRunExitCode';

/**
 * The test runner's own verdict, for what no test result records (a global setup or teardown error, a
 * crashed worker, "no tests found"). Added only by the scripts that ran the tests and know the code.
 */
export function testRunExitRule(exitCode: number): QualityGateRule<number, number> {
  return {
    rule: TEST_RUN_EXIT_RULE,
    message: ({ actual }) => `The test run exited with code ${actual} (see its console output)`,
    successMessage: () => 'The test run exited with code 0',
    validate: ({ expected }) =>
      Promise.resolve({ success: exitCode === expected, actual: exitCode, testResults: [] }),
  };
}

export function minTestsFrom(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MIN_TESTS_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_MIN_TESTS;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${MIN_TESTS_VARIABLE} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  }
  return parsed;
}

export function qualityGateConfig(minTests: number): QualityGateConfig {
  return {
    rules: [
      { id: 'verdict', maxFailures: 0 },
      { id: 'executed', minTestsCount: minTests, filter: (tr) => tr.status !== 'skipped' },
      { id: 'coverage', [DOCUMENTED_PATHS_RULE]: 0 },
    ],
    use: [...(qualityGateDefaultRules as QualityGateRule[]), documentedPathsRule as QualityGateRule],
  };
}
