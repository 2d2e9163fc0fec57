/**
 * The target contract: which environment variables point the suite at a target, what they mean, and
 * their validation. The suite reads it, the mock prints its side (`--print-env`), the CLI's help, the
 * README and .env.example document it; this module is the one definition of every variable.
 */
import { typedUrlShown } from './typed-url.ts';
import { ABILITIES, isAbility, type Ability } from './abilities.ts';
import { DEFAULT_PROFILE, isProfile, PROFILES, type Profile } from './profiles.ts';
import { PLATFORM_CURRENCIES, type PlatformCurrency } from './sure-valid.ts';
import { proxyFor, type ProxyRoute } from './proxy.ts';

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

/** Environment variable of each id, in the order the README lists them. */
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

/** The application the run authenticates as: required for any target but the embedded mock. */
const APPLICATION_IDS: readonly (keyof TargetIds)[] = ['clientId', 'clientSecret'];
/** Every id of the contract, in ID_VARIABLES's order. */
export const ID_KEYS = Object.keys(ID_VARIABLES) as (keyof TargetIds)[];
/** Every other id: another target may leave each unset, and the tests that need it skip. */
export const OPTIONAL_IDS = ID_KEYS.filter((id) => !APPLICATION_IDS.includes(id));

export const VARIABLES = {
  baseUrl: 'PAYMENTS_BASE_URL',
  ...ID_VARIABLES,
  agreementIds: 'PAYMENTS_AGREEMENT_IDS',
  claimIds: 'PAYMENTS_CLAIM_IDS',
  otherClientId: 'PAYMENTS_OTHER_CLIENT_ID',
  otherClientSecret: 'PAYMENTS_OTHER_CLIENT_SECRET',
  authCode: 'PAYMENTS_AUTH_CODE',
  authorizationUrl: 'PAYMENTS_AUTHORIZATION_URL',
  consentUser: 'PAYMENTS_CONSENT_USER',
  consentPassword: 'PAYMENTS_CONSENT_PASSWORD',
  testAccessToken: 'PAYMENTS_TEST_ACCESS_TOKEN',
  currency: 'PAYMENTS_CURRENCY',
  abilities: 'PAYMENTS_ABILITIES',
  profile: 'PAYMENTS_PROFILE',
} as const;
export type VariableName = (typeof VARIABLES)[keyof typeof VARIABLES];

/** The old name of PAYMENTS_ABILITIES, still read (with a warning) when the new one is unset. */
export const DEPRECATED_ABILITIES_VARIABLE = 'PAYMENTS_CAPABILITIES';

/** PAYMENTS_CURRENCY of a target that takes every currency of the platform, as the mock does. */
export const ANY_CURRENCY = 'any';
/** The currencies an account's checkout preferences take: one of the platform's, or all of them. */
export type AccountCurrency = PlatformCurrency | typeof ANY_CURRENCY;

/** The default of an id of the account's own: no other target has the mock's (TargetConfig.unsetIds). */
const UNSET_ELSEWHERE = "the mock's; unset elsewhere, the tests that name one skip";

