/**
 * The Allure result files of a test run, kept in one stream file while the run lasts: what the runner's
 * Allure reporter writes (tests/reporters/allure.ts) and the run command reads (cli/run.ts).
 *
 * allure-playwright writes a file for each result and each attachment, about 670 in a run, in the runner:
 * the process that hands the workers their tests, on a machine busy with the tests. Creating a file costs
 * far more than appending to one, so each file is appended to the stream as a record, and the run command
 * reads the stream once, builds the report from memory and writes the files of the reports' allure-results
 * folder while the report is rendered.
 *
 * A record is a line of JSON naming the file and its length in bytes, then the file's bytes, then a line
 * break: any content can follow its header, and a record cut short (a runner that died) is known by its
 * length and left out.
 */
import path from 'node:path';

/** The stream's name in the run's folder. */
export const ALLURE_STREAM_FILE = 'allure-results.stream';

/** One of Allure's result files: a result, a container, an attachment... by its file name. */
export interface AllureFile {
  name: string;
  content: Buffer;
}

interface RecordHeader {
  name: string;
  bytes: number;
}

const LINE_BREAK = 0x0a;
const LINE_BREAK_BYTES = Buffer.from([LINE_BREAK]);

/** A file name and nothing else: a record can never name a file outside the folder it is written to. */
export function isPlainFileName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && path.basename(name) === name && !name.includes('\\');
}

export function encodeRecord(file: AllureFile): Buffer {
  const header: RecordHeader = { name: file.name, bytes: file.content.length };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), file.content, LINE_BREAK_BYTES]);
}

function headerAt(bytes: Buffer, start: number, end: number): RecordHeader | undefined {
  try {
    const header = JSON.parse(bytes.toString('utf8', start, end)) as Partial<RecordHeader>;
    return typeof header.name === 'string' &&
      isPlainFileName(header.name) &&
      Number.isSafeInteger(header.bytes) &&
      header.bytes! >= 0
      ? (header as RecordHeader)
      : undefined;
  } catch {
    return undefined;
  }
}

export interface DecodedStream {
  files: AllureFile[];
  /** Bytes after the last whole record: a record cut short, or anything that is not a record. */
  leftOver: number;
}

/** The stream's records, in the order they were written; each file's content is a view of `bytes`. */
export function decodeStream(bytes: Buffer): DecodedStream {
  const files: AllureFile[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headerEnd = bytes.indexOf(LINE_BREAK, at);
    if (headerEnd < 0) break;
    const header = headerAt(bytes, at, headerEnd);
    if (!header) break;
    const start = headerEnd + 1;
    const end = start + header.bytes;
    // Past the end, bytes[end] is undefined: a record cut short.
    if (bytes[end] !== LINE_BREAK) break;
    files.push({ name: header.name, content: bytes.subarray(start, end) });
    at = end + 1;
  }
  return { files, leftOver: bytes.length - at };
}
