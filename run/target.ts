/**
 * The target a test runs against: lib/target.ts's contract read from the environment, with the embedded
 * mock's seeded values as defaults. In a run against several targets (the mutation runner's), each
 * Playwright project names its target and its variables in `metadata.target`; they override the
 * environment for that project's tests. Free of Playwright's test API, so the run command reads the
 * contract without loading it (./current-target.ts has the running test's target).
 */
import { RUN_VARIABLES } from '../lib/run-variables.ts';
import { proxySecret } from '../lib/proxy.ts';
import { parseTargetConfig, type TargetConfig } from '../lib/target.ts';
import { OTHER_APPLICATION, SEEDED_IDS } from '../mock/seed.ts';
import { rememberSecret } from './redact.ts';

/** What a project of the Playwright config says about its target. */
export interface ProjectTarget {
  /** `default` for a run against one target. */
  name: string;
  /** PAYMENTS_* variables of this target, over the environment's. */
  env: Record<string, string>;
}

export const DEFAULT_TARGET: ProjectTarget = { name: 'default', env: {} };

/** The target of a project's metadata (the default target when it names none). */
export function projectTarget(metadata: unknown): ProjectTarget {
  const target = (metadata as { target?: ProjectTarget } | undefined)?.target;
  return target ?? DEFAULT_TARGET;
}

/** Reads the contract from `env` (the embedded mock's URL and seeded values as defaults). */
export function loadTargetConfig(env: NodeJS.ProcessEnv = process.env): TargetConfig {
  return parseTargetConfig(env, env[RUN_VARIABLES.embeddedUrl] ?? '', {
    ...SEEDED_IDS,
    otherClient: { clientId: OTHER_APPLICATION.clientId, clientSecret: OTHER_APPLICATION.clientSecret },
  });
}

const byProject = new Map<string, TargetConfig>();

/** A staging build behind basic authentication takes it in the base URL (user:password@host). */
function urlPassword(url: string): string | undefined {
  try {
    const { password } = new URL(url);
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

/** The configuration of `target`, parsed once per worker; its secrets are remembered for redaction. */
export function targetConfigOf(target: ProjectTarget): TargetConfig {
  let config = byProject.get(target.name);
  if (!config) {
    config = loadTargetConfig({ ...process.env, ...target.env });
    for (const secret of [
      config.clientSecret,
      config.authCode,
      config.testAccessToken,
      config.otherClient?.clientSecret,
      proxySecret(config.proxy),
      urlPassword(config.baseUrl),
    ]) {
      rememberSecret(secret);
    }
    byProject.set(target.name, config);
  }
  return config;
}
