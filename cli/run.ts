/**
 * `payments-conformance run` (npm run conformance): checks the options, the target contract, the baseline
 * and the reports folder before any request (exit 2 on any mistake, one line, nothing changed); runs the
 * suite; turns a target that could not be set up into exit 3; and builds the reports and the verdict.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import {
  CONCURRENCY_VARIABLE,
  ConcurrencyConfigError,
  concurrencyLimit,
  planConcurrency,
  planEnvironment,
} from '../lib/concurrency.ts';
import { EnvFileError, loadEnvFile } from '../lib/env-file.ts';
import { throughProxyLine } from '../lib/proxy.ts';
import { medianRoundTripMs } from '../run/round-trip.ts';
import { serveEmbeddedMock, type EmbeddedMock } from '../mock/embedded.ts';
import { EXIT_CODES, EXIT_CODE_HELP } from '../lib/exit-codes.ts';
import { FAILURE_KINDS } from '../lib/failures.ts';
import { GENERATIVE_VARIABLES, GenerativeConfigError, runSeed, runsFor } from '../lib/generation.ts';
import { runInvocation } from '../lib/invocation.ts';
import { reportPaths, reportPathsUnder, shownPath, type ReportPaths } from '../lib/report-paths.ts';
import { parseResults, type RunProgress, type SetupFailure, type TestRecord } from '../lib/results.ts';
import { RUN_VARIABLES } from '../lib/run-variables.ts';
import { TargetConfigError, VARIABLES, type TargetConfig } from '../lib/target.ts';
import { baselineFileOf, BaselineError, readBaseline, type Baseline } from '../reporting/baseline.ts';
import type { KeptResults } from '../reporting/allure-results.ts';
import { readResultFolder } from '../reporting/result-files.ts';
import type { CutShort } from '../reporting/verdict.ts';
import type { ShardOfRun } from '../reporting/summary.ts';
import { withoutCredentials } from '../run/redact.ts';
import { SHARD_VARIABLE } from '../run/state.ts';
import { loadTargetConfig } from '../run/target.ts';
import {
  LAST_RUN_FILE,
  LAST_RUN_VARIABLE,
  ListingError,
  runPlaywright,
  type ChildRun,
} from './playwright.ts';
import { suiteInventory } from './inventory.ts';
import { nothingToRerun } from './last-failed.ts';
import { watchInterruptions, type Interruption } from './interruption.ts';
import { takeReportsFolder } from './reports-lock.ts';
import { misspelledVariables } from './misspelled-variables.ts';
import { CONSOLE_IO, type CommandIo } from './io.ts';
import { printPlan } from './plan.ts';
import {
  isPartial,
  parseRunArguments,
  selectionArguments,
  UsageError,
  type RunArguments,
  type Selection,
} from './run-arguments.ts';

export const RUN_HELP = `Usage: npm run conformance -- [options] [spec files or file:line ...]
       npx payments-conformance run [options] [...]

Runs the conformance suite against the target of PAYMENTS_BASE_URL (unset: the embedded mock), writes the
reports and exits with the verdict. Target variables come from the environment and from a .env file in the
working directory (the environment wins); see .env.example.

Selection (a selection gets a verdict on what it selected; the rest is reported "not selected"):
  --project AREA       one area (oauth, checkout, account-reports, subscriptions, test-users, claims,
                       chargebacks, stores, wallet); repeatable
  --grep RE, -g RE     tests whose title or tags match; --grep-invert RE to leave them out
  --shard i/n          this machine's share of the suite; merge with: npm run report:merge -- <folders>
  --last-failed        the tests that failed in the last run
  file[:line]          spec files or single tests

Run:
  --plan               list what would run and what would be skipped, and why, and the share of the
                       spec the tests that run declare, without a request
  --reports DIR        write reports to DIR (default ./reports)
  --no-html            skip Allure's HTML report (coverage, JUnit, summary.json and Allure's results
                       are written as always): a run ends 1-2 s sooner, with about 3 s less CPU
  --baseline FILE      known deviations (default ./conformance-baseline.json, or PAYMENTS_BASELINE)
  --min-exercised PCT  a whole run that exercised less than PCT% of the testable requirements (tests
                       skipped for what the target lacks) exits 3, NOT FULLY TESTED, not 0
  --workers N, --repeat-each N, --max-failures N, --timeout MS, --list, --quiet   passed to Playwright
  --help               this text

Generated cases (tests tagged @generative draw their cases with fast-check):
  ${GENERATIVE_VARIABLES.seed}=N      the seed, 0 to 2147483647: the same seed draws the same cases, and a failure
                       prints the command that replays it; unset, each run draws new cases
  ${GENERATIVE_VARIABLES.runs}=N
                       cases per property (sequences per model) instead of each test's default

${EXIT_CODE_HELP}

Examples:
  npm run conformance                                  # the whole suite against the embedded mock
  npm run conformance -- --project stores              # one area
  npm run conformance -- --last-failed                 # rerun exactly what failed last time
  PAYMENTS_PROFILE=lenient npm run conformance         # accept the platform's known departures, named
  npm run conformance -- --plan                        # what your target's abilities let run`;

/** The target as the reports name it: the mock's port changes every run, so it is named, not numbered. */
export function targetLabel(config: TargetConfig): string {
  return config.embedded ? 'embedded mock' : withoutCredentials(config.baseUrl);
}

