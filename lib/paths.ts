/**
 * The project's folders, for scripts and tests that spawn its tools or read its files. From source the
 * modules sit in the project root; in the npm package they are compiled into a folder of it (dist/),
 * beside the package.json.
 */
import path from 'node:path';

/** True when this module was loaded from its .ts source, false when compiled to JavaScript. */
export const FROM_SOURCE = import.meta.filename.endsWith('.ts');

/** Where the project's modules are: the project root from source, the compiled folder in the package. */
export const CODE_ROOT = path.resolve(import.meta.dirname, '..');

/** The folder of the project's package.json (the checkout, or the installed package). */
export const PROJECT_ROOT = FROM_SOURCE ? CODE_ROOT : path.dirname(CODE_ROOT);
