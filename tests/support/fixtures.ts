/**
 * The conformance specs' `test`, composed by concern: the target (its configuration, ids and tokens),
 * the API client, ability gates and consumable resources, and the verdict of each test (typed failures,
 * declared requirements, the reproduction script). Specs import `test` only from here.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { abilitiesOfTags, type Ability } from '../../lib/abilities.ts';
import type { EndpointId } from '../../lib/catalogue.ts';
import { ANNOTATIONS, DECLARED_LABELS, RUN_LABELS, testKeyOf } from '../../lib/results.ts';
import { titlesWithoutTarget } from '../../lib/targets-file.ts';
import type { PlatformCurrency } from '../../lib/sure-valid.ts';
import {
  singleCurrencyOf,
  VARIABLES,
  type OtherClient,
  type TargetConfig,
  type TargetIds,
} from '../../lib/target.ts';
import { buildTokenRequest } from '../../factories/token-request.ts';
import { labelTest, parameterOfTest } from './allure-metadata.ts';
import { ApiClient } from './api-client.ts';
import { test as base } from './browser-options.ts';
import { attachTo, CONTENT_TYPES } from './attachments.ts';
import { abilityBroken, createdFixtureId } from './control-fixtures.ts';
import {
  AUTH_CODE_USED,
  NEEDS_ABILITY,
  NEEDS_CURRENCY,
  noAuthorizationCodeOf,
  NO_CONFIGURED_ID_LEFT,
  NO_LIVE_TOKEN,
  NO_OTHER_CLIENT,
  NO_SELLER_TOKEN,
  OR_SELLER_TEST_TOKEN,
  REFUSE_LIVE_TOKEN,
  TARGET_NOT_SET_UP,
  unsetResourceOf,
} from '../../run/skip-reasons.ts';
import {
  declaredButUnused,
  takeAccountIds,
  takeFromContract,
  UNUSED_DECLARATION,
  watchedAbilities,
} from './declared-contract.ts';
import { recordRequestCosts } from './request-costs.ts';
import { settleTypedFailures, undeclaredCitations } from './outcome.ts';
import { Reproduction } from './reproduce.ts';
import {
  claimConfiguredId,
  claimOncePerRun,
  heldAccessTokens,
  readRunTokens,
  setupFailureOf,
  type HeldToken,
  type RunTokens,
} from '../../run/state.ts';
import { targetOfTest, targetsOfRun } from '../../run/targets.ts';
import { perTarget } from './per-target.ts';
import { targetConfigOf, type ProjectTarget } from '../../run/target.ts';

export const UNDECLARED = (ids: readonly string[]) =>
  `the suite's declaration of this test omits requirements its checks cite: ${ids.join(', ')} (add them to its declare() call)`;

/**
 * Skips the running test, for `reason`, when `condition` holds. test.skip(condition, reason) records
 * where it was called from a stack trace even when it does not skip, and the fixtures ask it for every
 * test: here it is asked only when the test skips.
 */
function skipWhen(condition: boolean, reason: string): void {
  if (condition) test.skip(true, reason);
}

interface TestFixtures {
  /** In a run against several targets, each test's own (./per-target.ts); else the run's one. */
  target: ProjectTarget;
  config: TargetConfig;
  ids: TargetIds;
  tokens: RunTokens;
  api: ApiClient;
  /** Skips the test, naming the ability, unless the target has it. */
  needs: (ability: Ability) => void;
  /** Skips unless the target allows destructive tests and the held token is a test token. */
  destructive: () => void;
  /** An active agreement: fresh from `fixtures`, else the next configured one not yet used, else a skip. */
  freshAgreement: () => Promise<string>;
  /** An opened claim: fresh from `fixtures`, else the next configured one not yet used, else a skip. */
  freshClaim: () => Promise<string>;
  /** A fresh authorization code of the main application: minted via `authorize`, else PAYMENTS_AUTH_CODE once per run, else a skip. */
  authorizationCode: (redirectUri?: string) => Promise<string>;
  /**
   * A test token of the seller obtained through the authorization flow: PAYMENTS_TEST_ACCESS_TOKEN, else a
   * fresh code exchanged with test_token "true", else a skip.
   */
  sellerTestToken: () => Promise<string>;
  /** The second application (PAYMENTS_OTHER_CLIENT_*), else the test skips. */
  otherClient: OtherClient;
  /**
   * The currency the test's preferences must be priced in (PAYMENTS_CURRENCY), undefined where the target
   * takes any; a target that did not say skips the test.
   */
  accountCurrency: PlatformCurrency | undefined;
  /** A non-test token the target issued (client_credentials without test_token), else the test skips. */
  liveToken: HeldToken;
  /** `clock`: ages these codes and tokens by `seconds` on the target, and nothing else. */
  ageCredentials: (seconds: number, credentials: readonly string[]) => Promise<void>;
  /** Records a generated case's inputs as report parameters. */
  recordParameters: (values: Record<string, string | number>) => void;
  /** Auto: skips a test whose `@needs-<ability>` tags the target cannot satisfy. */
  abilityGate: void;
  /** Auto: the test's verdict: typed failures, declared requirements, the reproduction script. */
  verdict: void;
}

