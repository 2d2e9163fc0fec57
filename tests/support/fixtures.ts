/**
 * The conformance specs' `test` and `expect`: typed API client, target config, ids, tokens, ability
 * gates, fresh resources and report labels. Specs import only from here, never from @playwright/test.
 */
import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { label, link, parameter } from 'allure-js-commons';
import type { Capability } from '../../lib/catalogue.ts';
import type { TargetConfig, TargetIds } from '../../lib/target.ts';
import { ApiClient } from './api-client.ts';
import { checkStatus, checkThat } from './checks.ts';
import { targetConfig } from './config.ts';
import { ANNOTATION, neededAbilities, specLinkFor } from './labels.ts';
import { claimOncePerRun, readRunTokens, withRunLock, type RunTokens } from './run-state.ts';

export { expect };
export { labelsFor } from './labels.ts';

export const NEEDS_ABILITY = (ability: string) => `needs ability '${ability}'`;
export const REFUSE_LIVE_TOKEN =
  'refusing a destructive test: the token this run holds is not known to be a test token (live_mode is not false); destructive requests are never sent with a live-mode token';
export const CONFIGURED_ID_USED = (variable: string) =>
  `the configured ${variable} was already used by another test in this run; a target with 'fixtures' provides a fresh one per test`;
export const NO_AUTH_CODE =
  "needs ability 'authorize' (to mint authorization codes) or PAYMENTS_AUTH_CODE (a fresh code)";
export const AUTH_CODE_USED =
  "PAYMENTS_AUTH_CODE was already exchanged by another test in this run (codes are single-use); a target with 'authorize' mints one per test";

/** Tests that mint authorization codes or move the clock hold this lock, so a clock jump never expires another test's code. */
const CLOCK_LOCK = 'clock';

interface WorkerFixtures {
  config: TargetConfig;
  ids: TargetIds;
  tokens: RunTokens;
}

interface TestFixtures {
  api: ApiClient;
  /** Skips the test, naming the ability, unless the target has it. */
  needs: (ability: Capability) => void;
  /** Skips unless the target allows destructive tests and the held token is a test token. */
  destructive: () => void;
  /** An active agreement: fresh from `fixtures`, else PAYMENTS_AGREEMENT_ID once per run. */
  freshAgreement: () => Promise<string>;
  /** An opened claim: fresh from `fixtures`, else PAYMENTS_CLAIM_ID once per run. */
  freshClaim: () => Promise<string>;
  /** A fresh authorization code: minted via `authorize`, else PAYMENTS_AUTH_CODE once per run, else a skip. */
  authorizationCode: (redirectUri?: string) => Promise<string>;
  /** Runs code-minting or clock-moving steps so that no clock jump lands inside another test's code flow. */
  exclusiveOfClock: <T>(action: () => Promise<T>) => Promise<T>;
  /** Records a generated case's inputs as report parameters and annotations. */
  recordParameters: (values: Record<string, string | number>) => Promise<void>;
  /** Auto: skips a test whose `@needs-<ability>` tags the target cannot satisfy. */
  abilityGate: void;
  /** Auto: links the test to its section of the spec. */
  specLink: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  config: [async ({}, use) => use(targetConfig()), { scope: 'worker' }],
  ids: [async ({ config }, use) => use(config), { scope: 'worker' }],
  tokens: [async ({}, use) => use(readRunTokens()), { scope: 'worker' }],

  api: async ({ request, config }, use, testInfo) => {
    await use(new ApiClient(request, testInfo, config.baseUrl, () => readRunTokens().test.accessToken));
  },

  needs: async ({ config }, use) => {
    await use((ability) => test.skip(!config.capabilities.has(ability), NEEDS_ABILITY(ability)));
  },

  destructive: async ({ needs }, use) => {
    await use(() => {
      needs('destructive');
      test.skip(readRunTokens().test.liveMode !== false, REFUSE_LIVE_TOKEN);
    });
  },

  abilityGate: [
    async ({ needs, destructive }, use, testInfo) => {
      for (const ability of neededAbilities(testInfo.tags)) {
        if (ability === 'destructive') destructive();
        else needs(ability as Capability);
      }
      await use();
    },
    { auto: true },
  ],

  specLink: [
    async ({}, use, testInfo) => {
      const feature = testInfo.annotations.find((a) => a.type === ANNOTATION.feature)?.description;
      const story = testInfo.annotations.find((a) => a.type === ANNOTATION.story)?.description ?? '';
      const target = feature ? specLinkFor(feature, story) : undefined;
      if (target) await label('spec', target.name);
      if (target?.url) await link(target.url, target.name);
      await use();
    },
    { auto: true },
  ],

  freshAgreement: async ({ api, config }, use) => {
    await use(() => freshResource(api, config, 'agreement', config.agreementId, 'PAYMENTS_AGREEMENT_ID'));
  },

  freshClaim: async ({ api, config }, use) => {
    await use(() => freshResource(api, config, 'claim', config.claimId, 'PAYMENTS_CLAIM_ID'));
  },

  authorizationCode: async ({ api, config }, use) => {
    await use(async (redirectUri = config.redirectUri) => {
      if (config.capabilities.has('authorize')) {
        const { response, code } = await api.authorize({
          clientId: config.clientId,
          redirectUri,
          state: randomUUID(),
        });
        await checkStatus(response, 302);
        await checkThat(typeof code === 'string' && code !== '', 'the 302 Location carries a code');
        return code as string;
      }
      test.skip(config.authCode === undefined, NO_AUTH_CODE);
      test.skip(!claimOncePerRun('auth-code'), AUTH_CODE_USED);
      return config.authCode as string;
    });
  },

  exclusiveOfClock: async ({ config }, use) => {
    await use((action) => (config.capabilities.has('clock') ? withRunLock(CLOCK_LOCK, action) : action()));
  },

  recordParameters: async ({}, use, testInfo) => {
    await use(async (values) => {
      for (const [name, value] of Object.entries(values)) {
        testInfo.annotations.push({ type: name, description: String(value) });
        await parameter(name, String(value));
      }
    });
  },
});

async function freshResource(
  api: ApiClient,
  config: TargetConfig,
  kind: 'agreement' | 'claim',
  configuredId: string,
  variable: string,
): Promise<string> {
  if (config.capabilities.has('fixtures')) {
    const response = await api.createFixture(kind);
    await checkStatus(response, 201);
    const id = (response.body as { id?: unknown } | undefined)?.id;
    await checkThat(
      typeof id === 'string' || typeof id === 'number',
      `POST /__control/fixtures answers {"id": ...} for a fresh ${kind}`,
    );
    return String(id);
  }
  test.skip(!claimOncePerRun(kind), CONFIGURED_ID_USED(variable));
  return configuredId;
}
