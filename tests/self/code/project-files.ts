/**
 * The project's own files: everything under the project root but installed packages, generated output
 * (reports, test results, the npm package's compiled dist/) and tool folders (the dot folders, but for
 * the CI workflows in .github).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../lib/paths.ts';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'reports', 'test-results', 'playwright-report']);
const KEPT_DOT_FOLDERS = new Set(['.github']);

function skipped(name: string): boolean {
  return SKIPPED_FOLDERS.has(name) || (name.startsWith('.') && !KEPT_DOT_FOLDERS.has(name));
}

/** Absolute paths of the project's files whose names end with one of `extensions` (all files when empty). */
export function projectFiles(extensions: readonly string[] = []): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipped(entry.name)) walk(full);
      } else if (
        entry.isFile() &&
        (extensions.length === 0 || extensions.some((e) => entry.name.endsWith(e)))
      ) {
        files.push(full);
      }
    }
  };
  walk(PROJECT_ROOT);
  return files.sort();
}

/** `lib/target.ts`: a path as the project names it. */
export const projectPath = (file: string): string =>
  path.relative(PROJECT_ROOT, file).split(path.sep).join('/');
