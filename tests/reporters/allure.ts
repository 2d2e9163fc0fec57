/**
 * allure-playwright, writing its results without holding up the runner.
 *
 * Its own writer creates, writes and syncs to disk (fsync) every result and attachment file as the test
 * ends, in the runner's one thread: a run writes about a thousand such files, and while the runner waits
 * on the disk no worker is handed its next test (over a second of a conformance run's wall time). Here
 * attachments, the bulk of them, are written in the background and awaited before the run ends, and
 * nothing is synced: the run's results go to the run's own folder and are published only once the run
 * has ended (cli/run.ts), so a file cut short by a crash never reaches a report. Files are written as
 * they were; only the sync and the rename through a temporary name are left out.
 *
 * Each result also gets its description as HTML (lib/requirement-quotes.ts), which the report would
 * otherwise render from the Markdown after the run, a test at a time.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';
import type * as AllureSdk from 'allure-js-commons/sdk';
import type * as AllureSdkReporter from 'allure-js-commons/sdk/reporter';
import type { FileSystemWriter as AllureFileSystemWriter, Writer } from 'allure-js-commons/sdk/reporter';
import { requirementQuotesHtml } from '../../lib/requirement-quotes.ts';
import { isRequirementId } from '../../lib/requirements/index.ts';
import { DECLARED_LABELS } from '../../lib/results.ts';

// allure-js-commons as allure-playwright loads it (its CommonJS build, already in memory once the reporter
// is): importing it from here would load its ES module build as well, a second copy, through Playwright's
// loader, on the way to the first test.
const requireCommonJs = createRequire(import.meta.url);
const { getMetadataLabel } = requireCommonJs('allure-js-commons/sdk') as typeof AllureSdk;
const { FileSystemWriter } = requireCommonJs('allure-js-commons/sdk/reporter') as typeof AllureSdkReporter;

type ResultsOf<K extends keyof Writer> = Parameters<Writer[K]>[0];

/** The name of the requirement labels in a result (Allure's name for the declared annotation). */
const REQUIREMENT_LABEL = getMetadataLabel(DECLARED_LABELS.requirement)?.name;

/** The HTML of a result's description: the quotes of the requirements it declares. */
function descriptionHtmlOf(result: ResultsOf<'writeResult'>): string | undefined {
  if (!result.description || result.descriptionHtml) return result.descriptionHtml;
  const ids = result.labels.filter((l) => l.name === REQUIREMENT_LABEL).map((l) => l.value);
  return ids.length > 0 && ids.every(isRequirementId) ? requirementQuotesHtml(ids) : undefined;
}

class UnsyncedWriter implements Writer {
  /** The rare files (environment, categories, globals) are left to Allure's own writer and its format. */
  private readonly rare: AllureFileSystemWriter;
  private made = false;
  private readonly writing = new Set<Promise<void>>();
  private failed: Error | undefined;

  constructor(private readonly resultsDir: string) {
    this.rare = new FileSystemWriter({ resultsDir });
  }

  private pathOf(name: string): string {
    if (!this.made) mkdirSync(this.resultsDir, { recursive: true });
    this.made = true;
    return path.join(this.resultsDir, name);
  }

  writeResult(result: ResultsOf<'writeResult'>): void {
    const descriptionHtml = descriptionHtmlOf(result);
    writeFileSync(
      this.pathOf(`${result.uuid}-result.json`),
      JSON.stringify(descriptionHtml ? { ...result, descriptionHtml } : result),
      'utf8',
    );
  }

  writeGroup(result: ResultsOf<'writeGroup'>): void {
    writeFileSync(this.pathOf(`${result.uuid}-container.json`), JSON.stringify(result), 'utf8');
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    const written = writeFile(this.pathOf(distFileName), content).then(
      () => void this.writing.delete(written),
      (error: unknown) => {
        this.failed ??= error instanceof Error ? error : new Error(String(error));
        this.writing.delete(written);
      },
    );
    this.writing.add(written);
  }

  /** Resolves once every attachment is on disk; rejects with the first that could not be written. */
  async written(): Promise<void> {
    while (this.writing.size > 0) await Promise.all([...this.writing]);
    if (this.failed !== undefined) throw this.failed;
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, this.pathOf(distFileName));
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
}

type AllureOptions = ConstructorParameters<typeof AllureReporter>[0];

export default class UnsyncedAllureReporter extends AllureReporter {
  private writer: UnsyncedWriter | undefined;

  constructor(private readonly allureOptions: AllureOptions & { resultsDir: string }) {
    super(allureOptions);
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    this.writer = new UnsyncedWriter(this.allureOptions.resultsDir);
    // allure-playwright builds its runtime, and with it the writer, here and offers no option for another.
    (this as unknown as { allureRuntime: { writer: Writer } }).allureRuntime.writer = this.writer;
  }

  override async onEnd(): Promise<void> {
    await super.onEnd();
    await this.writer?.written();
  }
}