/** What a test body built outside its spec file (tests/support/cases.ts) may use. */
export type ConformanceArgs = TestFixtures;

/**
 * The fixtures are plumbing, not steps of a test: they open no report step of their own (what they do
 * inside, a request or a check, still shows). A step per fixture per test is also a stack trace
 * recorded for each, twenty per test, which cost more CPU than most tests' own requests.
 */
const PLUMBING = { box: 'self' } as const;

/**
 * A fresh authorization code of the main application, bound to `redirectUri`: minted via `authorize`, else
 * PAYMENTS_AUTH_CODE once per run, else the test skips, saying why.
 */
async function freshAuthorizationCode(
  api: ApiClient,
  config: TargetConfig,
  target: ProjectTarget,
  redirectUri: string,
  /** The skip reasons in the words of the test's need (a seller's token, which a variable also gives). */
  reason: (noCode: string) => string = (noCode) => noCode,
): Promise<string> {
  const noCode = noAuthorizationCodeOf(config);
  skipWhen(noCode !== undefined, reason(noCode ?? ''));
  if (config.abilities.has('authorize')) {
    const { response, code } = await api.authorize({
      clientId: config.clientId,
      redirectUri,
      state: randomUUID(),
    });
    if (response.status !== 302 || !code) {
      abilityBroken(
        'authorize',
        `GET /authorization answered ${response.status} with Location ${response.headers.location ?? '(none)'}, not a 302 carrying a code`,
      );
    }
    return code;
  }
  skipWhen(!claimOncePerRun(target.name, 'auth-code'), reason(AUTH_CODE_USED));
  return config.authCode as string;
}

