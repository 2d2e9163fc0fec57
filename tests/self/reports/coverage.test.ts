import { expect, test } from '@playwright/test';
import { DOCUMENTED_ERRORS, ENDPOINTS } from '../../../lib/catalogue.ts';
import { buildCoverage, documentedPaths, untestedKeys } from '../../../scripts/report/coverage.ts';
import { renderCoverageMarkdown } from '../../../scripts/report/coverage-markdown.ts';
import { latestPerTest, toExecutedTest, type ExecutedTest } from '../../../scripts/report/executed-tests.ts';

function executed(
  name: string,
  status: string,
  story: string,
  extra: Partial<{ message: string; stop: number; historyId: string }> = {},
): ExecutedTest {
  return toExecutedTest({
    name,
    fullName: `f#${name}`,
    historyId: extra.historyId ?? name,
    status,
    stop: extra.stop ?? 1,
    statusDetails: extra.message ? { message: extra.message } : {},
    labels: [{ name: 'story', value: story }],
  });
}

test.describe('coverage matrix', () => {
  test('has one row per endpoint success and per Errors-table row', () => {
    const keys = documentedPaths().map((p) => p.key);
    expect(keys).toHaveLength(ENDPOINTS.length + DOCUMENTED_ERRORS.length);
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of ENDPOINTS) expect(keys).toContain(`${endpoint.id}.success`);
    for (const row of DOCUMENTED_ERRORS) expect(keys).toContain(row.key);
  });

  test('gives each path the verdict of the tests that claim it', () => {
    const coverage = buildCoverage([
      executed('ok', 'passed', 'token.success'),
      executed('broken contract', 'failed', 'token.400.invalid_client', {
        message: 'expected code invalid_client\nmore',
      }),
      executed('ok too', 'passed', 'token.400.invalid_client'),
      executed('needs faults', 'skipped', 'token.429.local_rate_limited', {
        message: "needs ability 'faults'",
      }),
      executed('behaviour', 'passed', 'behaviour:refresh rotates'),
      executed('typo', 'passed', 'token.400.invalid_clientt'),
    ]);
    const verdict = (key: string) => coverage.rows.find((r) => r.key === key)?.verdict;
    expect(verdict('token.success')).toBe('passed');
    expect(verdict('token.400.invalid_client')).toBe('failed');
    expect(verdict('token.429.local_rate_limited')).toBe('not exercised');
    expect(verdict('store.success')).toBe('untested');
    const skipped = coverage.rows.find((r) => r.key === 'token.429.local_rate_limited')?.tests[0];
    expect(skipped?.reason).toBe("needs ability 'faults'");
    const failing = coverage.rows
      .find((r) => r.key === 'token.400.invalid_client')
      ?.tests.find((t) => t.outcome === 'failed');
    expect(failing?.reason).toBe('expected code invalid_client');
    expect(coverage.unknownKeys).toEqual([{ key: 'token.400.invalid_clientt', tests: ['f#typo'] }]);
    expect(coverage.totals.untested).toBe(documentedPaths().length - 3);
    expect(coverage.tests).toMatchObject({ total: 6, passed: 4, failed: 1, skipped: 1 });
  });

  test('counts a skipped test as a test, so only paths nobody wrote a test for are untested', () => {
    const all = documentedPaths().map((p) => executed(p.key, 'skipped', p.key, { message: 'no ability' }));
    expect(untestedKeys(all)).toEqual([]);
    expect(untestedKeys(all.slice(1))).toEqual([documentedPaths()[0]?.key]);
  });

  test('keeps one result per test, the latest, when a test ran twice (setup in every shard)', () => {
    const tests = latestPerTest([
      executed('setup', 'failed', 'behaviour:setup', { historyId: 'h', stop: 1 }),
      executed('setup', 'passed', 'behaviour:setup', { historyId: 'h', stop: 2 }),
      executed('other', 'passed', 'token.success'),
    ]);
    expect(tests.map((t) => `${t.name}:${t.outcome}`).sort()).toEqual(['other:passed', 'setup:passed']);
  });

  test('records allowances from an Allure label or an annotation step', () => {
    const fromLabel = toExecutedTest({
      name: 'a',
      status: 'passed',
      labels: [{ name: 'allowance', value: 'amount-as-string' }],
    });
    const fromStep = toExecutedTest({
      name: 'b',
      status: 'passed',
      steps: [{ name: 'allowance: refresh-token-reusable', steps: [] }],
    });
    expect(fromLabel.allowances).toEqual(['amount-as-string']);
    expect(fromStep.allowances).toEqual(['refresh-token-reusable']);
  });

  test('renders every row, the untested paths, what was not exercised and the allowances', () => {
    const coverage = buildCoverage([
      toExecutedTest({
        name: 'lenient',
        status: 'passed',
        labels: [
          { name: 'story', value: 'token.success' },
          { name: 'allowance', value: 'amount-as-string' },
        ],
      }),
      executed('needs faults', 'skipped', 'token.429.local_rate_limited', {
        message: "needs ability 'faults'",
      }),
    ]);
    const markdown = renderCoverageMarkdown(coverage);
    for (const path of documentedPaths()) expect(markdown).toContain(`\`${path.key}\``);
    expect(markdown).toContain('## Documented paths without any test (the gate fails)');
    expect(markdown).toContain("- `token.429.local_rate_limited`: needs ability 'faults'");
    expect(markdown).toContain('- `amount-as-string`: lenient');
  });
});
