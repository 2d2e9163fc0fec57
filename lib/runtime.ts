/**
 * The project runs from its TypeScript sources in this repository (through tsx) and as compiled
 * JavaScript in the npm package (Playwright does not transform files under node_modules). Whatever
 * starts a node process of the project's own asks here how.
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CODE_ROOT, FROM_SOURCE, PROJECT_ROOT } from './paths.ts';

export { FROM_SOURCE };

/** require() resolving from the project's package.json, as any of its modules would. */
export const requireFromProject = createRequire(path.join(PROJECT_ROOT, 'package.json'));

/** Node's arguments before a file of the project: the TypeScript loader when running from source. */
export function nodeArguments(): string[] {
  // Resolved here, not from the child's working directory, which may be any folder.
  return FROM_SOURCE ? ['--import', pathToFileURL(requireFromProject.resolve('tsx')).href] : [];
}

/**
 * Node's arguments that start the command line (then its command and options), the way the npm scripts
 * do: from source, its TypeScript entry through tsx; in the package, its bin.
 */
export function commandLineArguments(): string[] {
  return [...nodeArguments(), projectModule('cli/main')];
}

/** A module of the project by its path without extension (`mock/cli`), as this build has it. */
export function projectModule(relative: string): string {
  return path.join(CODE_ROOT, `${relative}.${FROM_SOURCE ? 'ts' : 'js'}`);
}

/** One word for a POSIX shell (Playwright's web server command goes through one), whatever it holds. */
export function shellQuoted(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * Whether the module of `moduleUrl` is the file node was started with (a command), not an import. Compared
 * as real paths: the URL percent-encodes what the path spells out (a space), and follows symbolic links.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (started === undefined) return false;
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
