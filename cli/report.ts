/**
 * `npm run report:merge -- <shard folders...>`: one report, one coverage report and one verdict from the
 * shards of a run; `npm run report:open`: serves the last report for a browser; `report summary`: the
 * last run's verdict and failures as Markdown, for a CI job summary.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EXIT_CODES } from '../lib/exit-codes.ts';
import { reportPaths, reportPathsUnder, type ReportPaths } from '../lib/report-paths.ts';
import type { RequirementId } from '../lib/requirements/index.ts';
import { parseResults, type TestRecord } from '../lib/results.ts';
import { baselineFileOf, BaselineError, readBaseline } from '../reporting/baseline.ts';
import { buildRunReports } from '../reporting/build.ts';
import type { Coverage } from '../reporting/coverage.ts';
import type { CutShort } from '../reporting/verdict.ts';
import { jobSummaryMarkdown } from '../reporting/job-summary.ts';
import { readResultFolder } from '../reporting/result-files.ts';
import type { SummaryFile } from '../reporting/summary.ts';
import { MIN_EXERCISED_OPTION, parseMinExercised, UsageError } from './run-arguments.ts';
import type { CommandIo } from './io.ts';
import { takeReportsFolder } from './reports-lock.ts';

export const REPORT_HELP = `Usage: npm run report:merge -- <shard folder>...   (npx payments-conformance report merge <folder>...)
       npm run report:open                        (npx payments-conformance report open)
       npx payments-conformance report summary [--reports DIR]

merge: one Allure report, coverage report, JUnit file and verdict from the folders the shards of one run
wrote (reports/shard-i-of-n); written to ./reports (or --reports DIR, or CONFORMANCE_REPORTS_DIR). A test
of a missing shard leaves its requirements without a test, which fails the verdict. The shards of a
selection (--project, --grep...) merge only all together, into that selection's verdict: the tests it
left out are "not selected". --min-exercised PCT holds the merged run of the whole suite to that share of
the testable requirements, as it does a run.
open: serves the last report on a local port and prints its address (the report also opens from disk).
summary: prints the verdict and the failed tests of the run in ./reports (or DIR, e.g. a shard's folder)
as Markdown, e.g. for a CI job summary: ... report summary >> "$GITHUB_STEP_SUMMARY".`;

/** A test that ran in several shards counts once: its latest result. */
function latestPerTest(records: readonly TestRecord[]): TestRecord[] {
  const byKey = new Map<string, TestRecord>();
  for (const record of records) byKey.set(record.key, record);
  return [...byKey.values()];
}

/**
 * The part of the suite the shards were cut from (absent: the whole suite). Shards of a selection are
 * merged only whole: a test of a missing one could not be told from a test the selection left out.
 */
function sharedPart(summaries: readonly SummaryFile[]): string | undefined {
  const parts = new Set(summaries.map((s) => s.shard?.part ?? 'whole suite'));
  if (parts.size > 1)
    throw new UsageError(`the shards were cut from different selections: ${[...parts].join('; ')}`);
  const part = summaries[0]?.shard?.part;
  if (part === undefined) return undefined;
  const totals = new Set(summaries.map((s) => s.shard!.total));
  if (totals.size > 1)
    throw new UsageError(`the shards were cut into different numbers of shards: ${[...totals].join(', ')}`);
  const total = summaries[0]!.shard!.total;
  const merged = new Set(summaries.map((s) => s.shard!.index));
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !merged.has(index));
  if (missing.length > 0) {
    throw new UsageError(
      `shards of a selection (${part}) merge only whole: shard ${missing.join(', ')} of ${total} is missing`,
    );
  }
  return part;
}

/** The shards' tests that were planned but never ran, all shards together; undefined when every shard ran whole. */
function cutShortOf(summaries: readonly SummaryFile[]): CutShort | undefined {
  const cut = summaries.filter((s) => s.cutShort);
  if (cut.length === 0) return undefined;
  const interrupted = cut.find((s) => s.cutShort!.interrupted)?.cutShort!.interrupted;
  return {
    reported: cut.reduce((sum, s) => sum + s.cutShort!.reported, 0),
    planned: cut.reduce((sum, s) => sum + s.cutShort!.planned, 0),
    ended: cut.every((s) => s.cutShort!.ended),
    ...(interrupted ? { interrupted } : {}),
  };
}

type InventoryTest = Pick<TestRecord, 'key' | 'title' | 'requirements'>;

/** The tests the shards selected but never ran, as their coverage lists them. */
function notRunOf(shards: readonly ReportPaths[]): Set<string> {
  const keys = new Set<string>();
  for (const shard of shards) {
    const coverage = JSON.parse(readFileSync(shard.coverageJson, 'utf8')) as Coverage;
    for (const row of coverage.rows)
      for (const test of row.tests) if (test.status === 'not run') keys.add(test.key);
  }
  return keys;
}

/** Every test of the suite with the requirements it declares, as the shards' coverage lists them. */
function inventoryOf(shards: readonly ReportPaths[]): InventoryTest[] {
  const tests = new Map<string, InventoryTest>();
  for (const shard of shards) {
    const coverage = JSON.parse(readFileSync(shard.coverageJson, 'utf8')) as Coverage;
    for (const row of coverage.rows) {
      for (const { key, title } of row.tests) {
        const test = tests.get(key) ?? { key, title, requirements: [] };
        const id = row.id as RequirementId;
        if (!test.requirements.includes(id)) test.requirements.push(id);
        tests.set(key, test);
      }
    }
  }
  return [...tests.values()];
}

