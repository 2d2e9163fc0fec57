/**
 * `--last-failed` checked before anything runs. Playwright reruns the failures its record of the last
 * run names; without that record it would run the whole suite, and after a run with no failure it runs
 * nothing, and either run would replace the last run's reports with its own. Neither is what was asked.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT_CODES } from '../lib/exit-codes.ts';
import { shownPath, type ReportPaths } from '../lib/report-paths.ts';
import type { SummaryFile } from '../reporting/summary.ts';
import type { CommandIo } from './io.ts';
import { LAST_RUN_FILE } from './playwright.ts';

/**
 * The exit code when there is nothing to rerun in the reports folder `paths` (said on `io`, the folder
 * left as it is); undefined when the last run there left failures to rerun.
 */
export function nothingToRerun(paths: ReportPaths, io: CommandIo): number | undefined {
  if (!existsSync(path.join(paths.root, LAST_RUN_FILE))) {
    io.err(
      `UsageError: --last-failed reruns the failures of the last run in ${shownPath(paths.root)}, and no run left its record there: run the suite first, or name that run's reports folder with --reports DIR`,
    );
    return EXIT_CODES.usage;
  }
  if (!existsSync(paths.summary)) return undefined;
  const last = JSON.parse(readFileSync(paths.summary, 'utf8')) as SummaryFile;
  if (last.tests.failed > 0) return undefined;
  io.out(
    `Nothing to rerun: the last run in ${shownPath(paths.root)} (${last.selection}) had no failed test. Its verdict stands, ${last.verdict} (exit ${last.exitCode}), and its reports are left as they were.`,
  );
  return last.exitCode;
}
