/**
 * Writes allure-results files shaped like allure-playwright's, so the report scripts can be tested
 * without running the conformance suite.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentedPaths } from '../../../../scripts/report/coverage.ts';

export interface SyntheticTest {
  name: string;
  status: 'passed' | 'failed' | 'broken' | 'skipped';
  story: string;
  feature?: string;
  message?: string;
  allowance?: string;
  /** Same historyId as another result: the same test run again (a shard's setup, a rerun). */
  historyId?: string;
  stop?: number;
}

export function writeResults(dir: string, tests: readonly SyntheticTest[]): void {
  mkdirSync(dir, { recursive: true });
  for (const test of tests) {
    const uuid = randomUUID();
    const stop = test.stop ?? Date.now();
    const result = {
      uuid,
      historyId: test.historyId ?? `history-${test.name}`,
      testCaseId: `case-${test.name}`,
      name: test.name,
      fullName: `synthetic.spec.ts#${test.name}`,
      status: test.status,
      stage: 'finished',
      statusDetails: test.message ? { message: test.message } : {},
      start: stop - 5,
      stop,
      labels: [
        { name: 'epic', value: 'synthetic' },
        { name: 'feature', value: test.feature ?? 'GET /synthetic' },
        { name: 'story', value: test.story },
        ...(test.allowance ? [{ name: 'allowance', value: test.allowance }] : []),
      ],
      steps: [],
      attachments: [],
      parameters: [],
    };
    writeFileSync(join(dir, `${uuid}-result.json`), JSON.stringify(result));
  }
}

/** One passing test per documented path, plus `extra` behaviour tests: a run the gate accepts. */
export function passingRun(extra = 0): SyntheticTest[] {
  return [
    ...documentedPaths().map((path) => ({
      name: `covers ${path.key}`,
      status: 'passed' as const,
      story: path.key,
    })),
    ...Array.from({ length: extra }, (_, i) => ({
      name: `behaviour ${i}`,
      status: 'passed' as const,
      story: `behaviour:synthetic-${i}`,
    })),
  ];
}