export async function mergeCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const folders: string[] = [];
  let reports: string | undefined;
  let baselineOption: string | undefined;
  let minExercised: number | undefined;
  try {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg === '--help' || arg === '-h') {
        io.out(REPORT_HELP);
        return EXIT_CODES.conformant;
      }
      if (arg === '--reports') reports = argv[++i];
      else if (arg === '--baseline') baselineOption = argv[++i];
      else if (arg === MIN_EXERCISED_OPTION) minExercised = parseMinExercised(argv[++i] ?? '');
      else if (arg.startsWith('-'))
        throw new UsageError(`unknown option ${arg} (npm run report:merge -- --help)`);
      else folders.push(arg);
    }
    if (folders.length === 0)
      throw new UsageError('name the shard folders to merge, e.g. npm run report:merge -- reports/shard-*');
    const shards = folders.map((folder) => reportPathsUnder(folder));
    const missing = shards.filter(
      (s) => !existsSync(s.results) || !existsSync(s.summary) || !existsSync(s.coverageJson),
    );
    if (missing.length > 0) {
      throw new UsageError(
        `${missing.map((s) => s.root).join(', ')} holds no shard results (results.jsonl, summary.json and coverage.json)`,
      );
    }
    const summaries = shards.map((s) => JSON.parse(readFileSync(s.summary, 'utf8')) as SummaryFile);
    const targets = new Set(summaries.map((s) => `${s.target} (${s.profile})`));
    if (targets.size > 1)
      throw new UsageError(`the shards ran against different targets: ${[...targets].join(', ')}`);
    const part = sharedPart(summaries);
    if (part && minExercised !== undefined)
      throw new UsageError(
        `${MIN_EXERCISED_OPTION} judges the whole suite: these shards were cut from a selection (${part}), which leaves the rest not selected`,
      );
    const { file, explicit } = baselineFileOf(baselineOption);
    const baseline = readBaseline(file, explicit);
    const paths = reports ? reportPathsUnder(reports) : reportPaths();
    const records = latestPerTest(shards.flatMap((s) => parseResults(readFileSync(s.results, 'utf8'))));
    const release = takeReportsFolder(paths, io);
    if (!release) return EXIT_CODES.usage;
    try {
      const cutShort = cutShortOf(summaries);
      const { verdict, lines } = await buildRunReports({
        records,
        // Shards of a selection, or a shard cut short: the tests no shard ran exist, as each shard's
        // coverage says; they are not missing a test.
        ...(part || cutShort ? { inventory: inventoryOf(shards) } : {}),
        ...(cutShort ? { cutShort, notRun: notRunOf(shards) } : {}),
        allureResults: shards.flatMap((s) => readResultFolder(s.allureResults)),
        subset: part !== undefined,
        minExercised,
        selection: part ? `${shards.length} shards merged, ${part}` : `${shards.length} shards merged`,
        target: summaries[0]!.target,
        profile: summaries[0]!.profile,
        abilities: '',
        baseline,
        paths,
        invocation: process.env.npm_lifecycle_event
          ? 'npm run conformance --'
          : 'npx payments-conformance run',
      });
      for (const line of lines) io.out(line);
      return verdict.exitCode;
    } finally {
      release();
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof BaselineError) {
      io.err(`${error.name}: ${error.message}`);
      return EXIT_CODES.usage;
    }
    throw error;
  }
}

export function openCommand(io: CommandIo): Promise<number> {
  const paths = reportPaths();
  if (!existsSync(path.join(paths.allureReport, 'index.html'))) {
    io.err(
      `no report in ${paths.allureReport}: run npm run conformance first (a run with --no-html builds none)`,
    );
    return Promise.resolve(EXIT_CODES.usage);
  }
  const allure = path.join(path.dirname(createRequire(import.meta.url).resolve('allure')), '..', 'cli.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [allure, 'open', paths.allureReport], { stdio: 'inherit' });
    child.once('close', (code) => resolve(code ?? 0));
  });
}

/** The verdict and failures of the run whose reports are in `--reports DIR` (default ./reports), as Markdown. */
export function summaryCommand(argv: readonly string[], io: CommandIo): number {
  let reports: string | undefined;
  try {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg === '--help' || arg === '-h') {
        io.out(REPORT_HELP);
        return EXIT_CODES.conformant;
      }
      if (arg === '--reports' && argv[i + 1] !== undefined) reports = argv[++i];
      else throw new UsageError(`unknown argument ${arg} (payments-conformance report --help)`);
    }
    const paths = reports ? reportPathsUnder(reports) : reportPaths();
    if (!existsSync(paths.summary)) {
      throw new UsageError(
        `no summary.json in ${paths.root}: run the suite first, or name its reports with --reports DIR`,
      );
    }
    io.out(jobSummaryMarkdown(JSON.parse(readFileSync(paths.summary, 'utf8')) as SummaryFile).trimEnd());
    return EXIT_CODES.conformant;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.name}: ${error.message}`);
      return EXIT_CODES.usage;
    }
    throw error;
  }
}
