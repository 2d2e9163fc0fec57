/**
 * The first reporter of every conformance run. It lets tests record their contract failures as typed
 * data (see tests/support/outcome.ts), restores them as failures before any other reporter sees the
 * result, and writes one typed record per test (lib/results.ts) that everything after the run reads.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
} from '@playwright/test/reporter';
import { abilitiesOfTags } from '../../lib/abilities.ts';
import { AREAS, type Area, type EndpointId } from '../../lib/catalogue.ts';
import type { AdviceRecord, Failure } from '../../lib/failures.ts';
import { reportPaths } from '../../lib/report-paths.ts';
import { isRequirementId } from '../../lib/requirements/index.ts';
import {
  ANNOTATIONS,
  DECLARED_LABELS,
  resultLine,
  testKeyOf,
  type AnswerWait,
  type RunProgress,
  type TestRecord,
  type TestStatus,
} from '../../lib/results.ts';
import { RUN_VARIABLES } from '../../lib/run-variables.ts';
import { NEEDS_ABILITY, STOPPED_BEFORE_ITS_END } from '../skip-reasons.ts';
import { redact } from '../redact.ts';
import { titlesWithoutTarget } from '../../lib/targets-file.ts';
import { runKeepsReport, targetOfTest } from '../targets.ts';

function parsed<T>(annotations: TestResult['annotations'], type: string): T[] {
  return annotations
    .filter((a) => a.type === type && a.description)
    .flatMap((a) => {
      const value = JSON.parse(a.description!) as T | T[];
      return Array.isArray(value) ? value : [value];
    });
}

function declared(test: TestCase, type: string): string[] {
  return test.annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
}

/** The spec file a test is in (its file suite's), whichever module called test() for it. */
function fileOf(test: TestCase): string {
  for (let suite: Suite | undefined = test.parent; suite; suite = suite.parent) {
    if (suite.type === 'file' && suite.location) return suite.location.file;
  }
  return test.location.file;
}

/** The test's longest chain of requests that wait on each other, where it recorded one. */
function roundTripsOf(result: TestResult): { roundTrips?: number } {
  const value = Number(result.annotations.find((a) => a.type === ANNOTATIONS.roundTrips)?.description);
  return Number.isInteger(value) ? { roundTrips: value } : {};
}

function statusOf(result: TestResult): TestStatus {
  if (result.status === 'passed' || result.status === 'skipped') return result.status;
  return 'failed';
}

/** What a failed test failed on, when it recorded no typed failure itself. */
function untypedFailure(result: TestResult): Failure {
  if (result.status === 'timedOut') {
    const seen = `the test did not finish within its time limit (${Math.round(result.duration / 1000)} s)`;
    return { kind: 'timeout', seen, message: seen };
  }
  const first = (result.error?.message ?? 'the test failed without a message').split('\n')[0] ?? '';
  const seen = redact(`the suite itself failed, not the target: ${first}`);
  return { kind: 'suite-error', seen, message: seen };
}

/** What names a test in its record: its key, title, file, target and project. */
function identityOf(
  test: TestCase,
  rootDir: string,
): Pick<TestRecord, 'key' | 'title' | 'file' | 'target' | 'project'> {
  const project = test.parent.project();
  const target = targetOfTest({
    annotations: test.annotations,
    project: { metadata: project?.metadata },
  }).name;
  const titles = titlesWithoutTarget(test.titlePath().slice(3), target);
  // The file the test is in: where test() was called is per-target.ts for a test registered per target.
  const file = relative(rootDir, fileOf(test));
  return {
    key: testKeyOf(file, titles, target),
    title: titles.at(-1) ?? test.title,
    file,
    target,
    project: project?.name ?? '',
  };
}

export default class VerdictReporter implements Reporter {
  private rootDir = process.cwd();
  private readonly resultsFile = reportPaths().run.results;
  private readonly progressFile = reportPaths().run.progress;
  private planned: TestCase[] = [];
  /** The planned tests' keys, for a run that keeps a report (lib/results.ts RunProgress). */
  private plannedKeys: string[] | undefined;
  /** Tests the runner reported ended, whatever their status. */
  private ended = 0;
  /** Tests skipped with no reason given: written once the run's end says it was not stopped early. */
  private readonly unexplainedSkips: TestRecord[] = [];

