/**
 * Files the compiled package reads at run time that the compiler does not emit: the JSON Schemas and the
 * validators generated from them, which schemas/registry.ts loads from its own folder. Copied beside the
 * compiled modules, in the same place relative to them as in the sources.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';

/** Folders (relative to the project root) and the file names of each that the package needs. */
const RUN_TIME_ASSETS: readonly { folder: string; pattern: RegExp }[] = [
  { folder: 'schemas', pattern: /\.schema\.json$|^validators\.generated\.cjs$/ },
];

/** Copies the assets into `outDir`; answers the files written. */
export function copyAssets(outDir: string): string[] {
  const written: string[] = [];
  for (const { folder, pattern } of RUN_TIME_ASSETS) {
    const names = readdirSync(path.join(PROJECT_ROOT, folder)).filter((name) => pattern.test(name));
    if (names.length === 0) throw new Error(`no file of ${folder}/ matches ${String(pattern)}`);
    mkdirSync(path.join(outDir, folder), { recursive: true });
    for (const name of names) {
      const target = path.join(outDir, folder, name);
      copyFileSync(path.join(PROJECT_ROOT, folder, name), target);
      written.push(target);
    }
  }
  return written;
}
