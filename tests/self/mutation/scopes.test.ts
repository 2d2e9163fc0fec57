/**
 * Which tests the mutation run sends against each variation (scripts/mutation/scopes.ts): a variant confined
 * to named endpoints meets every test of those endpoints and no other, anything broader the whole suite; a
 * mutant's tiers grow from the tests of its rule to the suite without repeating a test; and the filters
 * handed to Playwright select exactly the scope's tests (checked by Playwright's own listing); a reduced
 * shape meets the tests of the scope that read the abilities in the full shape, as each read is noted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { listTests, type ListedTest } from '../../../cli/playwright.ts';
import type { TestRecord } from '../../../lib/results.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { titleForTarget } from '../../../lib/targets-file.ts';
import { watchedAbilities } from '../../../tests/support/declared-contract.ts';
import type { NamedTarget } from '../../../lib/targets-file.ts';
import { ALL_VARIANTS, mutantByName, variantByName } from '../../../mock/variations/catalogue.ts';
import {
  endpointsTouched,
  MUTANT_TIERS,
  mutantScope,
  shapeDependentScope,
  RULES_OF_ONE_ENDPOINT,
  targetSelection,
  variantScope,
  wholeSuite,
} from '../../../scripts/mutation/scopes.ts';

let listed: ListedTest[] = [];

test.beforeAll(async () => {
  listed = await listTests([], process.env);
});

const keys = (tests: readonly ListedTest[]) => tests.map((t) => t.key).sort();

test('a variant confined to endpoints meets every test of those endpoints, and only those', () => {
  const variant = variantByName('weekday-names-capitalised');
  expect(endpointsTouched(variant)).toEqual(new Set(['store']));
  const scope = variantScope(variant, listed);
  expect(keys(scope.tests)).toEqual(keys(listed.filter((t) => t.endpoint === 'store')));
  expect(scope.tests.length).toBeGreaterThan(0);
  expect(scope.whole).toBe(false);
});

test('a variant touching every endpoint, the token endpoint, the token rules or the seeded ids meets the whole suite', () => {
  const broad = ALL_VARIANTS.filter((v) =>
    v.effects.some(
      (e) =>
        (e.kind === 'set-rules' && Object.keys(e.rules).some((rule) => !(rule in RULES_OF_ONE_ENDPOINT))) ||
        e.kind === 'set-seeded-ids' ||
        (e.kind === 'rewrite-response' && (e.endpoints === 'all' || e.endpoints.includes('token'))),
    ),
  );
  expect(broad.length).toBeGreaterThan(0);
  for (const variant of broad) {
    const scope = variantScope(variant, listed);
    expect(scope.whole, variant.name).toBe(true);
  }
});

test('a variant changing a rule only one endpoint reads meets the tests of that endpoint', () => {
  const scope = variantScope(variantByName('one-market-account'), listed);
  expect(scope.whole).toBe(false);
  expect(new Set(scope.tests.map((t) => t.endpoint))).toEqual(new Set(['preference']));
});

test("a variant proved under platform meets the whole suite, though its rule is one endpoint's", () => {
  const variant = variantByName('platform-request-forms');
  expect(variant.profile).toBe('platform');
  expect(endpointsTouched(variant)).toEqual(new Set(['preference']));
  expect(variantScope(variant, listed).whole).toBe(true);
});

test("a mutant's tiers start with the tests declaring its rule and add the rest without repeating one", () => {
  const mutant = mutantByName('store-invalid-id-code-renamed');
  const ran = new Set<string>();
  const tiers = MUTANT_TIERS.map((tier) => {
    const scope = mutantScope(mutant, tier, listed, ran);
    for (const t of scope.tests) ran.add(t.key);
    return scope;
  });
  expect(tiers[0]!.tests.every((t) => t.requirements.includes(mutant.breaks as never))).toBe(true);
  expect(tiers[0]!.tests.length).toBeGreaterThan(0);
  expect(tiers[1]!.tests.every((t) => t.endpoint === 'store')).toBe(true);
  const all = tiers.flatMap((s) => keys(s.tests));
  expect(new Set(all).size).toBe(all.length);
  expect(all.sort()).toEqual(keys(wholeSuite(listed).tests));
});

test('each target of a run against several is registered exactly the tests of its scope, as Playwright lists them', async () => {
  const scopes = [
    variantScope(variantByName('preference-created-200'), listed),
    mutantScope(mutantByName('store-invalid-id-code-renamed'), 'its rule', listed, new Set()),
    mutantScope(mutantByName('claim-status-open'), 'its rule', listed, new Set()),
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'payments-scopes-'));
  try {
    const targets: NamedTarget[] = scopes.map((scope, i) => ({
      name: `scope-${i}`,
      env: {},
      ...targetSelection(scope),
    }));
    const file = path.join(dir, 'targets.json');
    writeFileSync(file, JSON.stringify(targets));
    const listedPerTarget = await listTests([], { ...process.env, [RUN_VARIABLES.targetsFile]: file });
    scopes.forEach((scope, i) => {
      const seen = listedPerTarget.filter((t) => t.target === `scope-${i}`);
      expect(keys(seen), scope.label).toEqual(keys(scope.tests));
      expect(new Set(seen.map((t) => t.project))).toEqual(new Set(['conformance']));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a reduced shape meets the scope's tests that read the abilities in the full shape, and no other", () => {
  const scope = variantScope(variantByName('cancel-agreement-answered-204'), listed);
  const [reader, other] = scope.tests;
  const recordOf = (t: ListedTest, readsAbilities: boolean) =>
    ({
      key: titleForTarget(t.key, 'variant-cancel-agreement-answered-204'),
      target: 'variant-cancel-agreement-answered-204',
      ...(readsAbilities ? { readsAbilities: true } : {}),
    }) as TestRecord;
  const reduced = shapeDependentScope(scope, [recordOf(reader!, true), recordOf(other!, false)], listed);
  expect(keys(reduced.tests)).toEqual([reader!.key]);
  expect(shapeDependentScope(scope, [], listed).tests).toEqual([]);
});

test('the abilities a test is given note its first read on the test, and answer as the abilities do', () => {
  const info = { annotations: [] as { type: string }[] };
  const abilities = watchedAbilities(new Set(['clock'] as const), info as never);
  expect(info.annotations).toEqual([]);
  expect(abilities.has('clock')).toBe(true);
  expect(abilities.has('faults')).toBe(false);
  expect([...abilities]).toEqual(['clock']);
  expect(abilities.size).toBe(1);
  expect(info.annotations).toEqual([{ type: 'reads-abilities' }]);
});
