/**
 * Looks for secrets in everything a conformance run left behind: each file of its private folder
 * (JUnit, Allure results and attachments, the HTML report, coverage, Playwright's output) and its
 * console output. A secret is any value the target issued or the run was configured with, plus
 * anything shaped like a platform token or authorization code, seen on the wire or not.
 */
import { readFileSync } from 'node:fs';
import { filesUnder, type SuiteRun } from './suite-run.ts';

/** Platform shapes (reference samples, SOURCES.md): `APP_USR-`/`TEST-` access tokens and `TG-` grants. */
export const TOKEN_SHAPES: readonly RegExp[] = [
  /\b(?:APP_USR|TEST)-\d{16}-\d{6}-[0-9a-f]{32}-\d+/g,
  /\bTG-[0-9a-f]{24}-\d+/g,
];
/** Trace archives are compressed (unscannable) and would hold raw requests: the suite must write none. */
const TRACE_ARCHIVE = /\.(zip|trace)$/;

export interface Leak {
  where: string;
  /** The secret, shortened so the failure message does not leak it again. */
  what: string;
}

const masked = (secret: string) => `${secret.slice(0, 4)}… (${secret.length} chars)`;

export function findSecrets(text: string, where: string, secrets: readonly string[]): Leak[] {
  const leaks = secrets.filter((s) => text.includes(s)).map((s) => ({ where, what: masked(s) }));
  for (const shape of TOKEN_SHAPES) {
    for (const match of text.matchAll(shape)) leaks.push({ where, what: `token-shaped ${masked(match[0])}` });
  }
  return leaks;
}

/** Every leak in the run's files and console output; a trace archive counts as one. */
export function scanRun(run: SuiteRun, secrets: readonly string[]): Leak[] {
  const leaks = findSecrets(run.output, 'console output', secrets);
  for (const file of filesUnder(run.dir)) {
    if (TRACE_ARCHIVE.test(file)) leaks.push({ where: file, what: 'a trace archive' });
    else leaks.push(...findSecrets(readFileSync(file, 'latin1'), file, secrets));
  }
  return leaks;
}
