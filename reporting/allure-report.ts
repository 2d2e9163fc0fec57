/**
 * The Allure 3 HTML report of a run: one self-contained index.html (Allure's single-file form, which
 * opens from disk: the multi-file form loads its data with fetch, which browsers refuse on file://), with
 * the run's categories, its own history per target, the coverage report attached, and no request to any
 * other host (the awesome template's analytics script is removed, and its absence checked).
 */
import './node20-iterator-helpers.ts';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as AllureCore from '@allurereport/core';
import type * as AwesomePluginModule from '@allurereport/plugin-awesome';
import type * as ReaderApi from '@allurereport/reader-api';
import { requirementQuotesHtml, requirementQuotesMarkdown } from '../lib/requirement-quotes.ts';
import { isRequirementId } from '../lib/requirements/index.ts';
import { DECLARED_LABELS, resultLabelName } from '../lib/results.ts';
import { CONFORMANCE_CATEGORIES } from './categories.ts';
import { parsedTestResult, type AllureFile } from './result-files.ts';

/**
 * Allure's packages are ES modules, loaded with require(), which Node.js (20.19 and later) does
 * synchronously and without the ES-module hooks of tsx: those run on a thread of their own in Node.js 20,
 * and an import() sent each of Allure's modules through them, which doubled the CPU their loading took
 * (about 2 s of a run against 1 s). Node.js 22.15's in-thread hooks would make import() as cheap.
 */
const requireModule = createRequire(import.meta.url);
const { AllureReport, resolveConfig } = requireModule('@allurereport/core') as typeof AllureCore;
const { default: AwesomePlugin } = requireModule(
  '@allurereport/plugin-awesome',
) as typeof AwesomePluginModule;
type AwesomePlugin = InstanceType<typeof AwesomePlugin>;
const { BufferResultFile } = requireModule('@allurereport/reader-api') as typeof ReaderApi;

export const REPORT_NAME = 'Payments Platform API conformance';
/** The report groups tests by area, then endpoint; requirements are labels, not levels. */
export const GROUP_BY = ['epic', 'feature'];
/**
 * The runs of a target's history the report reads and shows (its trends, a test's earlier results). The
 * history file keeps every run; reading all of it made each report slower and larger than the last (after
 * a few hundred runs, seconds and megabytes).
 */
export const HISTORY_RUNS_SHOWN = 10;

export interface AllureReportOptions {
  /** Allure's result files (results, containers, attachments, environment), known deviations marked. */
  results: readonly AllureFile[];
  output: string;
  historyPath: string;
  /** Files shown as the report's global attachments (the coverage report). */
  attachments: readonly string[];
  /** Shown on the report's overview: target, profile, verdict... */
  variables: Record<string, string>;
}

/** The single-file report, as the plugin names it in the report's folder. */
const REPORT_FILE = 'index.html';
const ANALYTICS_START = '<script async src="https://www.googletagmanager.com';
/** The analytics block starts with ANALYTICS_START: its loader script, then the script configuring it. */
const ANALYTICS =
  /^<script async src="https:\/\/www\.googletagmanager\.com[^"]*"><\/script>\s*<script>[\s\S]*?gtag\('config'[\s\S]*?<\/script>/;
/** Far more than the block's few hundred bytes; a block the template made longer is left, and reported. */
const ANALYTICS_WINDOW = 8 * 1024;
const EXTERNAL_MARKERS = ['googletagmanager', 'gtag('];

export class ReportBuildError extends Error {
  override name = 'ReportBuildError';
}

/**
 * The report file's bytes without the template's analytics; throws if any trace of them is left. On the
 * bytes, not the text: the report is megabytes of inlined results, and the analytics are one short block
 * in its head, so only that block is decoded (within ANALYTICS_WINDOW bytes of its start).
 */
