/**
 * The run's Allure result files as the reports folder keeps them (`allure-results`): for Allure's own
 * tools, for a later merge of shards, and for a report built later. Known deviations are marked in them,
 * with or without the HTML report, so a reader of the folder files them apart as the report does.
 */
import { removeFolderAside } from '../lib/remove-folder.ts';
import { RUN_LABELS } from '../lib/results.ts';
import { parsedTestResult, writeResultFolder, type AllureFile } from './result-files.ts';

export interface KnownDeviationNote {
  until: string;
  reason: string;
}

export interface KeptResults {
  folder: string;
  /** The previous results, moved out of `folder`: deleted meanwhile. */
  replacing?: string;
  /**
   * Whether `folder` already holds the results as the run wrote them (moved there whole): then only the
   * ones marked here are written again, not hundreds of files written and deleted for nothing.
   */
  inPlace?: boolean;
}

/**
 * The results of known deviations marked (a label and a first line), so the report files them apart. A
 * result marked already (a shard's, merged) is left as it is.
 */
export function markKnownDeviations(
  files: readonly AllureFile[],
  known: ReadonlyMap<string, KnownDeviationNote>,
): readonly AllureFile[] {
  if (known.size === 0) return files;
  return files.map((file) => {
    const result = parsedTestResult(file);
    if (!result) return file;
    const key = result.labels?.find((l) => l.name === RUN_LABELS.testKey)?.value;
    const note = key ? known.get(key) : undefined;
    if (!note || result.labels?.some((l) => l.name === RUN_LABELS.knownDeviation)) return file;
    const text = `known deviation until ${note.until}: ${note.reason}`;
    result.labels = [...(result.labels ?? []), { name: RUN_LABELS.knownDeviation, value: text }];
    result.statusDetails = {
      ...result.statusDetails,
      message: `${text}\n\n${result.statusDetails?.message ?? ''}`,
    };
    return { name: file.name, content: Buffer.from(JSON.stringify(result), 'utf8') };
  });
}

/**
 * Writes the `marked` results into their folder (all of them, or where the run's are in place already
 * the ones marking changed) and deletes the ones they replace, on a thread of their own.
 */
export function keepResults(
  kept: KeptResults,
  original: readonly AllureFile[],
  marked: readonly AllureFile[],
): Promise<unknown> {
  const written = kept.inPlace ? marked.filter((file, index) => file !== original[index]) : marked;
  return Promise.all([
    writeResultFolder(kept.folder, written),
    kept.replacing ? removeFolderAside(kept.replacing) : undefined,
  ]);
}
