/**
 * `npm run bench [-- --quick] [-- --sections conformance,remote,throughput,schemas,scale,npm-test]`
 *
 * Measures the conformance run against its floor, a failing run against a passing one, the start-up of a
 * Playwright worker, the same run against a target far away (behind a latency proxy), the embedded mock's
 * throughput against Prism and a bare node:http ceiling, schema compile and validation rates, how the
 * suite scales, peak memory, and (opt-in, `npm-test`, several minutes) each stage of `npm test`. Prints
 * tables, writes bench.json (figures) and bench.md (the same tables in Markdown, for docs/benchmarks.md)
 * into reports/ (or CONFORMANCE_REPORTS_DIR). Never a test: speed is reported, not asserted. A
 * measurement that cannot be taken (a run that does not end as it must, a server that does not start) is
 * printed as such, with its reason, and the others go on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_CODES } from '../../lib/exit-codes.ts';
import { reportPaths } from '../../lib/report-paths.ts';
import { startMockProcess } from '../../mock/process.ts';
import { timeFloorRun, timeSuiteRun, type TimedRun, type WorkerFigures } from './conformance-timing.ts';
import { BUSY_MACHINE_WARNING, describeMachine, isBusy } from './machine.ts';
import { benchRequests, ENDPOINT_TITLES, issueBenchToken, type BenchEndpoint } from './requests.ts';
import { measureSchemas, type SchemaFigures } from './schema-timing.ts';
import { SERVER_TITLES, startServer, type ServerKind } from './servers.ts';
import { timeNpmTestStages } from './npm-test-timing.ts';
import { REFERENCE_DELAY_MS, timeRemoteRuns, type RemoteRun } from './remote-timing.ts';
import { formatMarkdownTable, formatTable, type Cell } from './table.ts';
import { measureThroughput, type LoadSettings, type ThroughputFigures } from './throughput.ts';

const SECTIONS = ['conformance', 'remote', 'throughput', 'schemas', 'scale', 'npm-test'] as const;
/** Sections run when --sections is not given: `npm-test` runs the project's whole test script, minutes. */
const DEFAULT_SECTIONS: readonly Section[] = ['conformance', 'remote', 'throughput', 'schemas', 'scale'];
type Section = (typeof SECTIONS)[number];
const UNKNOWN_SECTION = `unknown bench section; known: ${SECTIONS.join(', ')}`;

const TARGETS = {
  passingToFloor: 3,
  failingToPassing: 1.5,
  /** Behind a REFERENCE_DELAY_MS proxy against direct, no flags. */
  remoteToDirect: 2,
  npmTestSeconds: 300,
  mockToPrism: 5,
  mockToCeiling: 0.5,
  validatorsLoadMs: 300,
} as const;

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    sections: { type: 'string', default: DEFAULT_SECTIONS.join(',') },
  },
});
const sections = new Set(values.sections.split(',').map((s) => s.trim()));
for (const section of sections)
  if (!(SECTIONS as readonly string[]).includes(section)) {
    console.error(`${UNKNOWN_SECTION}: ${section}`);
    process.exit(EXIT_CODES.usage);
  }
const wants = (section: Section) => sections.has(section);

const quick = values.quick;
const load: LoadSettings = { connections: 10, durationSeconds: quick ? 2 : 5 };
const warmUp: LoadSettings = { connections: load.connections, durationSeconds: 1 };
const validationWindowMs = quick ? 300 : 1000;
const compileSamples = quick ? 1 : 3;
/** Runs of each conformance measurement, alternated so a passing slowdown of the machine hits all alike. */
const runSamples = quick ? 1 : 3;
/** The mutant of the failing run: it fails more than 50 of the suite's tests. */
const FAILING_MUTANT = 'every-endpoint-errors-as-500';

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const log = (message: string) => console.error(`[bench] ${message}`);

/** What could not be measured, and why: printed after the tables, written into bench.json. */
const unmeasured: { what: string; reason: string }[] = [];
const REASON_LINES = 12;

