/**
 * From allure-results (one folder, or several shards) to everything a reader and a pipeline need: the
 * coverage matrix (reports/coverage.md and .json), the Allure HTML report with the coverage matrix
 * attached, history appended, categories and the quality gate verdict shown, and the gate's pass/fail.
 */
import './node20-iterator-helpers.ts';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AllureReport, filterFailedQualityGateResults, readConfig } from '@allurereport/core';
import type { QualityGateRule, QualityGateValidationResult } from '@allurereport/plugin-api';
import type { ReportPaths } from '../../lib/report-paths.ts';
import { buildCoverage, type Coverage } from './coverage.ts';
import { renderCoverageMarkdown } from './coverage-markdown.ts';
import { readExecutedTests } from './executed-tests.ts';
import { TEST_RUN_EXIT_RULE, testRunExitRule } from './quality-gate.ts';

export interface BuildReportOptions {
  resultsDirs: readonly string[];
  /** Where the report, coverage matrix and history go. */
  paths: ReportPaths;
  /** The test runner's exit code, when this process ran the tests (not for a merge of shards). */
  testRunExitCode?: number;
  cwd?: string;
}

export interface BuildReportOutcome {
  gatePassed: boolean;
  gateResults: QualityGateValidationResult[];
  coverage: Coverage;
}

// eslint-disable-next-line no-control-regex -- the pattern matches terminal colour codes on purpose
const ANSI_COLOUR = /\u001b\[\d+(;\d+)*m/g;
const plain = (text: string) => text.replace(ANSI_COLOUR, '');

function writeCoverage(coverage: Coverage, paths: ReportPaths): void {
  mkdirSync(dirname(paths.coverageJson), { recursive: true });
  writeFileSync(paths.coverageJson, `${JSON.stringify(coverage, null, 2)}\n`);
  writeFileSync(paths.coverageMarkdown, renderCoverageMarkdown(coverage));
}

function runVariables(coverage: Coverage, startedAt: number | undefined): Record<string, string> {
  const { totals } = coverage;
  return {
    ...(startedAt ? { 'Run started': new Date(startedAt).toISOString() } : {}),
    'Documented paths': `${totals.paths} (passed ${totals.passed}, failed ${totals.failed}, not exercised ${totals['not exercised']}, without a test ${totals.untested})`,
    'Coverage matrix': 'Global Attachments: coverage.md',
  };
}

export async function buildReport(options: BuildReportOptions): Promise<BuildReportOutcome> {
  const { resultsDirs, paths, testRunExitCode } = options;
  const cwd = options.cwd ?? process.cwd();

  const tests = readExecutedTests(resultsDirs);
  const coverage = buildCoverage(tests);
  writeCoverage(coverage, paths);

  const config = await readConfig(cwd, undefined, {
    output: paths.allureReport,
    historyPath: paths.history,
  });
  const qualityGate = config.qualityGate ?? { rules: [] };
  const withRunExit =
    testRunExitCode === undefined
      ? qualityGate
      : {
          rules: [...(qualityGate.rules ?? []), { id: 'run', [TEST_RUN_EXIT_RULE]: 0 }],
          use: [...(qualityGate.use ?? []), testRunExitRule(testRunExitCode) as QualityGateRule],
        };

  rmSync(paths.allureReport, { recursive: true, force: true });
  mkdirSync(dirname(paths.history), { recursive: true });
  const startedAt = tests.length ? Math.min(...tests.map((t) => t.start || Infinity)) : undefined;
  const report = new AllureReport({
    ...config,
    realTime: false,
    qualityGate: withRunExit,
    globalAttachments: [paths.coverageMarkdown, paths.coverageJson],
    variables: {
      ...config.variables,
      ...runVariables(coverage, Number.isFinite(startedAt) ? startedAt : undefined),
    },
  });
  await report.start();
  for (const dir of resultsDirs) await report.readDirectory(dir);

  const trs = await report.store.allTestResults({ includeRetries: false });
  const { results } = await report.validate({ trs });
  const gateResults = results.map((r) => ({ ...r, message: plain(r.message) }));
  const gatePassed = filterFailedQualityGateResults(gateResults).length === 0;
  report.realtimeDispatcher.sendQualityGateResults(gateResults);
  report.realtimeDispatcher.sendGlobalExitCode({
    original: testRunExitCode ?? (gatePassed ? 0 : 1),
    actual: gatePassed ? 0 : 1,
  });
  await report.done();
  return { gatePassed, gateResults, coverage };
}
