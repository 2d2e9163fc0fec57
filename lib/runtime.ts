/**
 * The project runs from its TypeScript sources in this repository (through tsx) and as compiled
 * JavaScript in the npm package (Playwright does not transform files under node_modules). Whatever
 * starts a node process of the project's own asks here how.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from './paths.ts';

/** True when this module was loaded from its .ts source. */
export const FROM_SOURCE = fileURLToPath(import.meta.url).endsWith('.ts');

/** Node's arguments before a file of the project: the TypeScript loader when running from source. */
export function nodeArguments(): string[] {
  // Resolved here, not from the child's working directory, which may be any folder.
  return FROM_SOURCE ? ['--import', import.meta.resolve('tsx')] : [];
}

/** A module of the project by its path without extension (`mock/cli`), as this build has it. */
export function projectModule(relative: string): string {
  return path.join(PROJECT_ROOT, `${relative}.${FROM_SOURCE ? 'ts' : 'js'}`);
}

/** One word for a POSIX shell (Playwright's web server command goes through one), whatever it holds. */
export function shellQuoted(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