/** Takes one measurement; an error ends that one only, as a line saying what and why, never a stack trace. */
async function measure(what: string, body: () => Promise<void> | void): Promise<void> {
  try {
    await body();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lines = message.split('\n');
    const reason =
      lines.length > REASON_LINES ? [lines[0], '…', ...lines.slice(-REASON_LINES + 2)].join('\n') : message;
    unmeasured.push({ what, reason });
    log(`could not measure ${what}: ${lines[0]}`);
  }
}

interface ThroughputRow extends ThroughputFigures {
  server: ServerKind;
  endpoint: BenchEndpoint;
}

async function throughputSection(): Promise<{
  rows: ThroughputRow[];
  peakRssMb: Partial<Record<ServerKind, number>>;
}> {
  const rows: ThroughputRow[] = [];
  const peakRssMb: Partial<Record<ServerKind, number>> = {};
  let accessToken = '';
  // The mock first: it issues the bearer token the other two are sent (they do not check it).
  for (const kind of ['mock', 'prism', 'ceiling'] as const) {
    log(`throughput: starting ${SERVER_TITLES[kind]}`);
    const server = await startServer(kind);
    try {
      if (kind === 'mock') accessToken = await issueBenchToken(server.baseUrl);
      const requests = benchRequests(accessToken);
      for (const endpoint of Object.keys(requests) as BenchEndpoint[]) {
        // Unmeasured first second: the server's JIT warms up on exactly the request it is measured on.
        await measureThroughput(server, requests[endpoint], warmUp);
        log(`throughput: ${SERVER_TITLES[kind]} ${ENDPOINT_TITLES[endpoint]} for ${load.durationSeconds}s`);
        rows.push({
          server: kind,
          endpoint,
          ...(await measureThroughput(server, requests[endpoint], load)),
        });
      }
      peakRssMb[kind] = server.peakRssMb();
    } finally {
      await server.stop();
    }
  }
  return { rows, peakRssMb };
}

function schemasSection(): SchemaFigures {
  log(`schemas: ${compileSamples} fresh process(es)`);
  const samples = Array.from({ length: compileSamples }, () => measureSchemas(validationWindowMs));
  return {
    registryReadyMs: median(samples.map((s) => s.registryReadyMs)),
    validatorsLoadMs: median(samples.map((s) => s.validatorsLoadMs)),
    preferenceValidationsPerSecond: median(samples.map((s) => s.preferenceValidationsPerSecond)),
    claimValidationsPerSecond: median(samples.map((s) => s.claimValidationsPerSecond)),
  };
}

/** The run of the median wall time among `runs`. */
const medianRun = (runs: TimedRun[]): TimedRun =>
  [...runs].sort((a, b) => a.wallSeconds - b.wallSeconds)[Math.floor(runs.length / 2)]!;
const workersOf = (runs: TimedRun[]): WorkerFigures[] => runs.flatMap((r) => r.workers);
const medianOf = (figures: WorkerFigures[], key: keyof WorkerFigures) =>
  figures.length === 0 ? NaN : median(figures.map((f) => f[key]));

/**
 * The floor, the passing run against the embedded mock (what `npm run conformance` starts), and a passing
 * and a failing run against mock processes started once beforehand (the faithful mock and FAILING_MUTANT),
 * so the failing/passing ratio compares two runs that differ only in the server's answers.
 */
async function conformanceSection() {
  const faithful = await startMockProcess();
  const mutant = await startMockProcess({ variation: { type: 'mutant', name: FAILING_MUTANT } });
  const samples = {
    floor: [] as TimedRun[],
    embedded: [] as TimedRun[],
    passing: [] as TimedRun[],
    failing: [] as TimedRun[],
  };
  try {
    for (let sample = 1; sample <= runSamples; sample++) {
      log(`conformance: sample ${sample}/${runSamples}: floor`);
      samples.floor.push(await timeFloorRun());
      log(`conformance: sample ${sample}/${runSamples}: passing run, embedded mock`);
      samples.embedded.push(await timeSuiteRun({}, EXIT_CODES.conformant));
      log(`conformance: sample ${sample}/${runSamples}: passing run, faithful mock process`);
      samples.passing.push(await timeSuiteRun({ target: faithful.env }, EXIT_CODES.conformant));
      log(`conformance: sample ${sample}/${runSamples}: failing run, mutant ${FAILING_MUTANT}`);
      samples.failing.push(await timeSuiteRun({ target: mutant.env }, EXIT_CODES.deviations));
    }
  } finally {
    await Promise.all([faithful.stop(), mutant.stop()]);
  }
  return samples;
}

