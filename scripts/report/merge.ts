/**
 * `npm run report:merge -- <folder...>`: one Allure report, one coverage matrix and one gate verdict from
 * several shards' output. Each folder is a shard's reports folder (holding allure-results) or an
 * allure-results folder itself. Output goes to the reports folder (CONFORMANCE_REPORTS_DIR, default
 * reports/); the exit code is the gate's.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { reportPaths } from '../../lib/report-paths.ts';
import { buildReport } from './build-report.ts';
import { printSummary } from './summary.ts';

const USAGE = 'usage: npm run report:merge -- <shard folder or allure-results folder>...';
const NOT_RESULTS = (dir: string) =>
  `${dir} holds no allure results (no *-result.json in it or in its allure-results folder)`;

const holdsResults = (dir: string) =>
  existsSync(dir) && readdirSync(dir).some((file) => file.endsWith('-result.json'));

function resultsDirOf(dir: string): string | undefined {
  const absolute = resolve(dir);
  return [join(absolute, 'allure-results'), absolute].find(holdsResults);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error(USAGE);
  process.exit(2);
}
const missing = dirs.filter((dir) => resultsDirOf(dir) === undefined);
if (missing.length > 0) {
  for (const dir of missing) console.error(NOT_RESULTS(dir));
  process.exit(2);
}
const paths = reportPaths();
const outcome = await buildReport({ resultsDirs: dirs.map((dir) => resultsDirOf(dir) ?? dir), paths });
printSummary(outcome, paths);
process.exit(outcome.gatePassed ? 0 : 1);
