/** The project's root folder, for scripts and tests that spawn its tools or read its files. */
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
