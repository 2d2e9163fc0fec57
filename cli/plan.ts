/**
 * `npm run conformance -- --plan`: for the configured target, what would run and what would be skipped
 * and why, and what the tests that run take from the target beyond the spec (its abilities, the resources
 * they use up), from the tests' declarations (`@needs-<ability>`, `@uses-<what>` tags) and the target
 * contract, without sending a request.
 */
import path from 'node:path';
import { abilitiesOfTags } from '../lib/abilities.ts';
import type { EndpointId } from '../lib/catalogue.ts';
import { EXIT_CODES } from '../lib/exit-codes.ts';
import { reportPaths } from '../lib/report-paths.ts';
import { throughProxyLine } from '../lib/proxy.ts';
import { TESTABLE_REQUIREMENTS } from '../lib/requirements/index.ts';
import { VARIABLES, type TargetConfig } from '../lib/target.ts';
import { requirementShare } from '../reporting/verdict.ts';
import {
  AUTH_CODE_USED,
  NEEDS_ABILITY,
  NEEDS_CURRENCY,
  noAuthorizationCodeOf,
  NO_CONFIGURED_ID_LEFT,
  NO_OTHER_CLIENT,
  OR_SELLER_TEST_TOKEN,
  unsetResourceOf,
} from '../run/skip-reasons.ts';
import { withoutCredentials } from '../run/redact.ts';
import { suiteInventory } from './inventory.ts';
import { LAST_RUN_FILE, LAST_RUN_VARIABLE, listTests, type ListedTest } from './playwright.ts';
import { isPartial, MIN_EXERCISED_OPTION, selectionArguments, type RunArguments } from './run-arguments.ts';
import type { CommandIo } from './io.ts';

type Outlook = { runs: true; condition?: string } | { runs: false; reason: string };

function outlook(test: ListedTest, config: TargetConfig, used: Map<string, number>): Outlook {
  const missing = abilitiesOfTags(test.tags).filter((a) => !config.abilities.has(a));
  if (missing[0]) return { runs: false, reason: NEEDS_ABILITY(missing[0]) };
  const unsetResource = test.endpoint
    ? unsetResourceOf(test.endpoint as EndpointId, test.tags, config)
    : undefined;
  if (unsetResource) return { runs: false, reason: unsetResource };
  const take = (what: string, available: number): boolean => {
    const n = (used.get(what) ?? 0) + 1;
    used.set(what, n);
    return n <= available;
  };
  const uses = test.tags.filter((t) => t.startsWith('@uses-')).map((t) => t.slice('@uses-'.length));
  const conditions: string[] = [];
  for (const use of uses) {
    // A seller's test token is PAYMENTS_TEST_ACCESS_TOKEN when given, else a code exchanged for one.
    if (use === 'auth-code' || (use === 'seller-token' && !config.testAccessToken)) {
      const reason = use === 'seller-token' ? OR_SELLER_TEST_TOKEN : (noCode: string) => noCode;
      const noCode = noAuthorizationCodeOf(config);
      if (noCode) return { runs: false, reason: reason(noCode) };
      if (!config.abilities.has('authorize') && !take('auth-code', 1))
        return { runs: false, reason: reason(AUTH_CODE_USED) };
    }
    if (use === 'currency' && config.currency === undefined) return { runs: false, reason: NEEDS_CURRENCY };
    if (use === 'other-client' && !config.otherClient) {
      return { runs: false, reason: NO_OTHER_CLIENT };
    }
    if ((use === 'agreement' || use === 'claim') && !config.abilities.has('fixtures')) {
      const ids = use === 'agreement' ? config.agreementIds : config.claimIds;
      if (!take(use, ids.length)) {
        return {
          runs: false,
          reason:
            use === 'agreement'
              ? NO_CONFIGURED_ID_LEFT(VARIABLES.agreementId, VARIABLES.agreementIds)
              : NO_CONFIGURED_ID_LEFT(VARIABLES.claimId, VARIABLES.claimIds),
        };
      }
    }
    if (use === 'live-token') conditions.push('if the target issues a non-test token');
  }
  if (test.tags.includes('@needs-destructive'))
    conditions.push("if the run's token is a test token (live_mode false)");
  return { runs: true, ...(conditions.length ? { condition: conditions.join('; ') } : {}) };
}

/** How many of `tests` need each ability and use each resource, by declaration. */
function takenBy(tests: readonly ListedTest[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const test of tests)
    for (const tag of test.tags) {
      const match = /^@(needs|uses)-(.+)$/.exec(tag);
      if (!match) continue;
      const what = `${match[1] === 'needs' ? 'ability' : 'uses'} ${match[2]}`;
      counts.set(what, (counts.get(what) ?? 0) + 1);
    }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

export async function printPlan(args: RunArguments, config: TargetConfig, io: CommandIo): Promise<number> {
  const listing = selectionArguments(args.selection);
  const env = { ...process.env, [LAST_RUN_VARIABLE]: path.join(reportPaths().root, LAST_RUN_FILE) };
  // The tests a selection lists change only with the suite's code, so the listing is kept (the same cache
  // as a partial run's inventory), but for --last-failed, which depends on the last run.
  const tests = await (args.selection.lastFailed ? listTests(listing, env) : suiteInventory(listing, env));
  const used = new Map<string, number>();
  const plans = tests.map((test) => ({ test, plan: outlook(test, config, used) }));
  const runs = plans.filter((p) => p.plan.runs);
  const skips = new Map<string, string[]>();
  for (const { test, plan } of plans)
    if (!plan.runs) skips.set(plan.reason, [...(skips.get(plan.reason) ?? []), test.key]);
  const conditional = new Map<string, number>();
  for (const { plan } of runs)
    if (plan.runs && plan.condition)
      conditional.set(plan.condition, (conditional.get(plan.condition) ?? 0) + 1);
  io.out(
    `Plan for ${config.embedded ? 'the embedded mock' : withoutCredentials(config.baseUrl)} (profile ${config.profile}, abilities ${[...config.abilities].join(', ') || 'none'}):`,
  );
  if (config.proxy) io.out(`  ${throughProxyLine(config.proxy)}.`);
  io.out(
    `  ${tests.length} tests selected: ${runs.length} will run, ${tests.length - runs.length} will be skipped.`,
  );
  for (const [condition, n] of conditional) io.out(`  ${n} of those run only ${condition}.`);
  const declared = new Set(runs.flatMap((p) => p.test.requirements));
  const reachable = TESTABLE_REQUIREMENTS.filter((r) => declared.has(r.id)).length;
  // The floor judges a whole run only (a selection or a shard leaves the rest not selected).
  const whole = !isPartial(args.selection);
  io.out(
    `  They declare ${requirementShare(reachable, TESTABLE_REQUIREMENTS.length, 'between them')}: the most a run can exercise${whole ? ` (${MIN_EXERCISED_OPTION} sets a floor)` : ''}.`,
  );
  const taken = takenBy(runs.map((p) => p.test));
  if (taken.length > 0) {
    io.out('\n  What the tests that run take from the target beyond the spec:');
    for (const [what, n] of taken) io.out(`    ${what.padEnd(20)} ${n} test(s)`);
  }
  for (const [reason, keys] of [...skips].sort((a, b) => b[1].length - a[1].length)) {
    io.out(`\n  Skipped, ${reason}: ${keys.length} test(s)`);
    for (const key of keys) io.out(`    - ${key}`);
  }
  io.out(`\nNo request was sent. Run it with the same options without --plan.`);
  return EXIT_CODES.conformant;
}
