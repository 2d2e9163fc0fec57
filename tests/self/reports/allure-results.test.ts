/**
 * Known deviations in Allure's results (reporting/allure-results.ts): the result of a test the baseline
 * accepts carries the note once, whether the run built the HTML report or not, and a merge of shards,
 * whose results were marked already, marks nothing twice. (A whole run's marks: reports/baseline.test.ts.)
 * Kept, the results replace the previous run's, which are deleted (on a thread of their own).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { RUN_LABELS } from '../../../lib/results.ts';
import { keepResults, markKnownDeviations } from '../../../reporting/allure-results.ts';
import type { AllureFile } from '../../../reporting/result-files.ts';
import type { AllureResult } from './support/allure.ts';

const KNOWN = new Map([['stores › answers the store', { until: '2999-01-01', reason: 'accepted' }]]);
const NOTE = 'known deviation until 2999-01-01: accepted';

function resultFile(name: string, key: string, message: string): AllureFile {
  const result = {
    name: key,
    status: 'failed',
    labels: [{ name: RUN_LABELS.testKey, value: key }],
    statusDetails: { message },
  };
  return { name, content: Buffer.from(JSON.stringify(result), 'utf8') };
}

const parsed = (file: AllureFile) => JSON.parse(file.content.toString('utf8')) as AllureResult;

const FILES: AllureFile[] = [
  resultFile('a-result.json', 'stores › answers the store', 'store.auth-bearer — "..."'),
  resultFile('b-result.json', 'stores › another test', 'store.route — "..."'),
  { name: 'c-attachment.txt', content: Buffer.from('stores › answers the store') },
];

test('the result of a known deviation gets one label and its note as the first line; other files stay as they are', () => {
  const marked = markKnownDeviations(FILES, KNOWN);
  const result = parsed(marked[0]!);
  expect(result.labels.filter((l) => l.name === RUN_LABELS.knownDeviation)).toEqual([
    { name: RUN_LABELS.knownDeviation, value: NOTE },
  ]);
  expect(result.statusDetails?.message).toBe(`${NOTE}\n\nstore.auth-bearer — "..."`);
  expect(marked[1]).toBe(FILES[1]);
  expect(marked[2]).toBe(FILES[2]);
});

test('results marked already, as a merge reads them from its shards, are not marked again', () => {
  const once = markKnownDeviations(FILES, KNOWN);
  const twice = markKnownDeviations(once, KNOWN);
  expect(twice.map((file) => file.content.toString('utf8'))).toEqual(
    once.map((file) => file.content.toString('utf8')),
  );
});

test("a damaged result (a shard's, merged) is left as it is, for Allure's reader to report", () => {
  const damaged = { name: 'd-result.json', content: Buffer.from('{"labels": [') };
  expect(markKnownDeviations([damaged], KNOWN)[0]).toBe(damaged);
});

test("without known deviations the files are the run's own", () => {
  expect(markKnownDeviations(FILES, new Map())).toBe(FILES);
});

test("kept in place, only the marked results are written again, and the previous run's are deleted", async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kept-results-'));
  try {
    const folder = path.join(root, 'allure-results');
    const replacing = path.join(root, 'previous-allure-results');
    mkdirSync(folder);
    for (const file of FILES) writeFileSync(path.join(folder, file.name), file.content);
    mkdirSync(path.join(replacing, 'nested'), { recursive: true });
    for (let i = 0; i < 50; i++) writeFileSync(path.join(replacing, `${i}-result.json`), '{}');
    writeFileSync(path.join(replacing, 'nested', 'x-attachment.txt'), 'x');

    const marked = markKnownDeviations(FILES, KNOWN);
    await keepResults({ folder, replacing, inPlace: true }, FILES, marked);

    expect(existsSync(replacing), 'the previous results are gone').toBe(false);
    expect(readdirSync(folder).sort()).toEqual(FILES.map((file) => file.name).sort());
    expect(
      parsed({ name: 'a', content: readFileSync(path.join(folder, 'a-result.json')) }).labels,
    ).toContainEqual({
      name: RUN_LABELS.knownDeviation,
      value: NOTE,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
