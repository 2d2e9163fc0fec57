/**
 * Looks for secrets in texts a run produced (a reproduce script, its output). The scan of a whole
 * failing run's reports folder, the files its Allure report embeds included, is
 * tests/self/reliability/secrets.test.ts.
 */
import { VARIABLE_DOCS } from '../../../../lib/target.ts';

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

/** `where: secret…` for each secret found; shows only the start of a secret. */
export function leaks(texts: readonly Text[], secrets: readonly string[]): string[] {
  return texts.flatMap(({ where, text }) =>
    secrets
      .filter((secret) => text.includes(secret))
      .map((secret) => `${where}: ${secret.slice(0, 4)}… (${secret.length} characters)`),
  );
}
