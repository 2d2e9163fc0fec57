/**
 * The executed tests of a run, as the coverage matrix and the quality gate need them: one record per
 * test, whether it comes from allure-results files on disk (coverage matrix, shard merge) or from the
 * Allure store (quality gate rule). Both shapes carry the same labels; only the field names differ.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Outcome = 'passed' | 'failed' | 'broken' | 'skipped' | 'unknown';

export interface Label {
  name: string;
  value: string;
}

export interface ExecutedTest {
  /** Same test across shards and reruns (Allure's historyId). */
  historyId: string;
  name: string;
  fullName: string;
  outcome: Outcome;
  /** Failure message, or the reason of a skip. */
  message?: string;
  labels: Label[];
  /** Lenient-profile allowances the test relied on. */
  allowances: string[];
  start: number;
  stop: number;
}

/** The Playwright annotation type the suite records allowances with (see the common brief). */
export const ALLOWANCE_ANNOTATION = 'allowance';
const ALLOWANCE_STEP_PREFIX = `${ALLOWANCE_ANNOTATION}: `;
const RESULT_FILE_SUFFIX = '-result.json';
const OUTCOMES: readonly Outcome[] = ['passed', 'failed', 'broken', 'skipped', 'unknown'];

/** A step of either shape; attachment steps carry no name. */
type StepLike = object;

/** The fields shared by an allure-results file and a stored Allure TestResult. */
interface ResultLike {
  historyId?: string;
  uuid?: string;
  id?: string;
  name?: string;
  fullName?: string;
  status?: string;
  start?: number;
  stop?: number;
  labels?: readonly { name?: string; value?: string }[];
  steps?: readonly StepLike[];
  statusDetails?: { message?: string };
  error?: { message?: string };
}

function stepNames(steps: readonly StepLike[] | undefined): string[] {
  return (steps ?? []).flatMap((step) => {
    const { name, steps: children } = step as { name?: unknown; steps?: readonly StepLike[] };
    return [typeof name === 'string' ? name : '', ...stepNames(children)];
  });
}

/**
 * allure-playwright turns a Playwright annotation it does not know into a step named `<type>: <text>`;
 * an Allure label named `allowance` is accepted too, so either way of recording one is counted.
 */
function allowancesOf(result: ResultLike, labels: Label[]): string[] {
  const fromSteps = stepNames(result.steps)
    .filter((name) => name.startsWith(ALLOWANCE_STEP_PREFIX))
    .map((name) => name.slice(ALLOWANCE_STEP_PREFIX.length).trim());
  const fromLabels = labels.filter((l) => l.name === ALLOWANCE_ANNOTATION).map((l) => l.value);
  return [...new Set([...fromSteps, ...fromLabels])].sort();
}

export function toExecutedTest(result: ResultLike): ExecutedTest {
  const labels = (result.labels ?? []).map((l) => ({ name: l.name ?? '', value: l.value ?? '' }));
  const outcome = (OUTCOMES as readonly string[]).includes(result.status ?? '')
    ? (result.status as Outcome)
    : 'unknown';
  const name = result.name ?? '';
  return {
    historyId: result.historyId ?? result.fullName ?? result.uuid ?? result.id ?? name,
    name,
    fullName: result.fullName ?? name,
    outcome,
    message: result.statusDetails?.message ?? result.error?.message,
    labels,
    allowances: allowancesOf(result, labels),
    start: result.start ?? 0,
    stop: result.stop ?? 0,
  };
}

export function labelValues(test: ExecutedTest, name: string): string[] {
  return test.labels.filter((l) => l.name === name).map((l) => l.value);
}

/**
 * One record per test: a test that appears more than once (the setup project re-run in every shard, or
 * results of two runs in one folder) counts once, by its latest result, as Allure itself shows it.
 */
export function latestPerTest(tests: readonly ExecutedTest[]): ExecutedTest[] {
  const byHistory = new Map<string, ExecutedTest>();
  for (const test of tests) {
    const seen = byHistory.get(test.historyId);
    if (!seen || test.stop >= seen.stop) byHistory.set(test.historyId, test);
  }
  return [...byHistory.values()].sort((a, b) => a.fullName.localeCompare(b.fullName));
}

export function readResultsDirectory(dir: string): ExecutedTest[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(RESULT_FILE_SUFFIX))
    .map((file) => toExecutedTest(JSON.parse(readFileSync(join(dir, file), 'utf8')) as ResultLike));
}

export function readExecutedTests(dirs: readonly string[]): ExecutedTest[] {
  return latestPerTest(dirs.flatMap(readResultsDirectory));
}
