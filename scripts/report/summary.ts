/** The few lines a run ends with: where the report and the coverage matrix are, and the gate's verdict. */
import { relative } from 'node:path';
import type { ReportPaths } from '../../lib/report-paths.ts';
import type { BuildReportOutcome } from './build-report.ts';

const shown = (path: string) => relative(process.cwd(), path) || '.';

export function printSummary(outcome: BuildReportOutcome, paths: ReportPaths): void {
  const { coverage, gatePassed, gateResults } = outcome;
  const { totals, tests } = coverage;
  console.log('');
  console.log(
    `Tests: ${tests.total} — passed ${tests.passed}, failed ${tests.failed}, broken ${tests.broken}, skipped ${tests.skipped}`,
  );
  console.log(
    `Documented paths: ${totals.paths} — passed ${totals.passed}, failed ${totals.failed}, not exercised on this target ${totals['not exercised']}, without any test ${totals.untested}`,
  );
  console.log(`Coverage matrix: ${shown(paths.coverageMarkdown)} (and ${shown(paths.coverageJson)})`);
  console.log(`HTML report:     ${shown(paths.allureReport)}/index.html — view it with: npm run report:open`);
  for (const result of gateResults)
    console.log(`  ${result.success ? 'ok  ' : 'FAIL'} ${result.rule}: ${result.message}`);
  console.log(`Quality gate: ${gatePassed ? 'PASSED' : 'FAILED'}`);
}