const machine = describeMachine();
if (isBusy(machine)) log(`warning: ${BUSY_MACHINE_WARNING}`);
const report: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  machine,
  settings: {
    quick,
    load,
    warmUpSeconds: warmUp.durationSeconds,
    validationWindowMs,
    compileSamples,
    runSamples,
  },
  targets: TARGETS,
};
const tables: { title: string; header: string[]; rows: Cell[][] }[] = [];
const verdicts: { target: string; goal: string; actual: number; met: boolean }[] = [];

if (wants('conformance'))
  await measure('the conformance runs', async () => {
    const samples = await conformanceSection();
    const floor = medianRun(samples.floor);
    const embedded = medianRun(samples.embedded);
    const passing = medianRun(samples.passing);
    const failing = medianRun(samples.failing);
    const passingToFloor = embedded.wallSeconds / floor.wallSeconds;
    const failingToPassing = failing.wallSeconds / passing.wallSeconds;
    // Each sample's own ratios too (its rows ran one after the other): on a shared machine whose speed moves
    // from one minute to the next, their spread says how far the ratio of the medians can be trusted.
    const ratiosOf = (runs: readonly TimedRun[], bases: readonly TimedRun[]) =>
      runs.map((run, index) => run.wallSeconds / (bases[index]?.wallSeconds ?? NaN));
    const passingToFloorBySample = ratiosOf(samples.embedded, samples.floor);
    const failingToPassingBySample = ratiosOf(samples.failing, samples.passing);
    const bySample = (ratios: readonly number[]) =>
      ratios.length > 1 ? ` (each sample: ${ratios.map((r) => r.toFixed(2)).join(', ')})` : '';
    const floorWorkers = workersOf(samples.floor);
    const suiteWorkers = workersOf([...samples.embedded, ...samples.passing]);
    const failingWorkers = workersOf(samples.failing);
    report.conformance = {
      samples,
      medians: { floor, embedded, passing, failing },
      passingToFloor,
      failingToPassing,
      passingToFloorBySample,
      failingToPassingBySample,
      failingMutant: FAILING_MUTANT,
      workerStartupMs: {
        floor: medianOf(floorWorkers, 'startupMs'),
        suite: medianOf(suiteWorkers, 'startupMs'),
      },
    };
    tables.push({
      title: `Conformance runs (wall time, median of ${runSamples})`,
      header: ['run', 'tests', 'failed', 'seconds', 'workers', 'peak RSS MiB'],
      rows: [
        [
          'floor: Playwright start-up + 1 trivial API test',
          floor.tests,
          floor.failed,
          floor.wallSeconds,
          floor.workers.length,
          floor.peakRssMb,
        ],
        [
          'passing: `payments-conformance run`, embedded mock',
          embedded.tests,
          embedded.failed,
          embedded.wallSeconds,
          embedded.workers.length,
          embedded.peakRssMb,
        ],
        [
          'passing: the same, against a faithful mock process',
          passing.tests,
          passing.failed,
          passing.wallSeconds,
          passing.workers.length,
          passing.peakRssMb,
        ],
        [
          `failing: against mutant ${FAILING_MUTANT}`,
          failing.tests,
          failing.failed,
          failing.wallSeconds,
          failing.workers.length,
          failing.peakRssMb,
        ],
        [
          `ratio passing (embedded) / floor${bySample(passingToFloorBySample)}`,
          '',
          '',
          passingToFloor,
          '',
          '',
        ],
        [
          `ratio failing / passing (mock processes)${bySample(failingToPassingBySample)}`,
          '',
          '',
          failingToPassing,
          '',
          '',
        ],
      ],
    });
    tables.push({
      title: 'Worker start-up (spawn to first test, medians over every worker of every sample)',
      header: ['runs', 'workers', 'start-up ms', 'CPU ms to first test body', 'CPU ms in all'],
      rows: [
        [
          'floor',
          floorWorkers.length,
          medianOf(floorWorkers, 'startupMs'),
          medianOf(floorWorkers, 'startupCpuMs'),
          medianOf(floorWorkers, 'cpuMs'),
        ],
        [
          'passing suite runs',
          suiteWorkers.length,
          medianOf(suiteWorkers, 'startupMs'),
          medianOf(suiteWorkers, 'startupCpuMs'),
          medianOf(suiteWorkers, 'cpuMs'),
        ],
        [
          'failing suite runs',
          failingWorkers.length,
          medianOf(failingWorkers, 'startupMs'),
          medianOf(failingWorkers, 'startupCpuMs'),
          medianOf(failingWorkers, 'cpuMs'),
        ],
      ],
    });
    verdicts.push({
      target: 'passing run (embedded mock) / floor',
      goal: `<= ${TARGETS.passingToFloor}`,
      actual: passingToFloor,
      met: passingToFloor <= TARGETS.passingToFloor,
    });
    verdicts.push({
      target: `failing run (${failing.failed} failures) / passing run`,
      goal: `<= ${TARGETS.failingToPassing}`,
      actual: failingToPassing,
      met: failingToPassing <= TARGETS.failingToPassing && failing.failed >= 50,
    });
  });

