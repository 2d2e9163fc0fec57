/**
 * The typed result of a run, test by test: what the verdict reporter writes (results.jsonl in the
 * reports folder) and what everything after the run reads (coverage, baseline, history, the console
 * summary, the mutation runner, the bench, the self-tests). Also the annotations the tests carry it in.
 */
import type { Area, EndpointId } from './catalogue.ts';
import type { AdviceRecord, Failure, FailureKind } from './failures.ts';
import type { RequirementId } from './requirements/index.ts';
import { titleForTarget } from './targets-file.ts';

/**
 * Annotation types a test adds while it runs (its declarations are Allure label annotations,
 * tests/support/declare.ts: `allure.label.requirement`, `allure.label.endpoint`).
 */
export const ANNOTATIONS = {
  /** JSON list of the test's typed failures. */
  failure: 'conformance-failure',
  /** JSON AdviceRecord, one per platform or HTTP fact the target did not follow. */
  advice: 'conformance-advice',
  /** The name of a lenient allowance the target needed. */
  allowance: 'allowance',
  /** The shell commands that reproduce the test's requests (see tests/support/reproduce.ts). */
  reproduce: 'reproduce',
  /** The test's longest chain of requests that wait on each other (tests/support/request-costs.ts). */
  roundTrips: 'round-trips',
  /** Present when the test read the target's abilities: what it sent may depend on them. */
  readsAbilities: 'reads-abilities',
  /** JSON list of the waits on "not now" answers (429; 502-504 to a read), by endpoint (run/retries.ts). */
  waits: 'answer-waits',
} as const;

/**
 * How long a test waited on a target's answers of one status (429, or 502-504) to requests of one endpoint
 * before sending them again, and how many times.
 */
export interface AnswerWait {
  /** `METHOD path`, as the spec writes it. */
  endpoint: string;
  status: number;
  ms: number;
  times: number;
}

/** What waits are summed under: one status at one endpoint (a test's, and the run's summary). */
export const answerWaitKey = (wait: Pick<AnswerWait, 'status' | 'endpoint'>) =>
  `${wait.status} ${wait.endpoint}`;

/** Allure's static annotations the tests are declared with (labels, description), read back by the reporters. */
export const DECLARED_LABELS = {
  epic: 'allure.label.epic',
  feature: 'allure.label.feature',
  requirement: 'allure.label.requirement',
  endpoint: 'allure.label.endpoint',
  severity: 'allure.label.severity',
  /** The test's description in the report. */
  description: 'description',
} as const;

/** The label a declared annotation becomes in Allure's result file: `allure.label.epic` names `epic`. */
export function resultLabelName(annotation: string): string {
  return annotation.replace(/^allure\.label\./, '');
}

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestRecord {
  /** Stable across runs of the same suite: `<file> › <describe> › <title>` (plus ` [<target>]` for several targets). */
  key: string;
  title: string;
  /** Path relative to the project root. */
  file: string;
  line: number;
  project: string;
  /** The target's name in a run against several targets; `default` otherwise. */
  target: string;
  area?: Area;
  endpoint?: EndpointId;
  requirements: RequirementId[];
  tags: string[];
  status: TestStatus;
  /** Why it was skipped, as the test said. */
  skipReason?: string;
  failures: Failure[];
  advice: AdviceRecord[];
  allowances: string[];
  /** Shell commands that reproduce its requests once the target variables are exported. */
  reproduce?: string;
  durationMs: number;
  /** Its longest chain of requests that wait on each other. */
  roundTrips?: number;
  /** Its waits on the target's answers asking it to come back later (429, 502-504). */
  waits?: AnswerWait[];
  /**
   * Whether it read the target's abilities. Up to its first read a test runs the same whatever they are,
   * so one that never read them runs the same against any target that differs only in them.
   */
  readsAbilities?: true;
}

/** The setup of a target failed: nothing of it was tested (exit 3), or its token grant broke the spec (exit 1). */
export interface SetupFailure {
  target: string;
  kind: FailureKind;
  message: string;
  /** Set when the failure is a deviation of the token grant itself. */
  failure?: Failure;
}

/**
 * The stable key of a test: its file (relative to the project root) and title path, and its target in a
 * run against several. The file is named as its source is (`.ts`), also when the npm package ran its
 * compiled form, so a baseline or a history carries over between the repository and the package.
 */
export function testKeyOf(file: string, titles: readonly string[], target = 'default'): string {
  const source = file.replace(/\.js$/, '.ts');
  const key = `${source} › ${titles.join(' › ')}`;
  return target === 'default' ? key : titleForTarget(key, target);
}

/** Labels a test's report result carries while it runs, for the report's categories and matching. */
export const RUN_LABELS = {
  /** The test's key, so report files can be matched to records. */
  testKey: 'test-key',
  /** The kind of the first typed failure (lib/failures.ts). */
  failureKind: 'failure-kind',
  failureBasis: 'failure-basis',
  failureSource: 'failure-source',
  /** The id of a platform or HTTP fact not followed. */
  advice: 'advice',
  /** The name of a lenient allowance used. */
  allowance: 'allowance',
  /** Added after the run to a failure the baseline accepts: "until DATE: reason". */
  knownDeviation: 'known-deviation',
} as const;

export const RESULTS_FILE = 'results.jsonl';
export const SETUP_FAILURES_FILE = 'setup-failures.json';
export const RUN_PROGRESS_FILE = 'progress.json';

/**
 * How far the test runner got: written when it starts (the tests it will report) and again when it ends.
 * A runner that stops between the two (a crash, a kill) leaves `ended` false: what it did not report was
 * never tested.
 */
export interface RunProgress {
  planned: number;
  ended: boolean;
  /**
   * The keys of the tests it planned (a run against one target): those without a record when it stopped
   * early (interrupted, --max-failures, or died) were selected all the same, and never ran.
   */
  keys?: string[];
}

/** One record as a line of RESULTS_FILE (JSON Lines), as parseResults reads it back. */
export function resultLine(record: TestRecord): string {
  return `${JSON.stringify(record)}\n`;
}

export function parseResults(text: string): TestRecord[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TestRecord);
}