export function withoutAnalytics(bytes: Buffer): Buffer {
  let stripped = bytes;
  const start = bytes.indexOf(ANALYTICS_START);
  if (start >= 0) {
    const match = ANALYTICS.exec(bytes.subarray(start, start + ANALYTICS_WINDOW).toString('utf8'));
    if (match?.index === 0) {
      stripped = Buffer.concat([
        bytes.subarray(0, start),
        bytes.subarray(start + Buffer.byteLength(match[0])),
      ]);
    }
  }
  const left = EXTERNAL_MARKERS.find((marker) => stripped.includes(marker));
  if (left)
    throw new ReportBuildError(
      `the report still refers to ${left}: the Allure template changed; update reporting/allure-report.ts`,
    );
  return stripped;
}

const AWESOME_OPTIONS = {
  reportName: REPORT_NAME,
  reportLanguage: 'en',
  singleFile: true,
  groupBy: GROUP_BY,
} as const;

type ReportFiles = Parameters<AwesomePlugin['done']>[0]['reportFiles'];

/**
 * Allure's awesome plugin, its report file written without the template's analytics: cut from the file's
 * bytes on their way to disk, rather than from the file read back and written again (8 MB each way). The
 * plugin writes it when done (and on each update, in Allure's real-time mode, which the report does not use).
 */
class AnalyticsFreeAwesomePlugin extends AwesomePlugin {
  constructor(options: typeof AWESOME_OPTIONS) {
    super(options);
    const { done, update } = this;
    this.done = (context, store) =>
      done({ ...context, reportFiles: analyticsFree(context.reportFiles) }, store);
    this.update = (context, store) =>
      update({ ...context, reportFiles: analyticsFree(context.reportFiles) }, store);
  }
}

function analyticsFree(files: ReportFiles): ReportFiles {
  return {
    addFile: (name, data) => files.addFile(name, name === REPORT_FILE ? withoutAnalytics(data) : data),
  };
}

/**
 * The report's one plugin, made here rather than named for Allure to import: named, Allure would import
 * it from node_modules at run time and add its agent plugin (output for coding agents, written only when
 * configured).
 */
function reportPlugins() {
  return [
    {
      id: 'awesome',
      enabled: true,
      options: AWESOME_OPTIONS,
      plugin: new AnalyticsFreeAwesomePlugin(AWESOME_OPTIONS),
    },
  ];
}

const REQUIREMENT_LABEL = resultLabelName(DECLARED_LABELS.requirement);

/**
 * A result described by its requirements' quotes, given the same quotes in HTML: otherwise Allure's plugin
 * renders every description from Markdown, about a fifth of the report's time. Any other description is
 * left to Allure.
 */
export function withQuotesInHtml(file: AllureFile): AllureFile {
  const result = parsedTestResult(file);
  if (!result) return file;
  const ids = (result.labels ?? []).filter((l) => l.name === REQUIREMENT_LABEL).map((l) => l.value);
  if (
    result.descriptionHtml !== undefined ||
    !ids.every(isRequirementId) ||
    result.description !== requirementQuotesMarkdown(ids)
  )
    return file;
  result.descriptionHtml = requirementQuotesHtml(ids);
  return { name: file.name, content: Buffer.from(JSON.stringify(result), 'utf8') };
}

/** Allure's order of reading a folder: by file name. */
const byName = (a: AllureFile, b: AllureFile) => a.name.localeCompare(b.name);

export async function buildAllureReport(options: AllureReportOptions): Promise<string> {
  rmSync(options.output, { recursive: true, force: true });
  const config = await resolveConfig(
    {
      name: REPORT_NAME,
      output: options.output,
      historyPath: options.historyPath,
      historyLimit: HISTORY_RUNS_SHOWN,
      categories: CONFORMANCE_CATEGORIES,
    },
    // No plugin of Allure's choosing: the report's own follow.
    { plugins: {} },
  );
  const report = new AllureReport({
    ...config,
    plugins: reportPlugins(),
    realTime: false,
    globalAttachments: [...options.attachments],
    variables: options.variables,
  });
  await report.start();
  for (const file of [...options.results].sort(byName)) {
    const { name, content } = withQuotesInHtml(file);
    await report.readResult(new BufferResultFile(content, name));
  }
  await report.done();
  return join(options.output, REPORT_FILE);
}
