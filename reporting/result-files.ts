/**
 * Allure's result files in memory: read from a folder of files (what a run's Allure reporter wrote, or
 * the shards a merge reads), and written back as a folder of files (the reports' allure-results, which a
 * merge of shards and any Allure tool read).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One of Allure's result files: a result, a container, an attachment... by its file name. */
export interface AllureFile {
  name: string;
  content: Buffer;
}

/** Whether a file is a test's result (Allure names them `<uuid>-result.json`), not a container or attachment. */
function isTestResultFile(file: AllureFile): boolean {
  return file.name.endsWith('-result.json');
}

/** The fields of a test's result file that the reports read or add to (Allure's result format). */
export interface TestResultFields {
  labels?: { name: string; value: string }[];
  description?: string;
  descriptionHtml?: string;
  statusDetails?: { message?: string };
}

/**
 * A test result's JSON object; none for a file that is not one (a shard's damaged file, merged: Allure's
 * reader reports it).
 */
export function parsedTestResult(file: AllureFile): TestResultFields | undefined {
  if (!isTestResultFile(file)) return undefined;
  try {
    const value: unknown = JSON.parse(file.content.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A file name and nothing else: a file can never be written outside the folder it belongs to. */
export function isPlainFileName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && path.basename(name) === name && !name.includes('\\');
}

/** Files written at once: enough to keep the disk busy, few enough to stay far from any open-file limit. */
const WRITES_AT_ONCE = 16;

/** The regular files of a folder, by name; none when it does not exist. */
export function readResultFolder(dir: string): AllureFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => ({ name: entry.name, content: readFileSync(path.join(dir, entry.name)) }));
}

/** Writes `files` into `dir` (made if missing), a few at a time; rejects with the first that failed. */
export async function writeResultFolder(dir: string, files: readonly AllureFile[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  let next = 0;
  const writeNext = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      if (!isPlainFileName(file.name)) throw new Error(`not a file name: ${JSON.stringify(file.name)}`);
      await writeFile(path.join(dir, file.name), file.content);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITES_AT_ONCE, files.length) }, writeNext));
}