function selectionLabel(selection: Selection): string {
  if (!isPartial(selection)) return 'whole suite';
  const parts = [
    ...selection.areas.map((a) => `area ${a}`),
    ...(selection.grep !== undefined ? [`--grep ${selection.grep}`] : []),
    ...(selection.grepInvert !== undefined ? [`--grep-invert ${selection.grepInvert}`] : []),
    ...(selection.lastFailed ? ["the last run's failures"] : []),
    ...selection.files,
    ...(selection.shard ? [`shard ${selection.shard.index}/${selection.shard.total}`] : []),
  ];
  return `selected: ${parts.join(', ')}`;
}

/** A shard's place in the run, and the part of the suite the shards share (absent: the whole suite). */
function shardOfRun(shard: { index: number; total: number }, selection: Selection): ShardOfRun {
  const shared = { ...selection, shard: undefined };
  return { ...shard, ...(isPartial(shared) ? { part: selectionLabel(shared) } : {}) };
}

interface Prepared {
  args: RunArguments;
  config: TargetConfig;
  baseline: Baseline;
  paths: ReportPaths;
}

/** Everything checked before a request is sent; a mistake is one line and exit 2. */
function prepare(argv: readonly string[], io: CommandIo): Prepared | number {
  try {
    const args = parseRunArguments(argv);
    if (args.help) {
      io.out(RUN_HELP);
      return EXIT_CODES.conformant;
    }
    const fromEnvFile = loadEnvFile(process.cwd());
    const misspelled = misspelledVariables(process.env, fromEnvFile);
    if (misspelled.length > 0) throw new UsageError(misspelled.join('\n'));
    if (args.reportsDir) process.env[RUN_VARIABLES.reportsDir] = path.resolve(args.reportsDir);
    // The mock's port is chosen by Playwright's config; any URL does for checking the contract here.
    const config = loadTargetConfig({
      ...process.env,
      [RUN_VARIABLES.embeddedUrl]: process.env[RUN_VARIABLES.embeddedUrl] ?? 'http://127.0.0.1:0',
    });
    for (const warning of config.warnings) io.err(`warning: ${warning}`);
    // Checked here so a mistyped seed is one line before the run, not a failure in every generated test.
    runSeed();
    runsFor(1);
    concurrencyLimit();
    const { file, explicit } = baselineFileOf(args.baselineFile);
    const baseline = readBaseline(file, explicit);
    // Whether the folder can be written is known as the run takes it (cli/reports-lock.ts).
    return { args, config, baseline, paths: reportPaths() };
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof TargetConfigError ||
      error instanceof BaselineError ||
      error instanceof EnvFileError ||
      error instanceof GenerativeConfigError ||
      error instanceof ConcurrencyConfigError
    ) {
      io.err(`${error.name}: ${error.message}`);
      return EXIT_CODES.usage;
    }
    throw error;
  }
}