if (wants('remote'))
  await measure('the runs against a target far away', async () => {
    const samples = await timeRemoteRuns(runSamples, log);
    const direct = medianRun(samples.direct) as RemoteRun;
    const rows = [direct, ...Object.values(samples.behind).map((runs) => medianRun(runs) as RemoteRun)];
    const reference = medianRun(samples.behind[REFERENCE_DELAY_MS] ?? []) as RemoteRun;
    const remoteToDirect = reference.wallSeconds / direct.wallSeconds;
    const sameVerdicts = rows.every((r) => r.tests === direct.tests && r.failed === direct.failed);
    const bySample = samples.direct.map(
      (run, index) => (samples.behind[REFERENCE_DELAY_MS]?.[index]?.wallSeconds ?? NaN) / run.wallSeconds,
    );
    report.remote = { samples, remoteToDirect, remoteToDirectBySample: bySample, sameVerdicts };
    tables.push({
      title: `A target far away: one faithful mock process, direct and behind a latency proxy (no flags; direct and ${REFERENCE_DELAY_MS} ms: median of ${runSamples}, alternated)`,
      header: [
        'target',
        'tests',
        'failed',
        'seconds',
        'ratio to direct',
        'requests',
        'max in flight',
        'mean in flight',
        'longest chain',
        'critical-path floor s',
      ],
      rows: rows.map((r) => [
        r.delayMs === 0 ? 'direct (loopback)' : `behind ${r.delayMs} ms`,
        r.tests,
        r.failed,
        r.wallSeconds,
        r.wallSeconds / direct.wallSeconds,
        r.inFlight?.requests ?? '',
        r.inFlight?.maxInFlight ?? '',
        r.inFlight?.meanInFlight ?? '',
        r.longestChain,
        // No run behind the proxy can be shorter than its longest chain of dependent requests, each held.
        r.delayMs === 0 ? '' : (r.longestChain * r.delayMs) / 1000,
      ]),
    });
    const each = bySample.length > 1 ? ` (each sample: ${bySample.map((r) => r.toFixed(2)).join(', ')})` : '';
    verdicts.push({
      target: `behind ${REFERENCE_DELAY_MS} ms / direct, same verdicts${each}`,
      goal: `<= ${TARGETS.remoteToDirect}`,
      actual: remoteToDirect,
      met: remoteToDirect <= TARGETS.remoteToDirect && sameVerdicts,
    });
  });

