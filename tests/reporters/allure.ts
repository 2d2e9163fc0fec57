/**
 * allure-playwright, writing its results without holding up the runner.
 *
 * Its own writer creates, writes and syncs to disk (fsync) a file for every result and attachment as the
 * test ends, in the runner's one thread: a run writes about seven hundred, and while the runner is busy
 * with them no worker is handed its next test. Here each of those files is appended to one stream file
 * instead (lib/allure-stream.ts), which the run command reads once the run has ended: it builds the report
 * from it and writes the files of the reports' allure-results folder as they were. Nothing is synced: the
 * stream is the run's own and is published only once the run has ended (cli/run.ts), so a record cut short
 * by a crash never reaches a report.
 *
 * Each result also gets its description as HTML (lib/requirement-quotes.ts), which the report would
 * otherwise render from the Markdown after the run, a test at a time.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';
import type * as AllureSdk from 'allure-js-commons/sdk';
import type * as AllureSdkReporter from 'allure-js-commons/sdk/reporter';
import type { FileSystemWriter as AllureFileSystemWriter, Writer } from 'allure-js-commons/sdk/reporter';
import { encodeRecord } from '../../lib/allure-stream.ts';
import { requirementQuotesHtml } from '../../lib/requirement-quotes.ts';
import { isRequirementId } from '../../lib/requirements/index.ts';
import { DECLARED_LABELS } from '../../lib/results.ts';
import { requireFromProject } from '../../lib/runtime.ts';

// allure-js-commons as allure-playwright loads it (its CommonJS build, already in memory once the reporter
// is): where this reporter runs as an ES module (the npm package's compiled JavaScript), importing it would
// load its ES module build as well, a second copy, through Playwright's loader, on the way to the first test.
const { getMetadataLabel } = requireFromProject('allure-js-commons/sdk') as typeof AllureSdk;
const { FileSystemWriter } = requireFromProject('allure-js-commons/sdk/reporter') as typeof AllureSdkReporter;

type ResultsOf<K extends keyof Writer> = Parameters<Writer[K]>[0];

/** The name of the requirement labels in a result (Allure's name for the declared annotation). */
const REQUIREMENT_LABEL = getMetadataLabel(DECLARED_LABELS.requirement)?.name;

/** The HTML of a result's description: the quotes of the requirements it declares. */
function descriptionHtmlOf(result: ResultsOf<'writeResult'>): string | undefined {
  if (!result.description || result.descriptionHtml) return result.descriptionHtml;
  const ids = result.labels.filter((l) => l.name === REQUIREMENT_LABEL).map((l) => l.value);
  return ids.length > 0 && ids.every(isRequirementId) ? requirementQuotesHtml(ids) : undefined;
}

class StreamWriter implements Writer {
  /** The rare files (environment, categories, globals) are left to Allure's own writer and its format. */
  private readonly rare: AllureFileSystemWriter;
  private stream: number | undefined;

  constructor(
    resultsDir: string,
    private readonly streamFile: string,
  ) {
    this.rare = new FileSystemWriter({ resultsDir });
  }

  private append(name: string, content: Buffer): void {
    if (this.stream === undefined) {
      mkdirSync(path.dirname(this.streamFile), { recursive: true });
      this.stream = openSync(this.streamFile, 'w');
    }
    const record = encodeRecord({ name, content });
    for (let written = 0; written < record.length;)
      written += writeSync(this.stream, record, written, record.length - written);
  }

  writeResult(result: ResultsOf<'writeResult'>): void {
    const descriptionHtml = descriptionHtmlOf(result);
    const json = JSON.stringify(descriptionHtml ? { ...result, descriptionHtml } : result);
    this.append(`${result.uuid}-result.json`, Buffer.from(json, 'utf8'));
  }

  writeGroup(result: ResultsOf<'writeGroup'>): void {
    this.append(`${result.uuid}-container.json`, Buffer.from(JSON.stringify(result), 'utf8'));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.append(distFileName, content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    this.append(distFileName, readFileSync(from));
  }

  writeEnvironmentInfo(info: ResultsOf<'writeEnvironmentInfo'>): void {
    this.rare.writeEnvironmentInfo(info);
  }

  writeCategoriesDefinitions(categories: ResultsOf<'writeCategoriesDefinitions'>): void {
    this.rare.writeCategoriesDefinitions(categories);
  }

  writeGlobals(distFileName: string, info: Parameters<Writer['writeGlobals']>[1]): void {
    this.rare.writeGlobals(distFileName, info);
  }

  close(): void {
    if (this.stream !== undefined) closeSync(this.stream);
    this.stream = undefined;
  }
}

type AllureOptions = ConstructorParameters<typeof AllureReporter>[0];

export interface StreamingAllureOptions extends NonNullable<AllureOptions> {
  /** Where Allure's rare files go (environment, categories). */
  resultsDir: string;
  /** The stream every result and attachment is appended to (lib/allure-stream.ts). */
  streamFile: string;
}

export default class StreamingAllureReporter extends AllureReporter {
  private writer: StreamWriter | undefined;
  private readonly resultsDir: string;
  private readonly streamFile: string;

  constructor({ streamFile, ...allureOptions }: StreamingAllureOptions) {
    super(allureOptions);
    this.resultsDir = allureOptions.resultsDir;
    this.streamFile = streamFile;
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    this.writer = new StreamWriter(this.resultsDir, this.streamFile);
    // allure-playwright builds its runtime, and with it the writer, here and offers no option for another.
    (this as unknown as { allureRuntime: { writer: Writer } }).allureRuntime.writer = this.writer;
  }

  override async onEnd(): Promise<void> {
    await super.onEnd();
    this.writer?.close();
  }
}
