/**
 * `npm run baseline -- --reason "..." --until YYYY-MM-DD [--baseline FILE]`: accepts the last run's
 * deviations as known until a date, merging them into the baseline file (entries already there are kept).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EXIT_CODES } from '../lib/exit-codes.ts';
import { reportPaths } from '../lib/report-paths.ts';
import { parseResults } from '../lib/results.ts';
import {
  baselineFileOf,
  BaselineError,
  deviationsOf,
  isDay,
  readBaseline,
  today,
  withDeviations,
  writeBaseline,
} from '../reporting/baseline.ts';
import type { SummaryFile } from '../reporting/summary.ts';
import type { CommandIo } from './io.ts';

export const BASELINE_HELP = `Usage: npm run baseline -- --reason "why it is accepted" --until YYYY-MM-DD [--baseline FILE] [--reports DIR]

Adds the deviations of the last run (read from the reports folder) to the baseline of known deviations,
for that run's target, until the given day. Entries already in the file are kept as they are, and a run
with no deviation, or none that is not listed yet, leaves the file as it was (or absent). A later
run fails only on deviations not in the baseline, or past their date; listed ones are reported as
"known deviation until DATE: reason".

Options:
  --reason TEXT     why the deviations are accepted (required)
  --until DAY       the last day they are accepted, YYYY-MM-DD, today or later (required)
  --baseline FILE   the baseline file (default ./conformance-baseline.json, or PAYMENTS_BASELINE)
  --reports DIR     the reports folder of the run to take them from (default ./reports)`;

export function baselineCommand(argv: readonly string[], io: CommandIo): number {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        reason: { type: 'string' },
        until: { type: 'string' },
        baseline: { type: 'string' },
        reports: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      io.out(BASELINE_HELP);
      return EXIT_CODES.conformant;
    }
    if (!values.reason?.trim())
      throw new BaselineError('--reason is required: say why the deviations are accepted');
    if (!values.until || !isDay(values.until))
      throw new BaselineError(`--until needs a day YYYY-MM-DD, got ${JSON.stringify(values.until ?? '')}`);
    if (values.until < today()) throw new BaselineError(`--until ${values.until} is in the past`);
    const paths = reportPaths(
      values.reports ? { ...process.env, CONFORMANCE_REPORTS_DIR: values.reports } : process.env,
    );
    if (!existsSync(paths.results) || !existsSync(paths.summary)) {
      throw new BaselineError(
        `no run to take deviations from in ${paths.root}: run npm run conformance first`,
      );
    }
    const summary = JSON.parse(readFileSync(paths.summary, 'utf8')) as SummaryFile;
    const { file } = baselineFileOf(values.baseline);
    // This command creates the file: a named one that does not exist yet starts empty.
    const baseline = readBaseline(file, false);
    const deviations = deviationsOf(parseResults(readFileSync(paths.results, 'utf8')));
    // Nothing new to accept leaves the file as it was (or absent): an empty baseline is not a decision.
    if (deviations.length === 0) {
      io.out(
        `The last run in ${paths.root} (${summary.target}: ${summary.verdict}) had no deviation: nothing to accept, ${file} left as it was.`,
      );
      return EXIT_CODES.conformant;
    }
    const { baseline: updated, added } = withDeviations(
      baseline,
      deviations,
      summary.target,
      values.reason.trim(),
      values.until,
    );
    const kept = deviations.length - added.length;
    if (added.length === 0) {
      io.out(
        `All ${kept} deviation(s) of the last run are already listed in ${file}, and are kept as they are.`,
      );
      return EXIT_CODES.conformant;
    }
    writeBaseline(updated);
    io.out(`${added.length} deviation(s) added to ${file} for ${summary.target}, until ${values.until}:`);
    for (const entry of added) io.out(`  + ${entry.test} (${entry.requirement})`);
    if (kept > 0) io.out(`${kept} deviation(s) were already listed and are kept as they are.`);
    return EXIT_CODES.conformant;
  } catch (error) {
    if (
      error instanceof BaselineError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      io.err(`${error.name}: ${error.message}`);
      return EXIT_CODES.usage;
    }
    throw error;
  }
}
