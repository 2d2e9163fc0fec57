/**
 * What a folder holds, file by file (content hash, size and modification time), to prove a command left
 * a previous reports folder exactly as it was.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir`, as an absolute path. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** `relative path: sha256 size mtime` per file, and each folder, sorted: equal snapshots, equal folders. */
export function snapshotFolder(dir: string): string[] {
  const folders = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${relative(dir, join(entry.parentPath, entry.name))}/`);
  const files = filesUnder(dir).map((file) => {
    const stat = statSync(file);
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    return `${relative(dir, file)}: ${hash} ${stat.size} ${stat.mtimeMs}`;
  });
  return [...folders, ...files].sort();
}