function readSetupFailures(file: string): SetupFailure[] {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SetupFailure[]) : [];
}

/** How far the runner got (lib/results.ts RunProgress), if it got as far as writing it. */
function progressOf(file: string): RunProgress | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunProgress) : undefined;
}

/** How far a runner got that reported fewer tests than it planned (it stopped, or ended early); else undefined. */
function cutShortBy(progress: RunProgress | undefined, reported: number): CutShort | undefined {
  if (!progress) return undefined;
  return progress.ended && reported >= progress.planned
    ? undefined
    : { reported, planned: progress.planned, ended: progress.ended };
}

/** The tests a run cut short planned and never reported. */
function notRunOf(planned: readonly string[], records: readonly TestRecord[]): Set<string> {
  const reported = new Set(records.map((r) => r.key));
  return new Set(planned.filter((key) => !reported.has(key)));
}

/** Renames `from` to `to`; false when they are on different file systems (then `from` stays). */
function moved(from: string, to: string): boolean {
  try {
    renameSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
    throw error;
  }
}

/**
 * Moves what the test run wrote into place, replacing the previous run's. The previous Allure results
 * (hundreds of files) are moved aside, into the run's folder, and deleted while the reports are built;
 * this run's are moved into place whole (buildRunReports writes again only those it marks).
 */
function publish(from: ReportPaths['run'], to: ReportPaths): KeptResults {
  const previous = path.join(from.root, 'previous-allure-results');
  const replacing = existsSync(to.allureResults);
  if (replacing) renameSync(to.allureResults, previous);
  const inPlace = existsSync(from.allureResults) && moved(from.allureResults, to.allureResults);
  rmSync(to.results, { force: true });
  renameSync(from.results, to.results);
  return { folder: to.allureResults, inPlace, ...(replacing ? { replacing: previous } : {}) };
}

/**
 * The embedded mock, served from this process for a run against it (not for a listing), on a port bound
 * before Playwright's runner starts. It is built (`buildServedMock`) while the runner loads, instead of
 * after it as a process of its own: no start-up of a second Node.js, and none of its time on the way to
 * the first test.
 */
async function serveMockFor(
  config: TargetConfig,
  args: RunArguments,
  env: NodeJS.ProcessEnv,
): Promise<EmbeddedMock | undefined> {
  if (!config.embedded || env[RUN_VARIABLES.targetsFile] || args.playwright.includes('--list'))
    return undefined;
  const mock = await serveEmbeddedMock();
  env[RUN_VARIABLES.embeddedUrl] = mock.url;
  env[RUN_VARIABLES.embeddedServed] = '1';
  return mock;
}

