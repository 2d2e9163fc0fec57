/**
 * `npm run conformance [-- <playwright args>]`: runs the conformance projects (`npm run conformance:run`),
 * then ALWAYS builds the coverage matrix and the Allure report and applies the quality gate; the exit
 * code is the gate's. With `--shard=i/n` it only runs its share into <reports>/shard-i-of-n and leaves
 * report and gate to `npm run report:merge` (a single shard cannot judge coverage).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPORTS_DIR_VARIABLE, reportPaths, reportPathsUnder } from '../../lib/report-paths.ts';
import { buildReport } from './build-report.ts';
import { shardOf } from './shard.ts';
import { printSummary } from './summary.ts';

const RUN_SCRIPT = 'conformance:run';
const NO_RESULTS = (dir: string) => `No allure results were written to ${dir}: the test run did not execute.`;

const args = process.argv.slice(2);
const shard = shardOf(args);
const basePaths = reportPaths();
const paths = shard ? reportPathsUnder(join(basePaths.root, shard.dirName)) : basePaths;

// Results of an earlier run in the same folder would be reported again as if they were this run's.
rmSync(paths.allureResults, { recursive: true, force: true });
rmSync(paths.junit, { force: true });

const run = spawnSync('npm', ['run', '--silent', RUN_SCRIPT, '--', ...args], {
  stdio: 'inherit',
  env: { ...process.env, [REPORTS_DIR_VARIABLE]: paths.root },
});
const testRunExitCode = run.status ?? 1;

if (shard) {
  const wrote = existsSync(paths.allureResults) && readdirSync(paths.allureResults).length > 0;
  if (!wrote) console.error(NO_RESULTS(paths.allureResults));
  console.log(
    `\nShard ${shard.label} results: ${paths.allureResults}\nMerge all shards into one report and gate: npm run report:merge -- <shard folders...>`,
  );
  process.exit(wrote ? 0 : 1);
}

const outcome = await buildReport({ resultsDirs: [paths.allureResults], paths, testRunExitCode });
printSummary(outcome, paths);
process.exit(outcome.gatePassed ? 0 : 1);
