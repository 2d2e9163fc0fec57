/**
 * The target this run points at: lib/target.ts's contract, with the mock's seeded ids as defaults.
 *
 * playwright.config.ts parses it once in the runner (so a bad variable stops the run before any test)
 * and again in each worker, which inherits the runner's environment.
 */
import { parseTargetConfig, type TargetConfig } from '../../lib/target.ts';
import { SEEDED_IDS } from '../../mock/seed.ts';
import { rememberSecret } from './redact.ts';

/** Where the embedded mock listens; set by playwright.config.ts in the runner, inherited by workers. */
export const EMBEDDED_URL_VARIABLE = 'PAYMENTS_EMBEDDED_URL';
/** One id per `playwright test` invocation; names the run's private folder under .tokens/. */
export const RUN_ID_VARIABLE = 'PAYMENTS_RUN_ID';

export function loadTargetConfig(env: NodeJS.ProcessEnv = process.env): TargetConfig {
  return parseTargetConfig(env, env[EMBEDDED_URL_VARIABLE] ?? '', SEEDED_IDS);
}

let cached: TargetConfig | undefined;

/** The worker's config, parsed once; its secrets are remembered for redaction from the start. */
export function targetConfig(): TargetConfig {
  if (!cached) {
    cached = loadTargetConfig();
    for (const secret of [cached.clientSecret, cached.authCode, cached.testAccessToken])
      rememberSecret(secret);
  }
  return cached;
}
