/**
 * Looks for secrets in everything a conformance run left behind: each file of its reports folder
 * (results.jsonl with its reproduce scripts, JUnit, Allure results and attachments, the HTML report,
 * coverage, history, Playwright's output) and its console output. A secret is any value the target
 * issued or holds (support/recording-target.ts), plus anything shaped like a platform token or code that
 * the suite did not make up itself: the unknown bearer or wrong secret a test sends to be refused is no
 * secret and may be shown as sent.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SuiteRun } from '../../../../scripts/suite/run-suite.ts';
import { REDACTED } from '../../../../run/redact.ts';

/** Platform shapes (reference samples): `APP_USR-`/`TEST-` access tokens and `TG-` grants. */
export const TOKEN_SHAPES: readonly RegExp[] = [
  /\b(?:APP_USR|TEST)-\d{16}-\d{6}-[0-9a-f]{32}-\d+/g,
  /\bTG-[0-9a-f]{24}-\d+/g,
];
/** Trace archives are compressed (unscannable) and would hold raw requests: the suite must write none. */
const TRACE_ARCHIVE = /\.(zip|trace)$/;
/**
 * The single-file HTML report carries each of its data files (test results, attachments) base64-encoded
 * in a call `d("<name>","<base64>")`: a secret in there is invisible to a scan of the raw page.
 */
const EMBEDDED_DATA = /\bd\("([^"]+)","([A-Za-z0-9+/=]*)"\)/g;

export interface Leak {
  where: string;
  /** The secret, shortened so the failure message does not leak it again. */
  what: string;
}

/** What a scan looks for. */
export interface SecretsOf {
  secrets: readonly string[];
  /** Values the suite made up to be refused: token-shaped, but no secret. */
  madeUp: readonly string[];
}

const masked = (secret: string) => `${secret.slice(0, 4)}… (${secret.length} chars)`;

export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function findSecrets(text: string, where: string, { secrets, madeUp }: SecretsOf): Leak[] {
  const leaks = secrets
    .filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)))
    .map((s) => ({ where, what: masked(s) }));
  for (const shape of TOKEN_SHAPES) {
    for (const [match] of text.matchAll(shape)) {
      if (!madeUp.includes(match)) leaks.push({ where, what: `token-shaped ${masked(match)}` });
    }
  }
  return leaks;
}

/** The text itself and, for an HTML report, each data file embedded in it, decoded. */
export function textsOf(text: string, where: string): { text: string; where: string }[] {
  const embedded = [...text.matchAll(EMBEDDED_DATA)].map(([, name, data]) => ({
    text: Buffer.from(data ?? '', 'base64').toString('utf8'),
    where: `${where} › ${name}`,
  }));
  return [{ text, where }, ...embedded];
}

export interface Scan {
  leaks: Leak[];
  /** How many files and embedded data files were read: a scan of nothing proves nothing. */
  files: number;
  embedded: number;
  /** How many of them show a secret removed: the run had secrets in play, and hid them. */
  redacted: number;
}

/** Every leak in the run's reports folder and console output; a trace archive counts as one. */
export function scanRun(run: SuiteRun, of: SecretsOf): Scan {
  const scan: Scan = {
    leaks: findSecrets(run.output, 'console output', of),
    files: 0,
    embedded: 0,
    redacted: 0,
  };
  for (const file of filesUnder(run.reports.root)) {
    scan.files++;
    if (TRACE_ARCHIVE.test(file)) {
      scan.leaks.push({ where: file, what: 'a trace archive' });
      continue;
    }
    const texts = textsOf(readFileSync(file, 'utf8'), file);
    scan.embedded += texts.length - 1;
    for (const { text, where } of texts) {
      scan.leaks.push(...findSecrets(text, where, of));
      if (text.includes(REDACTED)) scan.redacted++;
    }
  }
  return scan;
}
