/**
 * The stream a run's Allure results travel in (lib/allure-stream.ts), from the runner's reporter to the
 * run command: every file comes out as it went in, whatever its bytes; a record cut short is left out and
 * counted, never read as a file; and no record can name a file outside the folder it is written to.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { decodeStream, encodeRecord, type AllureFile } from '../../../lib/allure-stream.ts';
import {
  readResultFolder,
  readRunResultFiles,
  writeResultFolder,
} from '../../../scripts/report/result-files.ts';

/** File names as Allure makes them (a uuid and a kind), and any other plain name. */
const fileName = fc.oneof(
  fc.uuid().map((uuid) => `${uuid}-attachment.json`),
  fc
    .string({ minLength: 1, maxLength: 30, unit: 'grapheme' })
    .filter((name) => !/[\\/]/.test(name) && name !== '.' && name !== '..'),
);
/** Any bytes: JSON, line breaks, text that looks like a record header, binary. */
const content = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: 'grapheme' }).map((text) => Buffer.from(text, 'utf8')),
  fc
    .record({ name: fc.string(), bytes: fc.nat() })
    .map((header) => Buffer.from(`${JSON.stringify(header)}\n`, 'utf8')),
);
const files = fc.array(fc.record({ name: fileName, content }), { maxLength: 12 });

const streamOf = (list: readonly AllureFile[]) => Buffer.concat(list.map(encodeRecord));
const plain = (list: readonly AllureFile[]) =>
  list.map((file) => ({ name: file.name, content: Buffer.from(file.content) }));

test('every file comes out of the stream as it went in, in order', () => {
  fc.assert(
    fc.property(files, (list) => {
      const decoded = decodeStream(streamOf(list));
      expect(plain(decoded.files)).toEqual(plain(list));
      expect(decoded.leftOver).toBe(0);
    }),
  );
});

test('a record cut short is left out and counted; the records before it are whole', () => {
  fc.assert(
    fc.property(files, fc.record({ name: fileName, content }), fc.nat(), (before, last, cut) => {
      const whole = streamOf(before);
      const record = encodeRecord(last);
      const kept = cut % record.length;
      const decoded = decodeStream(Buffer.concat([whole, record.subarray(0, kept)]));
      expect(plain(decoded.files)).toEqual(plain(before));
      expect(decoded.leftOver).toBe(kept);
    }),
  );
});

test('a header naming a path is not a record, and the folder writer refuses such a name', async () => {
  const good = { name: 'a-result.json', content: Buffer.from('{}') };
  for (const name of ['../escaped.json', 'sub/file.json', 'sub\\file.json', '..', '']) {
    const forged = Buffer.concat([
      encodeRecord(good),
      Buffer.from(`${JSON.stringify({ name, bytes: 2 })}\n{}\n`, 'utf8'),
    ]);
    const decoded = decodeStream(forged);
    expect(
      decoded.files.map((f) => f.name),
      name,
    ).toEqual([good.name]);
    expect(decoded.leftOver, name).toBeGreaterThan(0);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'allure-stream-'));
  try {
    await expect(
      writeResultFolder(path.join(dir, 'out'), [{ name: '../escaped.json', content: Buffer.from('{}') }]),
    ).rejects.toThrow('not a file name');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a run's results are its folder's files and its stream's records, written back byte for byte", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'allure-stream-'));
  try {
    const run = { allureResults: path.join(dir, 'allure-results'), allureStream: path.join(dir, 'stream') };
    mkdirSync(run.allureResults);
    writeFileSync(path.join(run.allureResults, 'environment.properties'), 'target = embedded mock\n');
    const streamed: AllureFile[] = [
      { name: 'b-result.json', content: Buffer.from('{"name":"ü"}') },
      { name: 'c-attachment.txt', content: Buffer.from('line 1\nline 2\n') },
    ];
    writeFileSync(run.allureStream, streamOf(streamed));

    const { files, leftOver } = readRunResultFiles(run);
    expect(leftOver).toBe(0);
    expect(files.map((f) => f.name)).toEqual(['environment.properties', 'b-result.json', 'c-attachment.txt']);

    const published = path.join(dir, 'published');
    await writeResultFolder(published, files);
    const back = readResultFolder(published).sort((a, b) => a.name.localeCompare(b.name));
    expect(plain(back)).toEqual(plain([...files].sort((a, b) => a.name.localeCompare(b.name))));
    expect(readFileSync(path.join(published, 'c-attachment.txt'), 'utf8')).toBe('line 1\nline 2\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
