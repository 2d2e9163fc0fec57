/**
 * How a test's checks record what they found: typed failures (thrown, ending the test), advice (platform
 * and HTTP facts not followed, which fail only under the `platform` profile) and lenient allowances.
 *
 * A typed failure is data, not an exception Playwright has to classify. When the verdict reporter runs
 * (run/reporters/verdict.ts, always under `npm run conformance`), the `verdict` fixture takes a test's
 * typed failures out of Playwright's hands as an annotation, so Playwright keeps the worker process
 * instead of starting a new one after every failed test (it starts one per failure by design, which made
 * broken targets the slowest to test); the reporter restores the failed status, with the same message,
 * before any other reporter sees the result. Without the reporter, failures are plain failures.
 */
import { test, type TestInfo } from '@playwright/test';
import { citation, isSpecBasis, type Basis } from '../../lib/basis.ts';
import {
  ADVICE_CATEGORY,
  FAILURE_KINDS,
  type AdviceRecord,
  type Failure,
  type FailureKind,
} from '../../lib/failures.ts';
import { ANNOTATIONS, RUN_LABELS } from '../../lib/results.ts';
import { failure } from '../../run/typed-failure.ts';
import { RUN_VARIABLES } from '../../lib/run-variables.ts';
import { labelTest } from './allure-metadata.ts';
import { redact } from '../../run/redact.ts';

/** An error carrying typed failures; the first is the one the test stopped on. */
export class TypedFailure extends Error {
  override name = 'TypedFailure';
  constructor(readonly failures: readonly Failure[]) {
    super(failures.map((f) => f.message).join('\n\n'));
  }
}

/** The typed failures each test threw, by test id: the `verdict` fixture settles them. */
const thrown = new Map<string, TypedFailure[]>();

/** Throws `failures` as a TypedFailure, remembered for the `verdict` fixture. */
export function fail(...failures: Failure[]): never {
  const error = new TypedFailure(failures);
  const info = test.info();
  thrown.set(info.testId, [...(thrown.get(info.testId) ?? []), error]);
  throw error;
}

/** The requirements each test's checks cited, by test id: a test must declare what it checks. */
const cited = new Map<string, Set<Basis>>();

export function cite(basis: Basis): void {
  const id = test.info().testId;
  cited.set(id, (cited.get(id) ?? new Set<Basis>()).add(basis));
}

/** The spec requirements a test's checks cited that its declaration does not list (a mistake of the suite). */
export function undeclaredCitations(testInfo: TestInfo, declared: ReadonlySet<string>): Basis[] {
  const bases = [...(cited.get(testInfo.testId) ?? [])];
  cited.delete(testInfo.testId);
  return bases.filter((b) => isSpecBasis(b) && !declared.has(b));
}

/** A platform or HTTP fact the target did not follow: advice, or a failure under the `platform` profile. */
export async function advise(record: AdviceRecord, failsUnderProfile: boolean): Promise<void> {
  if (failsUnderProfile) fail(failure({ kind: 'platform-fact', basis: record.basis, seen: record.seen }));
  const info = test.info();
  const text = redact(`${citation(record.basis)}: ${record.seen}`);
  if (info.annotations.some((a) => a.type === ANNOTATIONS.advice && a.description?.includes(record.basis)))
    return;
  info.annotations.push({
    type: ANNOTATIONS.advice,
    description: JSON.stringify({ ...record, seen: redact(record.seen) }),
  });
  labelTest(info, { name: RUN_LABELS.advice, value: record.basis });
  await logStep(`advice (${ADVICE_CATEGORY}): ${text}`);
}

/**
 * Records a lenient allowance the run relied on: an annotation (results, coverage) and an Allure label plus
 * a visible step (allure-playwright does not carry annotations added while a test runs).
 */
export async function recordAllowance(name: string): Promise<void> {
  const info = test.info();
  if (info.annotations.some((a) => a.type === ANNOTATIONS.allowance && a.description === name)) return;
  info.annotations.push({ type: ANNOTATIONS.allowance, description: name });
  labelTest(info, { name: RUN_LABELS.allowance, value: name });
  await logStep(`allowance: ${name}`);
}

/**
 * Allure's step API, loaded at its first use: most tests record no advice and no allowance, and Playwright's
 * runner, which imports every spec file only to list its tests, would otherwise load it for nothing.
 */
async function logStep(name: string): Promise<void> {
  const { logStep: log } = await import('allure-js-commons');
  await log(name);
}

function typedFailuresEnabled(): boolean {
  return process.env[RUN_VARIABLES.typedFailures] === '1';
}

/** The serialized form Playwright keeps of an error: `<name>: <message>`. */
function serialized(message: string): string {
  return `${TypedFailure.name}: ${message}`;
}

/**
 * After the test: when every error it ended with is a typed failure it threw, records them as an
 * annotation and, with the verdict reporter present, lets the worker live on (see the header).
 */
export function settleTypedFailures(testInfo: TestInfo): void {
  const errors = thrown.get(testInfo.testId) ?? [];
  thrown.delete(testInfo.testId);
  const recorded = errors.flatMap((e) => e.failures);
  const messages = errors.map((e) => e.message);
  if (recorded.length === 0) return;
  const first = recorded[0]!;
  labelTest(
    testInfo,
    { name: RUN_LABELS.failureKind, value: first.kind },
    { name: RUN_LABELS.failureBasis, value: first.basis ?? 'none' },
    {
      name: RUN_LABELS.failureSource,
      value: first.basis ? (isSpecBasis(first.basis) ? 'spec' : 'advice') : 'environment',
    },
  );
  testInfo.annotations.push({ type: ANNOTATIONS.failure, description: JSON.stringify(recorded) });
  const onlyTyped =
    testInfo.status === 'failed' &&
    testInfo.errors.length > 0 &&
    testInfo.errors.every((e) => messages.some((m) => e.message === serialized(m) || e.message === m));
  if (typedFailuresEnabled() && onlyTyped) {
    testInfo.status = 'passed';
    testInfo.errors.splice(0);
  }
}

/** The category a failure kind lands in (for messages that name it). */
export function categoryOf(kind: FailureKind): string {
  return FAILURE_KINDS[kind].category;
}
