/** The suite's version, as its package.json states it: shown by --version and in every report. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths.ts';

export const SUITE_VERSION = (
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