/** Builds the served mock; settles either way (a mock that could not be built is said here, once). */
function buildServedMock(mock: EmbeddedMock | undefined): Promise<void> {
  if (!mock) return Promise.resolve();
  return mock
    .build()
    .catch((error: unknown) =>
      console.error(
        `the embedded mock could not be built: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
}

export async function runCommand(argv: readonly string[], io: CommandIo = CONSOLE_IO): Promise<number> {
  const prepared = prepare(argv, io);
  if (typeof prepared === 'number') return prepared;
  try {
    return await runPrepared(prepared, io);
  } catch (error) {
    if (!(error instanceof ListingError)) throw error;
    io.err(`${error.name}: ${error.message}`);
    io.err(
      '\nVerdict: NOT TESTED (exit 3): nothing is filed as a contract result; the reports are as they were.',
    );
    return EXIT_CODES.untestable;
  }
}

/** The `--workers` a user passed on, if any. */
function workersAsked(playwright: readonly string[]): number | undefined {
  const at = playwright.findIndex((arg) => arg === '--workers' || arg === '-j');
  return at >= 0 ? Number(playwright[at + 1]) : undefined;
}

/**
 * How many requests the run keeps in flight (lib/concurrency.ts): for a target other than the embedded
 * mock, from how far away it answers. Said on the console when the target is far enough to change it.
 */
async function concurrencyFor(
  config: TargetConfig,
  args: RunArguments,
  io: CommandIo,
): Promise<{ playwright: string[]; env: Record<string, string> }> {
  const limit = concurrencyLimit();
  const asked = workersAsked(args.playwright);
  const roundTrip =
    config.embedded || args.playwright.includes('--list')
      ? undefined
      : await medianRoundTripMs(config.baseUrl, config.proxy);
  const plan = planConcurrency(roundTrip, limit, availableParallelism(), asked);
  if (plan.far)
    io.out(
      `The target answers in ${Math.round(roundTrip!)} ms: ${plan.workers} workers, each judging up to ${plan.casesInFlight} generated cases side by side (at most ${limit} requests in flight: ${CONCURRENCY_VARIABLE})`,
    );
  return {
    playwright: asked === undefined ? ['--workers', String(plan.workers)] : [],
    env: planEnvironment(plan),
  };
}

async function runPrepared(prepared: Prepared, io: CommandIo): Promise<number> {
  const { args, config } = prepared;
  if (args.plan) return printPlan(args, config, io);
  const release = takeReportsFolder(prepared.paths, io);
  if (!release) return EXIT_CODES.usage;
  const interruption = watchInterruptions(io, shownPath(prepared.paths.root));
  try {
    // Read with the folder held: another run may be writing the last run's summary.
    const nothing = args.selection.lastFailed ? nothingToRerun(prepared.paths, io) : undefined;
    return nothing ?? (await runInFolder(prepared, io, interruption));
  } finally {
    interruption.end();
    release();
  }
}

/** The run itself, its reports folder held (cli/reports-lock.ts). */
async function runInFolder(prepared: Prepared, io: CommandIo, interruption: Interruption): Promise<number> {
  const { args, config, baseline } = prepared;
  const paths = args.selection.shard
    ? reportPathsUnder(
        path.join(
          prepared.paths.root,
          `shard-${args.selection.shard.index}-of-${args.selection.shard.total}`,
        ),
      )
    : prepared.paths;
  rmSync(prepared.paths.run.root, { recursive: true, force: true });
  mkdirSync(prepared.paths.run.root, { recursive: true });
  // Playwright reads the last run's failures from this file and writes this run's over them; a run
  // that ends before any result leaves the published copy as it was.
  const lastRun = path.join(prepared.paths.run.root, LAST_RUN_FILE);
  if (existsSync(path.join(prepared.paths.root, LAST_RUN_FILE)))
    copyFileSync(path.join(prepared.paths.root, LAST_RUN_FILE), lastRun);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [LAST_RUN_VARIABLE]: lastRun,
    [RUN_VARIABLES.reportsDir]: prepared.paths.root,
    [RUN_VARIABLES.runCommand]: '1',
    ...(args.selection.shard
      ? { [SHARD_VARIABLE]: `${args.selection.shard.index}/${args.selection.shard.total}` }
      : {}),
  };
  // An empty selection is a verdict ("nothing tested", exit 1), not a run that failed to start.
  const selection = [...selectionArguments(args.selection), '--pass-with-no-tests'];
  const partial = isPartial(args.selection);
  // A partial run's coverage counts what it did not select, so it needs the whole inventory: listed
  // beside the run rather than after it (when the suite's code changed since it was last listed), and
  // with its own record of the last run, which a listing must never overwrite.
  const listInventory = () =>
    suiteInventory([], {
      ...env,
      [LAST_RUN_VARIABLE]: path.join(prepared.paths.run.root, `inventory-${LAST_RUN_FILE}`),
    });
  const inventoryListing = partial && !args.playwright.includes('--list') ? listInventory() : undefined;
  // Awaited only once the run has results; a run that ends early must not leave it unhandled.
  inventoryListing?.catch(() => undefined);
  if (config.proxy) io.out(throughProxyLine(config.proxy));
  const concurrency = await concurrencyFor(config, args, io);
  Object.assign(env, concurrency.env);
  const mock = await serveMockFor(config, args, env);
  let run: ChildRun;
  let reportBuilders: Promise<typeof import('../reporting/build.ts')>;
  try {
    const running = interruption.signal
      ? Promise.resolve({ exitCode: EXIT_CODES.interrupted, stdout: '' })
      : runPlaywright([...selection, ...concurrency.playwright, ...args.playwright], env, false, (child) =>
          interruption.runner(child),
        );
    // Built once the runner's process is spawned, not before: loading the mock takes this process's one
    // thread for a third of a second, and the spawn waited for it.
    const mockBuilt = buildServedMock(mock);
    // The report builders (Allure's and its plugin among them) load while the tests run, not after them,
    // and after the mock is built: the first test waits for the mock, nothing waits for the builders yet.
    reportBuilders = mockBuilt.then(async () => {
      const builders = await import('../reporting/build.ts');
      if (args.html) await import('../reporting/allure-report.ts');
      return builders;
    });
    reportBuilders.catch(() => undefined);
    run = await running;
  } finally {
    interruption.runner(undefined);
    await mock?.close();
  }

  const records: TestRecord[] = existsSync(prepared.paths.run.results)
    ? parseResults(readFileSync(prepared.paths.run.results, 'utf8'))
    : [];
  if (interruption.signal && records.length === 0) {
    await inventoryListing?.catch(() => undefined);
    rmSync(prepared.paths.run.root, { recursive: true, force: true });
    io.err(
      `\nVerdict: INTERRUPTED (exit ${EXIT_CODES.interrupted}) by ${interruption.signal} before any test ended: nothing is reported, and ${shownPath(prepared.paths.root)} is left as it was.`,
    );
    return EXIT_CODES.interrupted;
  }
  const setupFailures = readSetupFailures(prepared.paths.run.setupFailures);
  if (setupFailures.length > 0) {
    for (const failure of setupFailures)
      io.err(`\n${FAILURE_KINDS[failure.kind].category}: ${failure.message}`);
    const deviation = setupFailures.some((f) => f.failure);
    io.err(
      `\nVerdict: ${deviation ? 'DEVIATIONS FOUND (exit 1): the token endpoint breaks the spec' : 'NOT TESTED (exit 3): no test was run and nothing is filed as a contract result'}`,
    );
    return deviation ? EXIT_CODES.deviations : EXIT_CODES.untestable;
  }
  if (records.length === 0 && run.exitCode !== 0) {
    io.err(
      `\nVerdict: NOT TESTED (exit 3): the test run stopped before any test (Playwright exited ${run.exitCode}; see its output above). Check ${VARIABLES.baseUrl} and the output.`,
    );
    return EXIT_CODES.untestable;
  }
  if (args.playwright.includes('--list')) return run.exitCode;
  const progress = progressOf(prepared.paths.run.progress);
  const stopped = cutShortBy(progress, records.length);
  const cutShort =
    stopped && interruption.signal ? { ...stopped, interrupted: interruption.signal } : stopped;
  // A run cut short reported only some of its tests: the others exist, untested, not missing. (A listing
  // beside a run that Ctrl-C interrupted was interrupted too: listed again.)
  const inventory =
    (await inventoryListing?.catch(() => undefined)) ??
    (cutShort || partial ? await listInventory().catch(() => undefined) : undefined);
  const allureResults = readResultFolder(prepared.paths.run.allureResults);
  mkdirSync(paths.root, { recursive: true });
  const keptResults = publish(prepared.paths.run, paths);
  if (existsSync(lastRun)) renameSync(lastRun, path.join(prepared.paths.root, LAST_RUN_FILE));
  const { buildRunReports } = await reportBuilders;
  const { verdict, lines } = await buildRunReports({
    records,
    ...(inventory ? { inventory } : {}),
    allureResults,
    keepAllureResultsIn: keptResults,
    subset: partial,
    minExercised: args.minExercised,
    cutShort,
    ...(cutShort && progress?.keys ? { notRun: notRunOf(progress.keys, records) } : {}),
    selection: selectionLabel(args.selection),
    ...(args.selection.shard ? { shard: shardOfRun(args.selection.shard, args.selection) } : {}),
    target: targetLabel(config),
    profile: config.profile,
    abilities: [...config.abilities].join(', '),
    baseline,
    paths,
    invocation: runInvocation(),
    html: args.html,
  });
  for (const line of lines) io.out(line);
  rmSync(prepared.paths.run.root, { recursive: true, force: true });
  return verdict.exitCode;
}
