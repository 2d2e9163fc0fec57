/**
 * The project's folders, for scripts and tests that spawn its tools or read its files. From source the
 * modules sit in the project root; in the npm package they are compiled into a folder of it (dist/),
 * beside the package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const LIB_FOLDER = import.meta.dirname;

/** True beside the project's .ts sources, false in the npm package (it holds only their compiled form). */
export const FROM_SOURCE = existsSync(path.join(LIB_FOLDER, 'paths.ts'));

/** Where the project's modules are: the project root from source, the compiled folder in the package. */
export const CODE_ROOT = path.resolve(LIB_FOLDER, '..');

/** The folder of the project's package.json (the checkout, or the installed package). */
export const PROJECT_ROOT = FROM_SOURCE ? CODE_ROOT : path.dirname(CODE_ROOT);
