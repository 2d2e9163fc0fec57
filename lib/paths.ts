/** The project's folders, for scripts and tests that spawn its tools or read its files. */
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
/** Tokens a run obtained: secrets, git-ignored, never under reports/; one folder per run. */
export const TOKENS_ROOT = path.join(PROJECT_ROOT, '.tokens');
