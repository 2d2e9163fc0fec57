/**
 * Writing a file another process may read at any moment (a cache, a count a worker polls): written under
 * another name first, then renamed over the file, so a reader finds the old content or the new, never a
 * part of it (an empty file read as JSON is an error, or taken for "nothing there").
 */
import { renameSync, writeFileSync, type WriteFileOptions } from 'node:fs';

export function writeFileWhole(file: string, data: string, options?: WriteFileOptions): void {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, data, options);
  renameSync(partial, file);
}
