import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends a run with one plain `N passed, N failed, N skipped` line that CI logs can be read by. */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
  }

  onEnd(_result: FullResult): void {
    const all = [...this.outcomes.values()];
    const passed = all.filter((o) => o === 'expected' || o === 'flaky').length;
    const failed = all.filter((o) => o === 'unexpected').length;
    const skipped = all.filter((o) => o === 'skipped').length;
    console.log(`self-tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
