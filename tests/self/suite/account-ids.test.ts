/**
 * The ids of a target other than the embedded mock are the user's own: the mock's stand in for none of
 * them. The application's id and secret are required; an unset resource id is listed as such (its tests
 * skip: cli/selection.test.ts runs a target given none), never lent to a test that uses one up; the
 * account's currency is unsaid until given; and a failed answer about a configured or lent resource names
 * the variable that chose it.
 */
import { expect, test } from '@playwright/test';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { ANY_CURRENCY, singleCurrencyOf, TargetConfigError, VARIABLES } from '../../../lib/target.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { loadTargetConfig } from '../../../run/target.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { startMockInWorker } from '../reports/support/mock-in-worker.ts';

const SANDBOX = 'https://sandbox.example';
const STORE_TEST = 'answers the store';
const CANCEL_TEST = 'cancels an active agreement, with no body';
const APPLICATION = { [VARIABLES.clientId]: '1234567890', [VARIABLES.clientSecret]: 'sandbox-secret' };

const configOf = (env: Record<string, string>) =>
  loadTargetConfig({ [RUN_VARIABLES.embeddedUrl]: 'http://127.0.0.1:3100', ...env });

test.describe('the target contract read for another target', () => {
  test('the embedded mock is given every id by its seed', () => {
    const config = configOf({});
    expect(config.embedded).toBe(true);
    expect([...config.unsetIds]).toEqual([]);
    expect(config.planId).toBe(SEEDED_IDS.planId);
    expect(config.claimIds).toEqual([SEEDED_IDS.claimId]);
  });

  for (const missing of [
    [VARIABLES.clientId],
    [VARIABLES.clientSecret],
    [VARIABLES.clientId, VARIABLES.clientSecret],
  ])
    test(`another target without ${missing.join(' and ')} is a configuration error naming it`, () => {
      const env: Record<string, string> = { [VARIABLES.baseUrl]: SANDBOX, ...APPLICATION };
      for (const name of missing) delete env[name];
      expect(() => configOf(env)).toThrow(TargetConfigError);
      expect(() => configOf(env)).toThrow(`${missing.join(' and ')} must be set`);
    });

  test('another target given only its application: every other id unset, nothing to use up', () => {
    const config = configOf({ [VARIABLES.baseUrl]: SANDBOX, ...APPLICATION });
    expect([...config.unsetIds].sort()).toEqual([
      'agreementId',
      'chargebackId',
      'chargebackPaymentId',
      'claimId',
      'claimReasonId',
      'planId',
      'redirectUri',
      'storeId',
    ]);
    expect(config.claimIds, 'no placeholder claim to open a dispute on').toEqual([]);
    expect(config.agreementIds, 'no placeholder agreement to cancel').toEqual([]);
  });

  test('a list alone gives the single id too, and what is given is no longer unset', () => {
    const config = configOf({
      [VARIABLES.baseUrl]: SANDBOX,
      ...APPLICATION,
      [VARIABLES.storeId]: '555',
      [VARIABLES.claimIds]: '71,72',
    });
    expect(config.storeId).toBe('555');
    expect(config.claimId).toBe('71');
    expect(config.claimIds).toEqual(['71', '72']);
    expect(config.unsetIds.has('storeId')).toBe(false);
    expect(config.unsetIds.has('claimId')).toBe(false);
    expect(config.unsetIds.has('agreementId')).toBe(true);
  });

  test("the account's currency: any for the embedded mock, unsaid for another target unless given", () => {
    expect(configOf({}).currency).toBe(ANY_CURRENCY);
    expect(configOf({ [VARIABLES.baseUrl]: SANDBOX, ...APPLICATION }).currency).toBeUndefined();
    for (const given of ['ARS', 'CLP', ANY_CURRENCY])
      expect(
        configOf({ [VARIABLES.baseUrl]: SANDBOX, ...APPLICATION, [VARIABLES.currency]: given }).currency,
      ).toBe(given);
    expect(singleCurrencyOf({ currency: 'ARS' })).toBe('ARS');
    expect(singleCurrencyOf({ currency: ANY_CURRENCY })).toBeUndefined();
    for (const bad of ['ars', 'EUR', 'ARS,BRL'])
      expect(() => configOf({ [VARIABLES.currency]: bad }), bad).toThrow(
        `${VARIABLES.currency} must be one of the platform's currency codes`,
      );
  });
});

test('a failed answer about a configured store or a lent agreement names the variable and the id; a used-up agreement is not tested', async () => {
  const mock = await startMockInWorker({ noControl: true });
  try {
    const wrongStore = '424242';
    const goneAgreement = '2c93808489a1f3c40189b2e7a4d1ffff';
    // Playwright alone: the failures' messages are in the typed records.
    const run = await runSuite({
      via: 'playwright',
      target: {
        ...mock.env,
        [VARIABLES.abilities]: 'destructive',
        [VARIABLES.storeId]: wrongStore,
        [VARIABLES.agreementId]: goneAgreement,
      },
      // Playwright matches --grep against the title and its tags: no end anchor for a tagged test.
      args: ['--grep', `${STORE_TEST}$|${CANCEL_TEST}`, '--workers', '1'],
    });
    const firstLine = (title: string) => {
      const record = run.records.find((r) => r.title === title);
      expect(record?.status, run.output).toBe('failed');
      return record!.failures[0]!.message.split('\n')[0];
    };
    expect(firstLine(STORE_TEST)).toContain(
      `answered 404; ${VARIABLES.storeId} is ${wrongStore}: check that it names an existing store`,
    );
    expect(firstLine(CANCEL_TEST)).toContain(
      `answered 404; ${goneAgreement} came from ${VARIABLES.agreementId} or ${VARIABLES.agreementIds}: check that it still names an active agreement`,
    );
    // A lent agreement that answers as used up leaves the test not tested, never a deviation.
    const cancel = run.records.find((r) => r.title === CANCEL_TEST);
    expect(cancel?.failures.map((f) => f.kind)).toEqual(['resource-used-up']);
    expect(run.records.find((r) => r.title === STORE_TEST)?.failures.map((f) => f.kind)).toEqual(['status']);
  } finally {
    await mock.stop();
  }
});