/** What each variable means and its default: the one text the README, .env.example and --help show. */
export const VARIABLE_DOCS: Record<VariableName, { meaning: string; default: string; secret?: true }> = {
  PAYMENTS_BASE_URL: {
    meaning: 'base URL of the target',
    default: 'unset: the embedded mock, started on a free loopback port for the run',
  },
  PAYMENTS_CLIENT_ID: {
    meaning: 'application id',
    default: "the mock's seeded application; required for any other target",
  },
  PAYMENTS_CLIENT_SECRET: {
    meaning: 'application secret',
    default: "the mock's; required for any other target",
    secret: true,
  },
  PAYMENTS_REDIRECT_URI: {
    meaning: 'redirect URI configured for the application',
    default: "the mock's; unset elsewhere (the authorization-code tests skip)",
  },
  PAYMENTS_PLAN_ID: { meaning: 'an existing subscription plan', default: UNSET_ELSEWHERE },
  PAYMENTS_CLAIM_ID: {
    meaning: 'an opened claim (a destructive run opens a dispute on it)',
    default: UNSET_ELSEWHERE,
  },
  PAYMENTS_CLAIM_REASON_ID: { meaning: 'an existing claim reason', default: UNSET_ELSEWHERE },
  PAYMENTS_CHARGEBACK_ID: { meaning: 'an existing chargeback', default: UNSET_ELSEWHERE },
  PAYMENTS_CHARGEBACK_PAYMENT_ID: {
    meaning: 'the id of a payment that chargeback covers',
    default: UNSET_ELSEWHERE,
  },
  PAYMENTS_STORE_ID: { meaning: 'an existing store with business hours', default: UNSET_ELSEWHERE },
  PAYMENTS_AGREEMENT_ID: {
    meaning: 'an active agreement (a destructive run cancels it)',
    default: UNSET_ELSEWHERE,
  },
  PAYMENTS_AGREEMENT_IDS: {
    meaning: 'comma-separated active agreements, one per test that cancels one',
    default: 'PAYMENTS_AGREEMENT_ID alone',
  },
  PAYMENTS_CLAIM_IDS: {
    meaning: 'comma-separated opened claims, one per test that opens a dispute',
    default: 'PAYMENTS_CLAIM_ID alone',
  },
  PAYMENTS_OTHER_CLIENT_ID: {
    meaning: 'a second application, for "belonging to another client"',
    default: "the mock's second application; unset elsewhere (those tests skip)",
  },
  PAYMENTS_OTHER_CLIENT_SECRET: {
    meaning: "the second application's secret",
    default: "the mock's",
    secret: true,
  },
  PAYMENTS_AUTH_CODE: {
    meaning: 'a fresh authorization code (single use, valid 10 minutes): `npm run authorize`',
    default: "minted by the target when it has 'authorize'; else those tests skip",
    secret: true,
  },
  PAYMENTS_AUTHORIZATION_URL: {
    meaning: "the target's authorization (login and consent) page, opened by `npm run authorize`",
    default: 'PAYMENTS_BASE_URL followed by /authorization',
  },
  PAYMENTS_CONSENT_USER: {
    meaning: 'user name `npm run authorize -- --headless` logs in with on the consent page',
    default: "the mock's seeded consent user; elsewhere unset (a person logs in)",
  },
  PAYMENTS_CONSENT_PASSWORD: {
    meaning: "that user's password",
    default: "the mock's",
    secret: true,
  },
  PAYMENTS_TEST_ACCESS_TOKEN: {
    meaning: "the seller's test access token (bearer of every request)",
    default: 'obtained from the token endpoint with test_token "true"',
    secret: true,
  },
  PAYMENTS_CURRENCY: {
    meaning: `the currency the account's checkout preferences take (an account takes its market's): one of the platform's codes (${PLATFORM_CURRENCIES.slice(0, 4).join(', ')}, ...) or ${ANY_CURRENCY}`,
    default: `${ANY_CURRENCY} for the embedded mock; unset elsewhere, the tests that need a preference created skip`,
  },
  PAYMENTS_ABILITIES: {
    meaning: `comma list of the target's abilities: ${ABILITIES.join(', ')}`,
    default: 'all five for the embedded mock; none for any other base URL',
  },
  PAYMENTS_PROFILE: { meaning: `one of ${PROFILES.join(', ')}`, default: DEFAULT_PROFILE },
};

export interface OtherClient {
  clientId: string;
  clientSecret: string;
}

