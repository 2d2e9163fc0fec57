/**
 * Everything after the tests, from their typed results: the baseline applied, coverage by requirement
 * (Markdown, JSON and the HTML attached to the report), JUnit, the history of this target, the Allure
 * report, the console summary, summary.json and the verdict. Used by a run and by a merge of shards.
 *
 * Allure's report builder is imported only for a run that builds the HTML report: loading Allure takes
 * about 2 s of CPU, more than the rest of this module's work on a run of an area.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { ReportPaths } from '../lib/report-paths.ts';
import type { TestRecord } from '../lib/results.ts';
import { keepResults, markKnownDeviations, type KeptResults } from './allure-results.ts';
import type { AllureFile } from './result-files.ts';
import { applyBaseline, type Baseline } from './baseline.ts';
import { buildCoverage } from './coverage.ts';
import { renderCoverageHtml } from './coverage-html.ts';
import { renderCoverageMarkdown } from './coverage-markdown.ts';
import { entryOf, historyFiles, recordRun } from './history.ts';
import { renderJunit } from './junit.ts';
import { summaryFile, summaryLines, type ShardOfRun } from './summary.ts';
import { computeVerdict, type CutShort, type RunVerdict } from './verdict.ts';

export interface RunReportInput {
  records: readonly TestRecord[];
  /** Every test of the suite, for a subset run; the records themselves for a whole run. */
  inventory?: readonly Pick<TestRecord, 'key' | 'title' | 'requirements'>[];
  /** Allure's result files of the run (or of the shards merged). */
  allureResults: readonly AllureFile[];
  /** Where those files are kept for Allure's tools and later merges: the run's reports folder. */
  keepAllureResultsIn?: KeptResults;
  subset: boolean;
  /** The least share of the testable requirements, in percent, the run must exercise (--min-exercised). */
  minExercised?: number;
  /** Set when the runner reported fewer tests than it planned: how far it got. */
  cutShort?: CutShort;
  /** The tests a run cut short planned and never reported (lib/results.ts RunProgress.keys). */
  notRun?: ReadonlySet<string>;
  selection: string;
  /** Set for a shard of a run: recorded in summary.json for `report merge`. */
  shard?: ShardOfRun;
  /** The target as reports name it: its base URL without credentials, or `embedded mock`. */
  target: string;
  profile: string;
  abilities: string;
  baseline: Baseline;
  paths: ReportPaths;
  invocation: string;
  /** Extra lines for the report's overview. */
  variables?: Record<string, string>;
  /** Whether to build Allure's HTML report (default yes); without it, a report of an earlier run is removed. */
  html?: boolean;
}

export async function buildRunReports(
  input: RunReportInput,
): Promise<{ verdict: RunVerdict; lines: string[] }> {
  const { records, paths } = input;
  const baseline = applyBaseline(input.baseline, records, input.target);
  const coverage = buildCoverage({
    records,
    inventory: input.inventory ?? records,
    ...(input.notRun ? { notRun: input.notRun } : {}),
    baseline,
    target: input.target,
    profile: input.profile,
    selection: input.selection,
  });
  const verdict = computeVerdict({
    records,
    baseline,
    coverage,
    subset: input.subset,
    minExercised: input.minExercised,
    cutShort: input.cutShort,
  });
  mkdirSync(paths.root, { recursive: true });
  writeFileSync(paths.coverageJson, `${JSON.stringify(coverage, null, 2)}\n`);
  writeFileSync(paths.coverageMarkdown, renderCoverageMarkdown(coverage));
  writeFileSync(paths.coverageHtml, renderCoverageHtml(coverage));
  writeFileSync(paths.junit, renderJunit(records, baseline));
  const history = historyFiles(paths.historyDir, input.target, input.profile);
  const changes = recordRun(history.runs, entryOf(records, input.target, input.profile, input.selection));
  const summaryInput = {
    records,
    coverage,
    baseline,
    verdict,
    changes,
    paths,
    invocation: input.invocation,
    abilities: input.abilities,
    baselineFile: input.baseline.file,
    html: input.html !== false,
    ...(input.shard ? { shard: input.shard } : {}),
    ...(input.cutShort ? { cutShort: input.cutShort } : {}),
  };
  const results = markKnownDeviations(
    input.allureResults,
    new Map(baseline.known.map((k) => [k.record.key, { until: k.entry.until, reason: k.entry.reason }])),
  );
  // Kept while the report is built, and all the same when it could not be.
  const keeping = input.keepAllureResultsIn
    ? keepResults(input.keepAllureResultsIn, input.allureResults, results)
    : undefined;
  keeping?.catch(() => undefined);
  try {
    if (input.html === false) {
      rmSync(paths.allureReport, { recursive: true, force: true });
    } else {
      const { buildAllureReport } = await import('./allure-report.ts');
      await buildAllureReport({
        results,
        output: paths.allureReport,
        historyPath: history.allure,
        attachments: [paths.coverageHtml, paths.coverageMarkdown],
        variables: {
          Target: input.target,
          Profile: input.profile,
          Abilities: input.abilities || 'none',
          Selection: input.selection,
          Verdict: `${verdict.headline} (exit ${verdict.exitCode})`,
          Requirements: `${coverage.totals.testable} testable: ${coverage.totals.passed} passed, ${coverage.totals.failed} failed, ${coverage.totals['not exercised']} not exercised, ${coverage.totals['not run'] ? `${coverage.totals['not run']} not run, ` : ''}${coverage.totals['not selected']} not selected`,
          'Coverage by requirement': 'Global attachments: coverage.html',
          ...input.variables,
        },
      });
    }
  } finally {
    await keeping;
  }
  writeFileSync(paths.summary, `${JSON.stringify(summaryFile(summaryInput), null, 2)}\n`);
  return { verdict, lines: summaryLines(summaryInput) };
}
