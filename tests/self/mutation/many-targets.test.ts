/**
 * What a run against several targets (PAYMENTS_TARGETS_FILE, the mutation runner's) does differently from
 * a run against one: a falsified property is reported at the case that falsified it, not shrunk, and the
 * failure still quotes the rule the case broke.
 */
import { expect, test } from '@playwright/test';
import { listTests } from '../../../cli/playwright.ts';
import { GENERATIVE_VARIABLES } from '../../../lib/generation.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { startMockFleet } from '../../../mock/process.ts';
import { targetSelection } from '../../../scripts/mutation/scopes.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';

/** A mutant that refuses prices with cents, which the generated preferences of every industry include. */
const MUTANT = { type: 'mutant', name: 'preference-refuses-prices-with-cents' } as const;
const PROPERTY_TITLE = 'accepts every generated preference valid for Apparel';

test('a property a target falsifies fails it at the falsifying case, unshrunk, quoting a rule', async () => {
  const property = (await listTests([], process.env)).filter((t) => t.title === PROPERTY_TITLE);
  expect(property).toHaveLength(1);
  const fleet = await startMockFleet([MUTANT]);
  try {
    const scope = { label: 'one property', tests: property, whole: false };
    const run = await runSuite({
      via: 'playwright',
      targets: [
        {
          name: 'mutant',
          env: { ...fleet.members[0]!.env, [VARIABLES.profile]: 'strict' },
          ...targetSelection(scope),
        },
      ],
      env: { [GENERATIVE_VARIABLES.seed]: '20261123' },
    });
    expect(run.records.map((r) => [r.title, r.status])).toEqual([[PROPERTY_TITLE, 'failed']]);
    const message = run.records[0]!.failures[0]?.message ?? '';
    expect(message).toMatch(/^preference\.[\w.-]+ — "/);
    expect(message).toContain(', shrunk 0 time(s)');
  } finally {
    await fleet.stop();
  }
});