const fixtureTest = base.extend<TestFixtures>({
  target: [async ({}, use, testInfo) => use(targetOfTest(testInfo)), PLUMBING],
  config: [
    async ({ target }, use, testInfo) => {
      const config = targetConfigOf(target);
      await use({ ...config, abilities: watchedAbilities(config.abilities, testInfo) });
    },
    PLUMBING,
  ],
  ids: [
    async ({ config }, use) => {
      takeAccountIds();
      await use(config);
    },
    PLUMBING,
  ],
  tokens: [async ({ target }, use) => use(readRunTokens(target.name)), PLUMBING],

  api: [
    async ({ config, target }, use, testInfo) => {
      const reproduction = new Reproduction(config.baseUrl, config.proxy);
      await use(new ApiClient(testInfo, config, () => heldAccessTokens(target.name), reproduction));
    },
    PLUMBING,
  ],

  needs: [
    async ({ config }, use) => {
      await use((ability) => skipWhen(!config.abilities.has(ability), NEEDS_ABILITY(ability)));
    },
    PLUMBING,
  ],

  destructive: [
    async ({ needs, target }, use) => {
      await use(() => {
        needs('destructive');
        skipWhen(readRunTokens(target.name).test.liveMode !== false, REFUSE_LIVE_TOKEN);
      });
    },
    PLUMBING,
  ],

  abilityGate: [
    async ({ config, needs, destructive, target }, use, testInfo) => {
      const setupFailure = setupFailureOf(target.name);
      skipWhen(setupFailure !== undefined, TARGET_NOT_SET_UP(setupFailure?.message ?? ''));
      // In --plan's order: an ability, then an id of the account, then the run's token.
      const abilities = abilitiesOfTags(testInfo.tags);
      for (const ability of abilities) needs(ability);
      const endpoint = testInfo.annotations.find((a) => a.type === DECLARED_LABELS.endpoint)?.description;
      const unsetResource = endpoint
        ? unsetResourceOf(endpoint as EndpointId, testInfo.tags, config)
        : undefined;
      skipWhen(unsetResource !== undefined, unsetResource ?? '');
      if (abilities.includes('destructive')) destructive();
      await use();
    },
    { auto: true, ...PLUMBING },
  ],

  verdict: [
    async ({ api, target }, use, testInfo) => {
      const file = path.relative(testInfo.config.rootDir, testInfo.file);
      const titles = titlesWithoutTarget(testInfo.titlePath.slice(1), target.name);
      labelTest(testInfo, { name: RUN_LABELS.testKey, value: testKeyOf(file, titles, target.name) });
      await use();
      recordRequestCosts(testInfo, api.sent);
      const script = api.reproductionScript();
      if (script) {
        testInfo.annotations.push({ type: ANNOTATIONS.reproduce, description: script });
        attachTo(testInfo, 'reproduce.sh', script, CONTENT_TYPES.text);
      }
      const declared = new Set(
        testInfo.annotations
          .filter((a) => a.type === DECLARED_LABELS.requirement)
          .map((a) => a.description ?? ''),
      );
      const undeclared = undeclaredCitations(testInfo, declared);
      const unused = declaredButUnused(testInfo);
      settleTypedFailures(testInfo);
      if (undeclared.length > 0) throw new Error(UNDECLARED(undeclared));
      if (unused.length > 0) throw new Error(UNUSED_DECLARATION(unused));
    },
    { auto: true, ...PLUMBING },
  ],

  freshAgreement: [
    async ({ api, config, target }, use) => {
      takeFromContract('freshAgreement');
      await use(() =>
        freshResource(
          api,
          config,
          target,
          'agreement',
          config.agreementIds,
          VARIABLES.agreementId,
          VARIABLES.agreementIds,
        ),
      );
    },
    PLUMBING,
  ],

  freshClaim: [
    async ({ api, config, target }, use) => {
      takeFromContract('freshClaim');
      await use(() =>
        freshResource(api, config, target, 'claim', config.claimIds, VARIABLES.claimId, VARIABLES.claimIds),
      );
    },
    PLUMBING,
  ],

  authorizationCode: [
    async ({ api, config, target }, use) => {
      takeFromContract('authorizationCode');
      await use((redirectUri = config.redirectUri) =>
        freshAuthorizationCode(api, config, target, redirectUri),
      );
    },
    PLUMBING,
  ],

  sellerTestToken: [
    async ({ api, config, target }, use) => {
      takeFromContract('sellerTestToken');
      await use(async () => {
        // Given, PAYMENTS_TEST_ACCESS_TOKEN is the seller's test token.
        if (config.testAccessToken) return config.testAccessToken;
        const code = await freshAuthorizationCode(
          api,
          config,
          target,
          config.redirectUri,
          OR_SELLER_TEST_TOKEN,
        );
        const response = await api.token(
          buildTokenRequest('authorization_code', {
            clientId: config.clientId,
            clientSecret: config.clientSecret,
            code,
            redirectUri: config.redirectUri,
            testToken: true,
          }),
        );
        const token = (response.body as { access_token?: unknown } | undefined)?.access_token;
        skipWhen(typeof token !== 'string', NO_SELLER_TOKEN(response.status));
        return token as string;
      });
    },
    PLUMBING,
  ],

  otherClient: [
    async ({ config }, use) => {
      takeFromContract('otherClient');
      skipWhen(config.otherClient === undefined, NO_OTHER_CLIENT);
      await use(config.otherClient as OtherClient);
    },
    PLUMBING,
  ],

  accountCurrency: [
    async ({ config }, use) => {
      takeFromContract('accountCurrency');
      skipWhen(config.currency === undefined, NEEDS_CURRENCY);
      await use(singleCurrencyOf(config));
    },
    PLUMBING,
  ],

  liveToken: [
    async ({ tokens }, use) => {
      takeFromContract('liveToken');
      skipWhen(tokens.live?.liveMode !== true, NO_LIVE_TOKEN);
      await use(tokens.live as HeldToken);
    },
    PLUMBING,
  ],

  ageCredentials: [
    async ({ api }, use) => {
      takeFromContract('ageCredentials');
      await use(async (seconds, credentials) => {
        const response = await api.ageCredentials(credentials, seconds);
        if (response.status !== 200) {
          abilityBroken(
            'clock',
            `POST /__control/clock answered ${response.status} to {"advance_seconds": ${seconds}, "credentials": [${credentials.length}]}`,
          );
        }
      });
    },
    PLUMBING,
  ],

  recordParameters: [
    async ({}, use, testInfo) => {
      await use((values) => {
        for (const [name, value] of Object.entries(values)) {
          testInfo.annotations.push({ type: name, description: String(value) });
          parameterOfTest(testInfo, { name, value: String(value) });
        }
      });
    },
    PLUMBING,
  ],
});

const targetsOfThisRun = targetsOfRun();

/** The specs' `test`; in a run against several targets, each test is registered once per target. */
export const test = targetsOfThisRun ? perTarget(fixtureTest, targetsOfThisRun) : fixtureTest;

/** A claimed ability does not work: the test could not run, which says nothing about the spec. */
async function freshResource(
  api: ApiClient,
  config: TargetConfig,
  target: ProjectTarget,
  kind: 'agreement' | 'claim',
  configured: readonly string[],
  single: string,
  list: string,
): Promise<string> {
  if (config.abilities.has('fixtures')) return createdFixtureId(api, kind);
  const id = claimConfiguredId(target.name, kind, configured);
  skipWhen(id === undefined, NO_CONFIGURED_ID_LEFT(single, list));
  return id as string;
}
