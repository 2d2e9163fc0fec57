/**
 * Which tests the mutation run sends against each variation of the mock, so that the proof stays whole
 * while the run does not repeat work that cannot change its verdict:
 * - the faithful mock and any variant whose effects reach every endpoint, the token endpoint (every test
 *   holds a token), a rule of the mock more than one endpoint reads, or its seeded ids: the whole suite;
 * - a variant whose effects are confined to named endpoints: every test declared for those endpoints
 *   (no other test sends a request to them, so no other test can see the difference);
 * - a mutant, in tiers, each run only for the mutants the tiers before it missed: first the tests that
 *   declare the rule it breaks (for a platform or HTTP fact, which no test declares, the tests of its
 *   endpoint), then the rest of its area, then the rest of the suite;
 * - a reduced shape of a variant (./shapes.ts): the tests of its scope that read the abilities in the full
 *   shape.
 */
import { endpointById, type EndpointId } from '../../lib/catalogue.ts';
import type { ListedTest } from '../../cli/playwright.ts';
import type { TestRecord } from '../../lib/results.ts';
import { titleWithoutTarget } from '../../lib/targets-file.ts';
import { isRequirementId } from '../../lib/requirements/index.ts';
import type { MockRules } from '../../mock/rules.ts';
import type { Mutant, Variant } from '../../mock/variations/catalogue.ts';

export const MUTANT_TIERS = ['its rule', 'its area', 'whole suite'] as const;
export type MutantTier = (typeof MUTANT_TIERS)[number];

/** What one target of a run is sent: spec files (relative to tests/conformance) and titles in them. */
export interface TestScope {
  label: string;
  /** Tests of the conformance project; empty when it has none to run. */
  tests: readonly ListedTest[];
  /** Whether `tests` is every conformance test (no file or title filter needed). */
  whole: boolean;
}

function scopeOf(label: string, tests: readonly ListedTest[], listed: readonly ListedTest[]): TestScope {
  return { label, tests, whole: tests.length === listed.length };
}

export function wholeSuite(listed: readonly ListedTest[]): TestScope {
  return scopeOf('whole suite', listed, listed);
}

/**
 * The rules of the mock (mock/rules.ts) only one endpoint's handler reads; every other rule may change
 * what any test meets (the tokens every test holds, the seeded ids), so it reaches every endpoint.
 */
export const RULES_OF_ONE_ENDPOINT: Partial<Record<keyof MockRules, EndpointId>> = {
  validatePreferences: 'preference',
  preferenceFieldForms: 'preference',
  // Also printed as PAYMENTS_CURRENCY, which only the preference tests read.
  preferenceCurrency: 'preference',
  scheduleSetsScheduled: 'release-report-schedule',
  scheduleWhenScheduled: 'release-report-schedule',
  chargebackByPaymentId: 'chargeback',
  removeCancelledAgreements: 'cancel-agreement',
  checkAgreementClientId: 'cancel-agreement',
  checkPlatformId: 'cancel-agreement',
  testUserSearchTokens: 'test-user-search',
  testUserSearchAuthentication: 'test-user-search',
  testUserSearchRefusal: 'test-user-search',
};

/** The endpoints a variant's effects touch, or 'all' when they are not confined to named endpoints. */
export function endpointsTouched(variant: Variant): ReadonlySet<EndpointId> | 'all' {
  const touched = new Set<EndpointId>();
  for (const effect of variant.effects) {
    switch (effect.kind) {
      case 'rewrite-response':
        if (effect.endpoints === 'all') return 'all';
        for (const endpoint of effect.endpoints) touched.add(endpoint);
        break;
      case 'refuse-request':
      case 'weaken-authentication':
      case 'ignore-prefer':
        touched.add(effect.endpoint);
        break;
      case 'set-rules':
        for (const rule of Object.keys(effect.rules) as (keyof MockRules)[]) {
          const endpoint = RULES_OF_ONE_ENDPOINT[rule];
          if (!endpoint) return 'all';
          touched.add(endpoint);
        }
        break;
      case 'set-seeded-ids':
        return 'all';
    }
  }
  return touched.has('token') ? 'all' : touched;
}

export function variantScope(variant: Variant, listed: readonly ListedTest[]): TestScope {
  // Under platform, the platform's facts of every endpoint apply: a variant proved there is a replica of
  // the platform as a whole, and the base of the platform-fact mutants, whatever tests they meet.
  if (variant.profile === 'platform') return wholeSuite(listed);
  const touched = endpointsTouched(variant);
  if (touched === 'all') return wholeSuite(listed);
  const chosen = listed.filter((t) => t.endpoint !== undefined && touched.has(t.endpoint as EndpointId));
  return scopeOf(`the tests of ${[...touched].join(', ')}`, chosen, listed);
}

/**
 * A reduced shape's tests (./shapes.ts): those of `scope` that read the target's abilities when they ran
 * in the full shape (`fullShape`, the records of that run).
 */
export function shapeDependentScope(
  scope: TestScope,
  fullShape: readonly TestRecord[],
  listed: readonly ListedTest[],
): TestScope {
  // A record's key names the target it ran against; the listing's does not.
  const reading = new Set(
    fullShape.filter((r) => r.readsAbilities).map((r) => titleWithoutTarget(r.key, r.target)),
  );
  return scopeOf(
    `${scope.label}: the tests reading the abilities`,
    scope.tests.filter((t) => reading.has(t.key)),
    listed,
  );
}

/** A mutant's tier: the tests it reaches that no earlier tier ran against it. */
export function mutantScope(
  mutant: Mutant,
  tier: MutantTier,
  listed: readonly ListedTest[],
  alreadyRun: ReadonlySet<string>,
): TestScope {
  const area = endpointById(mutant.endpoint).area;
  const inTier = (t: ListedTest): boolean => {
    switch (tier) {
      case 'its rule':
        return isRequirementId(mutant.breaks)
          ? t.requirements.includes(mutant.breaks)
          : t.endpoint === mutant.endpoint;
      case 'its area':
        return t.endpoint !== undefined && endpointById(t.endpoint as EndpointId).area === area;
      case 'whole suite':
        return true;
    }
  };
  return scopeOf(
    tier,
    listed.filter((t) => inTier(t) && !alreadyRun.has(t.key)),
    listed,
  );
}

/** The scope as a target of a run against several selects it: its tests' keys (every test when whole). */
export function targetSelection(scope: TestScope): { tests?: string[] } {
  return scope.whole ? {} : { tests: scope.tests.map((t) => t.key) };
}
