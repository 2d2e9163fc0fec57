/**
 * The target contract: which environment variables point the suite at a target, what they mean, and
 * their validation. The suite reads it (tests/support/config.ts), the mock prints it (`--print-env`),
 * and the README and .env.example document it; this module is the one definition.
 */
import type { Capability } from './catalogue.ts';

export const CAPABILITIES: readonly Capability[] = [
  'faults',
  'clock',
  'authorize',
  'destructive',
  'fixtures',
];
export const PROFILES = ['strict', 'lenient'] as const;
export type Profile = (typeof PROFILES)[number];

/** Values a target supplies for the suite; the embedded mock's seed provides all of them. */
export interface TargetIds {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  planId: string;
  claimId: string;
  claimReasonId: string;
  chargebackId: string;
  chargebackPaymentId: string;
  storeId: string;
  agreementId: string;
}

/** Environment variable of each value, in the order the README's table lists them. */
export const ID_VARIABLES: Record<keyof TargetIds, string> = {
  clientId: 'PAYMENTS_CLIENT_ID',
  clientSecret: 'PAYMENTS_CLIENT_SECRET',
  redirectUri: 'PAYMENTS_REDIRECT_URI',
  planId: 'PAYMENTS_PLAN_ID',
  claimId: 'PAYMENTS_CLAIM_ID',
  claimReasonId: 'PAYMENTS_CLAIM_REASON_ID',
  chargebackId: 'PAYMENTS_CHARGEBACK_ID',
  chargebackPaymentId: 'PAYMENTS_CHARGEBACK_PAYMENT_ID',
  storeId: 'PAYMENTS_STORE_ID',
  agreementId: 'PAYMENTS_AGREEMENT_ID',
};

export const VARIABLES = {
  baseUrl: 'PAYMENTS_BASE_URL',
  authCode: 'PAYMENTS_AUTH_CODE',
  testAccessToken: 'PAYMENTS_TEST_ACCESS_TOKEN',
  capabilities: 'PAYMENTS_CAPABILITIES',
  profile: 'PAYMENTS_PROFILE',
  ...ID_VARIABLES,
} as const;

export interface TargetConfig extends TargetIds {
  baseUrl: string;
  /** True when the suite started the embedded mock itself. */
  embedded: boolean;
  capabilities: ReadonlySet<Capability>;
  profile: Profile;
  authCode?: string;
  testAccessToken?: string;
}

export class TargetConfigError extends Error {
  override name = 'TargetConfigError';
}

function parseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetConfigError(`${VARIABLES.baseUrl} is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetConfigError(`${VARIABLES.baseUrl} must be http or https, got ${url.protocol}`);
  }
  return url.toString().replace(/\/+$/, '');
}

function parseCapabilities(raw: string | undefined, embedded: boolean): Set<Capability> {
  if (raw === undefined) return new Set(embedded ? CAPABILITIES : []);
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(CAPABILITIES as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw new TargetConfigError(
      `${VARIABLES.capabilities} has unknown abilities ${unknown.join(', ')}; known: ${CAPABILITIES.join(', ')}`,
    );
  }
  return new Set(names as Capability[]);
}

function parseProfile(raw: string | undefined): Profile {
  if (raw === undefined || raw === '') return 'strict';
  if (!(PROFILES as readonly string[]).includes(raw)) {
    throw new TargetConfigError(
      `${VARIABLES.profile} must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(raw)}`,
    );
  }
  return raw as Profile;
}

/**
 * Reads the target contract from `env`. `embeddedBaseUrl` is where the embedded mock listens when
 * PAYMENTS_BASE_URL is unset; `seeded` are the mock's seeded ids, the defaults for any id not given.
 * Throws one TargetConfigError naming the first bad variable.
 */
export function parseTargetConfig(
  env: NodeJS.ProcessEnv,
  embeddedBaseUrl: string,
  seeded: TargetIds,
): TargetConfig {
  const rawBase = env[VARIABLES.baseUrl];
  const embedded = rawBase === undefined || rawBase === '';
  const baseUrl = embedded ? embeddedBaseUrl : parseBaseUrl(rawBase);
  const ids = Object.fromEntries(
    (Object.keys(ID_VARIABLES) as (keyof TargetIds)[]).map((key) => {
      const value = env[ID_VARIABLES[key]];
      return [key, value === undefined || value === '' ? seeded[key] : value];
    }),
  ) as unknown as TargetIds;
  return {
    ...ids,
    baseUrl,
    embedded,
    capabilities: parseCapabilities(env[VARIABLES.capabilities], embedded),
    profile: parseProfile(env[VARIABLES.profile]),
    authCode: env[VARIABLES.authCode] || undefined,
    testAccessToken: env[VARIABLES.testAccessToken] || undefined,
  };
}
