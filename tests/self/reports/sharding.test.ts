/**
 * Two shards of the real conformance suite on this machine (embedded mock), merged by
 * `npm run report:merge`: the merged report holds every test of the suite exactly once, although
 * Playwright runs the setup and teardown projects in both shards.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import { runScript } from './support/run-script.ts';
import { isolatedDir, removeIsolatedDirsAfterPassingTests } from './support/temp-dir.ts';

const PLAYWRIGHT_CLI = 'node_modules/@playwright/test/cli.js';
const LISTED_TOTAL = /Total: (\d+) tests? in/;

interface ReportedTest {
  fullName: string;
  isRetry: boolean;
  parameters: { name: string; value: string }[];
}

function reportedTests(allureReport: string): ReportedTest[] {
  const dir = join(allureReport, 'data', 'test-results');
  return readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReportedTest);
}

test.describe('sharded runs', () => {
  // Two conformance runs and a merge, on two cores.
  test.setTimeout(10 * 60_000);
  removeIsolatedDirsAfterPassingTests();

  test('two shards merge into one report holding every test exactly once', async () => {
    const root = isolatedDir('shards');
    const env = { CONFORMANCE_REPORTS_DIR: root, CONFORMANCE_MIN_TESTS: '' };

    const listing = await runScript(PLAYWRIGHT_CLI, ['test', '--list'], env);
    const total = Number(LISTED_TOTAL.exec(listing.output)?.[1]);
    expect(total, listing.output).toBeGreaterThan(0);

    for (const shard of ['1/2', '2/2']) {
      // --output: Playwright empties its output folder at start; a concurrent run must not share it.
      const output = join(root, 'test-results');
      const run = await runScript(
        'scripts/report/conformance.ts',
        [`--shard=${shard}`, '--output', output],
        env,
      );
      expect(run.status, run.output).toBe(0);
    }
    const shardDirs = ['shard-1-of-2', 'shard-2-of-2'].map((name) => join(root, name));
    const merge = await runScript('scripts/report/merge.ts', shardDirs, env);
    expect(merge.status, merge.output).toBe(0);

    const shown = reportedTests(reportPathsUnder(root).allureReport).filter((t) => !t.isRetry);
    const identities = shown.map((t) => `${t.fullName} ${JSON.stringify(t.parameters)}`);
    expect(new Set(identities).size, 'no test shown twice').toBe(identities.length);
    expect(identities).toHaveLength(total);
    const statistic = JSON.parse(
      readFileSync(join(reportPathsUnder(root).allureReport, 'widgets', 'statistic.json'), 'utf8'),
    ) as { total: number };
    expect(statistic.total).toBe(total);
  });
});