if (wants('scale'))
  await measure('how the suite scales', async () => {
    log('scale: 1 worker');
    const oneWorker = await timeSuiteRun({ args: ['--workers', '1'] }, EXIT_CODES.conformant);
    log('scale: 2 workers');
    const twoWorkers = await timeSuiteRun({ args: ['--workers', '2'] }, EXIT_CODES.conformant);
    log('scale: --repeat-each 4, 2 workers');
    const fourTimes = await timeSuiteRun(
      { args: ['--workers', '2', '--repeat-each', '4'] },
      EXIT_CODES.conformant,
    );
    const growth = fourTimes.wallSeconds / twoWorkers.wallSeconds;
    const marginalMs =
      ((fourTimes.wallSeconds - twoWorkers.wallSeconds) * 1000) /
      Math.max(1, fourTimes.tests - twoWorkers.tests);
    report.scale = { oneWorker, twoWorkers, fourTimes, growth4x: growth, marginalMsPerAddedTest: marginalMs };
    tables.push({
      title: 'Scale',
      header: ['run', 'tests', 'seconds'],
      rows: [
        ['1 worker', oneWorker.tests, oneWorker.wallSeconds],
        ['2 workers', twoWorkers.tests, twoWorkers.wallSeconds],
        ['4x tests (--repeat-each=4), 2 workers', fourTimes.tests, fourTimes.wallSeconds],
        ['growth 4x / 1x', '', growth],
        ['marginal ms per added test', '', marginalMs],
      ],
    });
  });

if (wants('npm-test'))
  await measure('`npm test` by stage', async () => {
    const stages = await timeNpmTestStages(log);
    const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
    report.npmTest = { stages, totalSeconds: total };
    tables.push({
      title: '`npm test`, stage by stage (each as `npm run <stage>`, CI=true)',
      header: ['stage', 'seconds', 'exit'],
      rows: [...stages.map((s) => [s.stage, s.seconds, s.exitCode] as Cell[]), ['total', total, '']],
    });
    verdicts.push({
      target: '`npm test` total (seconds)',
      goal: `<= ${TARGETS.npmTestSeconds}`,
      actual: total,
      met: total <= TARGETS.npmTestSeconds && stages.every((s) => s.exitCode === 0),
    });
  });

if (wants('throughput'))
  await measure('throughput', async () => {
    const { rows, peakRssMb } = await throughputSection();
    const find = (server: ServerKind, endpoint: BenchEndpoint) =>
      rows.find((r) => r.server === server && r.endpoint === endpoint);
    const ratios = (Object.keys(ENDPOINT_TITLES) as BenchEndpoint[]).map((endpoint) => {
      const rate = (server: ServerKind) => find(server, endpoint)?.requestsPerSecond ?? NaN;
      const cpu = (server: ServerKind) => find(server, endpoint)?.serverCpuMicrosPerRequest ?? NaN;
      return {
        endpoint,
        mockToPrism: rate('mock') / rate('prism'),
        mockToCeiling: rate('mock') / rate('ceiling'),
        // The same comparison by server CPU per request (higher is better, like the req/s ratios).
        cpuMockToPrism: cpu('prism') / cpu('mock'),
        cpuMockToCeiling: cpu('ceiling') / cpu('mock'),
      };
    });
    report.throughput = { rows, ratios, peakRssMb };
    tables.push({
      title: `Throughput (autocannon, ${load.connections} connections, ${load.durationSeconds} s per row, 127.0.0.1)`,
      header: [
        'endpoint',
        'server',
        'req/s',
        'server CPU µs/req',
        'mean ms',
        'p50 ms',
        'p99 ms',
        'non-2xx',
        'errors',
      ],
      rows: rows.map((r) => [
        ENDPOINT_TITLES[r.endpoint],
        SERVER_TITLES[r.server],
        r.requestsPerSecond,
        r.serverCpuMicrosPerRequest,
        r.latencyMeanMs,
        r.latencyP50Ms,
        r.latencyP99Ms,
        r.non2xx,
        r.errors,
      ]),
    });
    tables.push({
      title: 'Throughput ratios',
      header: [
        'endpoint',
        'mock / Prism req/s',
        'mock / bare node:http req/s',
        'same by CPU/req: vs Prism',
        'same by CPU/req: vs bare node:http',
      ],
      rows: ratios.map((r) => [
        ENDPOINT_TITLES[r.endpoint],
        r.mockToPrism,
        r.mockToCeiling,
        r.cpuMockToPrism,
        r.cpuMockToCeiling,
      ]),
    });
    tables.push({
      title: 'Peak RSS of each server over its throughput runs',
      header: ['server', 'peak RSS MiB'],
      rows: (Object.keys(peakRssMb) as ServerKind[]).map((kind) => [SERVER_TITLES[kind], peakRssMb[kind]!]),
    });
    const worstPrism = Math.min(...ratios.map((r) => r.mockToPrism));
    const worstCeiling = Math.min(...ratios.map((r) => r.mockToCeiling));
    verdicts.push({
      target: 'mock / Prism req/s (worst endpoint)',
      goal: `>= ${TARGETS.mockToPrism}`,
      actual: worstPrism,
      met: worstPrism >= TARGETS.mockToPrism,
    });
    verdicts.push({
      target: 'mock / bare node:http req/s (worst endpoint)',
      goal: `>= ${TARGETS.mockToCeiling}`,
      actual: worstCeiling,
      met: worstCeiling >= TARGETS.mockToCeiling,
    });
  });