  constructor() {
    // Inherited by the workers Playwright starts after this: typed failures may keep their worker.
    process.env[RUN_VARIABLES.typedFailures] = '1';
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.rootDir = config.rootDir;
    mkdirSync(dirname(this.resultsFile), { recursive: true });
    writeFileSync(this.resultsFile, '');
    this.planned = suite.allTests();
    // A run against several targets keeps no coverage, and would list thousands.
    if (runKeepsReport())
      this.plannedKeys = [...new Set(this.planned.map((test) => identityOf(test, this.rootDir).key))];
    this.writeProgress(false);
  }

  /** Reached however the run ends (tests done, --max-failures, Ctrl-C); never by a runner that died. */
  onEnd(result: FullResult): void {
    // A worker stopped early (Ctrl-C, --max-failures) reports the tests it had yet to start as skipped,
    // with no word why: they were not run, not skipped.
    const stoppedEarly = result.status === 'interrupted' || this.ended < this.planned.length;
    for (const record of stoppedEarly ? [] : this.unexplainedSkips) {
      appendFileSync(this.resultsFile, resultLine(record));
    }
    this.writeProgress(true);
  }

  private writeProgress(ended: boolean): void {
    const progress: RunProgress = {
      planned: this.planned.length,
      ended,
      ...(this.plannedKeys ? { keys: this.plannedKeys } : {}),
    };
    writeFileSync(this.progressFile, JSON.stringify(progress));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.ended += 1;
    if (result.status === 'interrupted') {
      // Stopped half-way (Ctrl-C, or --max-failures reached by another test): no verdict either way. The
      // report shows it skipped, saying why; it has no record, so coverage counts it among those not run.
      result.status = 'skipped';
      result.annotations.push({ type: 'skip', description: STOPPED_BEFORE_ITS_END });
      return;
    }
    const typed = parsed<Failure>(result.annotations, ANNOTATIONS.failure);
    if (result.status === 'passed' && typed.length > 0) {
      result.status = 'failed';
      result.errors = typed.map((f) => ({ message: f.message }));
      result.error = result.errors[0];
    }
    const status = statusOf(result);
    const waits = parsed<AnswerWait>(result.annotations, ANNOTATIONS.waits);
    const failures = status === 'failed' ? (typed.length > 0 ? typed : [untypedFailure(result)]) : [];
    const { key, title, file, target, project } = identityOf(test, this.rootDir);
    const epic = declared(test, DECLARED_LABELS.epic)[0];
    const endpoint = declared(test, DECLARED_LABELS.endpoint)[0] as EndpointId | undefined;
    const skipAnnotation = [...result.annotations, ...test.annotations].find(
      (a) => a.type === 'skip' || a.type === 'fixme',
    );
    const record: TestRecord = {
      key,
      title,
      file,
      line: test.location.line,
      project,
      target,
      ...((AREAS as readonly string[]).includes(epic ?? '') ? { area: epic as Area } : {}),
      ...(endpoint ? { endpoint } : {}),
      requirements: declared(test, DECLARED_LABELS.requirement).filter(isRequirementId),
      tags: test.tags,
      status,
      ...(status === 'skipped'
        ? {
            skipReason:
              skipAnnotation?.description ?? abilitiesOfTags(test.tags).map(NEEDS_ABILITY)[0] ?? 'skipped',
          }
        : {}),
      failures,
      advice: parsed<AdviceRecord>(result.annotations, ANNOTATIONS.advice),
      allowances: result.annotations
        .filter((a) => a.type === ANNOTATIONS.allowance)
        .map((a) => a.description ?? ''),
      ...(status === 'failed'
        ? { reproduce: result.annotations.find((a) => a.type === ANNOTATIONS.reproduce)?.description }
        : {}),
      durationMs: result.duration,
      ...roundTripsOf(result),
      ...(waits.length > 0 ? { waits } : {}),
      ...(result.annotations.some((a) => a.type === ANNOTATIONS.readsAbilities)
        ? { readsAbilities: true as const }
        : {}),
    };
    if (status === 'skipped' && !skipAnnotation) {
      this.unexplainedSkips.push(record);
    } else {
      appendFileSync(this.resultsFile, resultLine(record));
    }
  }
}