export interface TargetConfig extends TargetIds {
  baseUrl: string;
  /** True when the suite started the embedded mock itself. */
  embedded: boolean;
  abilities: ReadonlySet<Ability>;
  profile: Profile;
  authCode?: string;
  testAccessToken?: string;
  otherClient?: OtherClient;
  /** Agreements the run may cancel, the configured one first. */
  agreementIds: readonly string[];
  /** Opened claims the run may dispute, the configured one first. */
  claimIds: readonly string[];
  /**
   * The currency the account's preferences take. Undefined for another target that did not say: every
   * code is a value the spec leaves open, and a real account refuses other markets' currencies.
   */
  currency?: AccountCurrency;
  /**
   * The resource ids and redirect URI a target other than the embedded mock was not given. Each keeps the
   * mock's value as a placeholder, but those ids name nothing on another target, so the tests that need
   * one skip, naming its variable, rather than fail on an answer about a resource the target never had.
   */
  unsetIds: ReadonlySet<keyof TargetIds>;
  /** The HTTP proxy a target other than the embedded mock is reached through (lib/proxy.ts); none: direct. */
  proxy?: ProxyRoute;
  /** One line each, for the user: deprecated variables still read. */
  warnings: readonly string[];
}

export class TargetConfigError extends Error {
  override name = 'TargetConfigError';
}

function parseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetConfigError(`${VARIABLES.baseUrl} is not a URL: ${typedUrlShown(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetConfigError(`${VARIABLES.baseUrl} must be an http or https URL, got ${url.protocol}`);
  }
  // Paths are appended to it as text: a query or fragment would swallow every one of them.
  if (url.search || url.hash) {
    throw new TargetConfigError(
      `${VARIABLES.baseUrl} must be the API's root, without a query or fragment (not shown: it may hold a key): e.g. https://api.example.com`,
    );
  }
  return url.toString().replace(/\/+$/, '');
}

function parseAbilities(variable: string, raw: string | undefined, embedded: boolean): Set<Ability> {
  if (raw === undefined) return new Set(embedded ? ABILITIES : []);
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !isAbility(n));
  if (unknown.length > 0) {
    throw new TargetConfigError(
      `${variable} has unknown abilities ${unknown.join(', ')}; known: ${ABILITIES.join(', ')}`,
    );
  }
  return new Set(names as Ability[]);
}

/** The one currency a target's preferences must be priced in; undefined where it takes any, or did not say. */
export function singleCurrencyOf(config: Pick<TargetConfig, 'currency'>): PlatformCurrency | undefined {
  return config.currency === ANY_CURRENCY ? undefined : config.currency;
}

function parseCurrency(raw: string | undefined, embedded: boolean): AccountCurrency | undefined {
  if (raw === undefined || raw === '') return embedded ? ANY_CURRENCY : undefined;
  if (raw !== ANY_CURRENCY && !(PLATFORM_CURRENCIES as readonly string[]).includes(raw)) {
    throw new TargetConfigError(
      `${VARIABLES.currency} must be one of the platform's currency codes (${PLATFORM_CURRENCIES.join(', ')}) or ${ANY_CURRENCY}, got ${JSON.stringify(raw)}`,
    );
  }
  return raw as AccountCurrency;
}

function parseProfile(raw: string | undefined): Profile {
  if (raw === undefined || raw === '') return DEFAULT_PROFILE;
  if (!isProfile(raw)) {
    throw new TargetConfigError(
      `${VARIABLES.profile} must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(raw)}`,
    );
  }
  return raw;
}

/** A comma-separated list of ids: no empty entry, no whitespace inside an id, no id twice. */
function parseIdList(variable: string, raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const ids = raw.split(',').map((s) => s.trim());
  const bad = ids.find((id) => id === '' || /\s/.test(id));
  if (bad !== undefined || new Set(ids).size !== ids.length) {
    throw new TargetConfigError(
      `${variable} must be a comma-separated list of distinct ids without spaces inside them, got ${JSON.stringify(raw)}`,
    );
  }
  return ids;
}

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * Reads the target contract from `env`. `embeddedBaseUrl` is where the embedded mock listens when
 * PAYMENTS_BASE_URL is unset; `defaults` are the embedded mock's seeded values, used for any variable
 * not given (against another target only as placeholders, listed in `unsetIds`). Throws one
 * TargetConfigError naming the first bad variable.
 */
