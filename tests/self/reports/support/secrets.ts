/**
 * Looks for secrets in what a run left behind: every file of its reports folder, each file the Allure
 * report embeds (base64 in index.html, where a plain search would miss them), and any other text given.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIABLE_DOCS } from '../../../../lib/target.ts';
import { embeddedReportFiles } from './allure.ts';
import { filesUnder } from './folder-snapshot.ts';

export interface Text {
  where: string;
  text: string;
}

/** The values of the target's secret variables (client secrets, passwords, codes, tokens) that are set. */
export function configuredSecrets(target: Record<string, string>): string[] {
  return Object.entries(VARIABLE_DOCS).flatMap(([name, doc]) => {
    const value = target[name];
    return doc.secret && value ? [value] : [];
  });
}

/** Every file under a reports folder, and the files its Allure report embeds. */
export function reportTexts(reportsDir: string): Text[] {
  const files = filesUnder(reportsDir);
  const embedded = files
    .filter((file) => file.endsWith(join('allure-report', 'index.html')))
    .flatMap((index) =>
      [...embeddedReportFiles(index)].map(([name, text]) => ({ where: `${index} › ${name}`, text })),
    );
  return [...files.map((file) => ({ where: file, text: readFileSync(file, 'latin1') })), ...embedded];
}

/** `where: secret…` for each secret found; shows only the start of a secret. */
export function leaks(texts: readonly Text[], secrets: readonly string[]): string[] {
  return texts.flatMap(({ where, text }) =>
    secrets
      .filter((secret) => text.includes(secret))
      .map((secret) => `${where}: ${secret.slice(0, 4)}… (${secret.length} characters)`),
  );
}
