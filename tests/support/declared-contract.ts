/**
 * What a test takes from the target beyond the spec (an ability, a resource it borrows) is declared
 * (./declare.ts), so that the listing and `--plan` know it before any request. The fixtures that take it
 * hold every test to its declaration, in every configuration: a fixture checks the declaration as it is
 * set up, whether or not the test then calls it, and a test that declares a resource no fixture of its
 * borrowed fails. A mistake therefore shows in the project's own run of every test against the embedded
 * mock, never halfway through a run against a target that lacks what the test did not declare.
 */
import { test, type TestInfo } from '@playwright/test';
import { abilityTag, type Ability } from '../../lib/abilities.ts';
import { MADE_UP_IDS_TAG } from '../../lib/catalogue.ts';
import { ANNOTATIONS } from '../../lib/results.ts';
import type { Use } from './declare.ts';

/** The fixtures that take something the target contract may not supply, and what each takes. */
export const CONTRACT_FIXTURES = {
  freshAgreement: { uses: 'agreement' },
  freshClaim: { uses: 'claim' },
  authorizationCode: { uses: 'auth-code' },
  otherClient: { uses: 'other-client' },
  accountCurrency: { uses: 'currency' },
  sellerTestToken: { uses: 'seller-token' },
  liveToken: { uses: 'live-token' },
  ageCredentials: { needs: 'clock' },
} as const satisfies Record<string, { uses: Use } | { needs: Ability }>;
export type ContractFixture = keyof typeof CONTRACT_FIXTURES;

export const UNDECLARED_USE = (fixture: string, use: Use) =>
  `the suite's declaration of this test omits that it uses ${use}: its fixture ${fixture} borrows one (add uses: ['${use}'] to its declare() call)`;
export const UNDECLARED_NEED = (fixture: string, ability: Ability) =>
  `the suite's declaration of this test omits that it needs '${ability}': its fixture ${fixture} uses it (add needs: ['${ability}'] to its declare() call)`;
export const READS_ACCOUNT_IDS =
  "the suite's declaration of this test says it sends only made-up ids, but it asks for the account's ids (remove madeUpIds from its declare() call, or --plan runs it where they are unset)";
export const UNUSED_DECLARATION = (uses: readonly string[]) =>
  `the suite's declaration of this test says it uses ${uses.join(', ')}, but none of its fixtures borrows one (remove it from its declare() call, or --plan counts it)`;

/** What each running test's fixtures borrowed, by test id. */
const borrowed = new Map<string, Set<Use>>();

/** Called by a contract fixture as it is set up: throws unless the running test declared what it takes. */
export function takeFromContract(fixture: ContractFixture): void {
  const info = test.info();
  const takes: { uses?: Use; needs?: Ability } = CONTRACT_FIXTURES[fixture];
  if (takes.uses !== undefined) {
    if (!info.tags.includes(`@uses-${takes.uses}`)) throw new Error(UNDECLARED_USE(fixture, takes.uses));
    borrowed.set(info.testId, (borrowed.get(info.testId) ?? new Set()).add(takes.uses));
  }
  if (takes.needs !== undefined && !info.tags.includes(abilityTag(takes.needs)))
    throw new Error(UNDECLARED_NEED(fixture, takes.needs));
}

/** Called by the `ids` fixture as it is set up: throws if the running test declared made-up ids only. */
export function takeAccountIds(): void {
  if (test.info().tags.includes(MADE_UP_IDS_TAG)) throw new Error(READS_ACCOUNT_IDS);
}

/** After a test that ran: the resources it declared that none of its fixtures borrowed. */
export function declaredButUnused(info: TestInfo): string[] {
  const taken = borrowed.get(info.testId) ?? new Set<Use>();
  borrowed.delete(info.testId);
  if (info.status === 'skipped') return [];
  return info.tags
    .filter((tag) => tag.startsWith('@uses-'))
    .map((tag) => tag.slice('@uses-'.length))
    .filter((use) => !taken.has(use as Use));
}

/**
 * The target's abilities as a test sees them, noting on the test when it first reads them. Until that
 * read a test sends the same requests whatever the target offers, so a test that never read them runs
 * the same against any target that differs only in its abilities: the mutation run proves the reduced
 * shapes of a target (scripts/mutation/shapes.ts) with the tests that did.
 */
export function watchedAbilities(abilities: ReadonlySet<Ability>, info: TestInfo): ReadonlySet<Ability> {
  let noted = false;
  return new Proxy(abilities, {
    get(set, key) {
      if (!noted) {
        noted = true;
        info.annotations.push({ type: ANNOTATIONS.readsAbilities });
      }
      const value: unknown = Reflect.get(set, key, set);
      // A Set's methods work on the Set itself, never on a proxy of it.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(set) : value;
    },
  });
}