export function parseTargetConfig(
  env: NodeJS.ProcessEnv,
  embeddedBaseUrl: string,
  defaults: TargetIds & { otherClient?: OtherClient },
): TargetConfig {
  const rawBase = env[VARIABLES.baseUrl];
  const embedded = !present(rawBase);
  const baseUrl = embedded ? embeddedBaseUrl : parseBaseUrl(rawBase);
  const unset = (key: keyof TargetIds) => !embedded && !present(env[ID_VARIABLES[key]]);
  // Every request of a run is made as the application, so another target's run cannot start without it.
  const noApplication = APPLICATION_IDS.filter(unset).map((key) => ID_VARIABLES[key]);
  if (noApplication.length > 0) {
    throw new TargetConfigError(
      `${noApplication.join(' and ')} must be set: ${VARIABLES.baseUrl} names a target other than the embedded mock, and the run authenticates as your application there (for a mock started with npm run mock, npm run mock -- --print-env prints them)`,
    );
  }
  const proxy = embedded ? {} : proxyFor(new URL(baseUrl), env);
  if ('problem' in proxy) throw new TargetConfigError(proxy.problem);
  const unsetIds = new Set(OPTIONAL_IDS.filter(unset));
  const ids = Object.fromEntries(
    ID_KEYS.map((key) => {
      const value = env[ID_VARIABLES[key]];
      return [key, present(value) ? value : defaults[key]];
    }),
  ) as unknown as TargetIds;

  const warnings: string[] = [];
  let abilitiesVariable: string = VARIABLES.abilities;
  let rawAbilities = env[VARIABLES.abilities];
  if (rawAbilities === undefined && env[DEPRECATED_ABILITIES_VARIABLE] !== undefined) {
    abilitiesVariable = DEPRECATED_ABILITIES_VARIABLE;
    rawAbilities = env[DEPRECATED_ABILITIES_VARIABLE];
    warnings.push(`${DEPRECATED_ABILITIES_VARIABLE} is deprecated: name it ${VARIABLES.abilities}.`);
  }

  const otherId = env[VARIABLES.otherClientId];
  const otherSecret = env[VARIABLES.otherClientSecret];
  if (present(otherId) !== present(otherSecret)) {
    throw new TargetConfigError(
      `${VARIABLES.otherClientId} and ${VARIABLES.otherClientSecret} go together: set both or neither`,
    );
  }
  const otherClient =
    present(otherId) && present(otherSecret)
      ? { clientId: otherId, clientSecret: otherSecret }
      : embedded
        ? defaults.otherClient
        : undefined;

  // A list alone names the single resource too: its first id.
  const agreementIds = parseIdList(VARIABLES.agreementIds, env[VARIABLES.agreementIds]);
  const claimIds = parseIdList(VARIABLES.claimIds, env[VARIABLES.claimIds]);
  if (agreementIds && !present(env[VARIABLES.agreementId])) {
    ids.agreementId = agreementIds[0]!;
    unsetIds.delete('agreementId');
  }
  if (claimIds && !present(env[VARIABLES.claimId])) {
    ids.claimId = claimIds[0]!;
    unsetIds.delete('claimId');
  }
  const currency = parseCurrency(env[VARIABLES.currency], embedded);
  // A placeholder is never lent to a test that uses a resource up.
  const lent = (key: 'agreementId' | 'claimId', list: readonly string[] | undefined) =>
    unsetIds.has(key) ? [] : [...new Set([ids[key], ...(list ?? [])])];
  return {
    ...ids,
    baseUrl,
    embedded,
    abilities: parseAbilities(abilitiesVariable, rawAbilities, embedded),
    profile: parseProfile(env[VARIABLES.profile]),
    authCode: env[VARIABLES.authCode] || undefined,
    testAccessToken: env[VARIABLES.testAccessToken] || undefined,
    ...(otherClient ? { otherClient } : {}),
    ...(currency ? { currency } : {}),
    ...(proxy.route ? { proxy: proxy.route } : {}),
    agreementIds: lent('agreementId', agreementIds),
    claimIds: lent('claimId', claimIds),
    unsetIds,
    warnings,
  };
}
