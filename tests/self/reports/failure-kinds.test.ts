/**
 * Typed failures end up where a reader looks for them: a run against one mutant per kind of deviation
 * files each failure under that kind's category of the report, decided by the `failure-kind` label the
 * test carries and never by the wording of a message; and every failure message opens with the broken
 * rule's id and its verbatim words, in the Allure results and in JUnit alike. (A target that cannot be
 * tested at all is filed under its own "Not tested" category: tests/self/cli/untestable-target.test.ts.)
 */
import { expect, test } from '@playwright/test';
import {
  matchCategory,
  normalizeCategoriesConfig,
  type CategoryMatchingData,
  type ObjectMatcher,
  type TestStatus,
} from '@allurereport/core-api';
import { ADVICE } from '../../../lib/advice.ts';
import { isBasis, resolveBasis } from '../../../lib/basis.ts';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { FAILURE_KINDS, type FailureKind } from '../../../lib/failures.ts';
import { REQUIREMENTS } from '../../../lib/requirements/index.ts';
import { RUN_LABELS } from '../../../lib/results.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { CONFORMANCE_CATEGORIES, SUITE_ERROR_CATEGORY } from '../../../reporting/categories.ts';
import type { SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { labelOf, readAllureResults, type AllureResult } from './support/allure.ts';
import { readJunit } from './support/junit.ts';
import { runAreaAgainstMutant } from './support/mutant-area-run.ts';
import { onceAcrossWorkers } from './support/shared.ts';
import { STATUS_MUTANT, STATUS_MUTANT_AREA, statusMutantRun } from './support/status-mutant-run.ts';

const RUN_TIMEOUT_MS = 5 * 60_000;

interface Provoked {
  kind: FailureKind;
  mutant: string;
  /** The area whose tests catch it: the run selects only that. */
  area: string;
  profile?: string;
}

const PROVOKED: Provoked[] = [
  { kind: 'status', mutant: STATUS_MUTANT, area: STATUS_MUTANT_AREA },
  { kind: 'schema', mutant: 'chargeback-amount-string', area: 'chargebacks' },
  { kind: 'error-code', mutant: 'store-invalid-id-code-renamed', area: 'stores' },
  { kind: 'behaviour', mutant: 'release-report-schedule-leaves-unscheduled', area: 'account-reports' },
  {
    kind: 'platform-fact',
    mutant: 'token-rate-limit-without-retry-after',
    area: 'oauth',
    profile: 'platform',
  },
];

const CATEGORIES = normalizeCategoriesConfig(CONFORMANCE_CATEGORIES);
const FAILING: readonly string[] = ['failed', 'broken'];

/**
 * One run per kind, each made once by whichever test asks first (the tests run in parallel). The status
 * kind's run is the one reproduction.test.ts and report.browser.test.ts read too.
 */
const runs = new Map(
  PROVOKED.map((provoked) => [
    provoked.kind,
    provoked.kind === 'status'
      ? async (): Promise<SuiteRun> => (await statusMutantRun()).run
      : onceAcrossWorkers(
          `failure-kinds-${provoked.kind}`,
          async (dir): Promise<SuiteRun> =>
            (
              await runAreaAgainstMutant({
                mutant: provoked.mutant,
                area: provoked.area,
                reportsDir: dir,
                timeoutMs: RUN_TIMEOUT_MS,
                // Categories are read from the results, as Allure's report reads them: no HTML needed.
                html: false,
                ...(provoked.profile ? { variables: { [VARIABLES.profile]: provoked.profile } } : {}),
              })
            ).run,
        ),
  ]),
);

function matchingData(result: AllureResult, message = result.statusDetails?.message): CategoryMatchingData {
  return {
    status: result.status as TestStatus,
    labels: result.labels,
    ...(message !== undefined ? { message } : {}),
    flaky: false,
  };
}

function categoryOf(data: CategoryMatchingData): string | undefined {
  return matchCategory(CATEGORIES, data)?.name;
}

function failedResults(run: SuiteRun): AllureResult[] {
  return readAllureResults(run.reports.allureResults).filter((r) => FAILING.includes(r.status));
}

/** The matchers of the categories that are data rather than predicates, with their category's name. */
function objectMatchers(): { rule: string; matcher: ObjectMatcher }[] {
  return CONFORMANCE_CATEGORIES.flatMap((rule) =>
    [rule.matchers ?? []]
      .flat()
      .filter((m): m is ObjectMatcher => typeof m !== 'function')
      .map((matcher) => ({ rule: rule.name, matcher })),
  );
}

/** The <failure> and <error> messages of a run's JUnit file, by test name. */
function junitFailures(run: SuiteRun): { name: string; message: string }[] {
  return readJunit(run.reports.junit).flatMap((c) => {
    const failure = c.failure ?? c.error;
    return failure ? [{ name: c.name, message: failure.message }] : [];
  });
}

/** Checks that `message` opens with `<id> — "<quote>"`, the quote the catalogue's; answers the id. */
function expectCitationFirst(message: string, where: string): string {
  const id = message.split(' — ')[0] ?? '';
  expect(isBasis(id), `${where}: opens with a requirement or fact id: ${message}`).toBe(true);
  if (!isBasis(id)) return id;
  const { quote, source } = resolveBasis(id);
  expect(message.startsWith(`${id} — "${quote}"`), `${where}: ${message}`).toBe(true);
  // Spec requirements quote lib/requirements; platform and HTTP facts state lib/advice.ts.
  const catalogued =
    source === 'spec'
      ? REQUIREMENTS.some((r) => r.id === id && r.quote === quote)
      : ADVICE.some((a) => a.id === id && a.statement === quote);
  expect(catalogued, `${where}: the quote is the catalogue's`).toBe(true);
  return id;
}

test.describe('typed failures in the report', () => {
  // Independent tests; the runs they read are shared by all workers.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(RUN_TIMEOUT_MS);

  for (const { kind, mutant } of PROVOKED) {
    const category = FAILURE_KINDS[kind].category;

    test(`${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} deviation (mutant ${mutant}) is filed under "${category}"`, async () => {
      const run = await runs.get(kind)!();
      expect(run.exitCode, run.output).toBe(EXIT_CODES.deviations);
      const failed = run.records.filter((r) => r.status === 'failed');
      const ofKind = failed.filter((r) => r.failures[0]?.kind === kind);
      expect(ofKind.length, `the mutant fails a test with a ${kind} failure`).toBeGreaterThan(0);

      // Every failed test's report result carries its record's kind, and sits in that kind's category.
      const results = failedResults(run);
      const kindOf = new Map(failed.map((r) => [r.key, r.failures[0]?.kind]));
      expect(results.map((r) => labelOf(r, RUN_LABELS.testKey)).sort()).toEqual([...kindOf.keys()].sort());
      for (const result of results) {
        const recorded = kindOf.get(labelOf(result, RUN_LABELS.testKey) ?? '');
        expect(labelOf(result, RUN_LABELS.failureKind), result.name).toBe(recorded);
        expect(categoryOf(matchingData(result)), result.name).toBe(FAILURE_KINDS[recorded!].category);
      }
      const filed = results.filter((r) => categoryOf(matchingData(r)) === category);
      expect(filed.map((r) => labelOf(r, RUN_LABELS.testKey)).sort()).toEqual(
        ofKind.map((r) => r.key).sort(),
      );
    });
  }

  test('the categories match by the failure-kind label, never by a message', async () => {
    for (const rule of CONFORMANCE_CATEGORIES) {
      expect(rule.messageRegex, rule.name).toBeUndefined();
      expect(rule.traceRegex, rule.name).toBeUndefined();
    }
    for (const { rule, matcher } of objectMatchers()) {
      expect(matcher.message, rule).toBeUndefined();
      expect(matcher.trace, rule).toBeUndefined();
    }
    // Predicates are judged by what they do: a message that names another category changes nothing.
    const misleading = Object.values(FAILURE_KINDS).map((k) => `${k.category}: Retry-After timed out`);
    for (const { kind } of PROVOKED) {
      for (const result of failedResults(await runs.get(kind)!())) {
        const own = categoryOf(matchingData(result));
        expect(own, result.name).toBe(
          FAILURE_KINDS[labelOf(result, RUN_LABELS.failureKind) as FailureKind].category,
        );
        for (const message of [...misleading, '', undefined])
          expect(categoryOf(matchingData(result, message)), result.name).toBe(own);
        const unlabelled = {
          ...result,
          labels: result.labels.filter((l) => l.name !== RUN_LABELS.failureKind),
        };
        expect(categoryOf(matchingData(unlabelled)), 'without the label: no kind category').toBe(
          SUITE_ERROR_CATEGORY,
        );
      }
    }
  });

  test('every failure message opens with `<id> — "<verbatim quote>"`, in the Allure results and in JUnit', async () => {
    let checked = 0;
    for (const { kind } of PROVOKED) {
      const run = await runs.get(kind)!();
      for (const result of failedResults(run)) {
        const id = expectCitationFirst(result.statusDetails?.message ?? '', `Allure ${result.name}`);
        expect(labelOf(result, RUN_LABELS.failureBasis)).toBe(id);
        checked += 1;
      }
      for (const { name, message } of junitFailures(run)) {
        expectCitationFirst(message, `JUnit ${name}`);
        checked += 1;
      }
    }
    expect(checked, 'messages checked').toBeGreaterThanOrEqual(PROVOKED.length * 2);
  });
});