if (wants('schemas'))
  await measure('the schemas', () => {
    const figures = schemasSection();
    report.schemas = figures;
    tables.push({
      title: `Schemas (fresh process, median of ${compileSamples})`,
      header: ['measure', 'value'],
      rows: [
        ['import registry + load every validator (ms)', figures.registryReadyMs],
        ['load every validator, loadAllValidators() alone (ms)', figures.validatorsLoadMs],
        ['validations/s, preference request', figures.preferenceValidationsPerSecond],
        ['validations/s, claim', figures.claimValidationsPerSecond],
      ],
    });
    verdicts.push({
      target: 'every validator ready, loadAllValidators() (ms)',
      goal: `< ${TARGETS.validatorsLoadMs}`,
      // The validators are compiled ahead of time; importing the registry is shown beside it, not judged.
      actual: figures.validatorsLoadMs,
      met: figures.validatorsLoadMs < TARGETS.validatorsLoadMs,
    });
  });

report.verdicts = verdicts;
report.unmeasured = unmeasured;
tables.push({
  title: 'Targets',
  header: ['target', 'goal', 'actual', 'met'],
  rows: verdicts.map((v) => [v.target, v.goal, v.actual, v.met ? 'yes' : 'NO']),
});

const machineLine =
  `${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}, ` +
  `load average ${machine.loadAverage} at start${quick ? ', --quick' : ''}${isBusy(machine) ? ` (warning: ${BUSY_MACHINE_WARNING})` : ''}`;
console.log(`\nMachine: ${machineLine}\n`);
for (const table of tables) console.log(`${table.title}\n${formatTable(table.header, table.rows)}\n`);
for (const { what, reason } of unmeasured) console.log(`Could not measure ${what}: ${reason}\n`);

// Beside the conformance reports: CONFORMANCE_REPORTS_DIR moves both (reports/ by default).
const reportsDir = reportPaths().root;
const benchJson = path.join(reportsDir, 'bench.json');
const benchMarkdown = path.join(reportsDir, 'bench.md');
mkdirSync(reportsDir, { recursive: true });
writeFileSync(benchJson, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(
  benchMarkdown,
  [
    `Machine: ${machineLine}`,
    ...tables.map((t) => `**${t.title}**\n\n${formatMarkdownTable(t.header, t.rows)}`),
    ...unmeasured.map(({ what, reason }) => `Could not measure ${what}: ${reason.split('\n')[0]}`),
  ].join('\n\n') + '\n',
);
console.log(
  `wrote ${path.relative(process.cwd(), benchJson)} and ${path.relative(process.cwd(), benchMarkdown)}`,
);
