/**
 * The conformance run (`npm run conformance`). One project runs every area's specs (areas are folders
 * of tests/conformance/, selected by the run command). The global setup probes the target and obtains
 * the run's tokens once, in the runner; the global teardown removes them.
 *
 * With PAYMENTS_BASE_URL unset, the embedded mock is started on a free loopback port and stopped after
 * the run (the run command serves it itself). With PAYMENTS_TARGETS_FILE (the mutation runner's), each
 * test is registered once per target that selects it, so every target shares the run's workers. This
 * file is evaluated in the runner and again in every worker; values the workers must agree on (the port,
 * the run id) are chosen once in the runner and passed on.
 */
import { randomUUID } from 'node:crypto';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import fc from 'fast-check';
import path from 'node:path';
import { freeLoopbackPort, LOOPBACK } from './lib/loopback.ts';
import { proxyLabel } from './lib/proxy.ts';
import { CODE_ROOT } from './lib/paths.ts';
import { reportPaths } from './lib/report-paths.ts';
import { RUN_VARIABLES } from './lib/run-variables.ts';
import { nodeArguments, projectModule, shellQuoted } from './lib/runtime.ts';
import { TargetConfigError, VARIABLES } from './lib/target.ts';
import { runKeepsReport, targetsOfRun } from './run/targets.ts';
import { SUITE_VERSION } from './lib/version.ts';
import { GENERATED_VALIDATORS_GLOB } from './schemas/documents.ts';
import { withoutCredentials } from './run/redact.ts';
import { DEFAULT_TARGET, loadTargetConfig } from './run/target.ts';

/** Any route answers once the mock listens; without a token this one answers 401, which Playwright accepts as ready. */
const READINESS_PATH = '/v1/account/settlement_report/config';

/** The targets of a run against several (PAYMENTS_TARGETS_FILE); undefined in a run against one. */
const severalTargets = targetsOfRun();

if (severalTargets) {
  // A run against many targets (the mutation runner's) asks of each only whether a test fails it, quoting
  // a rule. A falsified property is reported at the case that falsified it, not shrunk: shrinking spends
  // up to its time budget (seconds) per falsified property per mutant, and how far it gets within it
  // depends on the machine. The verdict is the same either way, and the failure still quotes its rule.
  fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
}

const embedded = !severalTargets && !process.env[VARIABLES.baseUrl];
if (embedded && !process.env[RUN_VARIABLES.embeddedUrl]) {
  process.env[RUN_VARIABLES.embeddedUrl] = `http://${LOOPBACK}:${await freeLoopbackPort()}`;
}
process.env[RUN_VARIABLES.runId] ??= randomUUID();

function targetOrExit() {
  try {
    return loadTargetConfig();
  } catch (error) {
    if (error instanceof TargetConfigError) {
      // One clear line, before any test runs (the run command checks this before starting Playwright).
      console.error(`TargetConfigError: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

const target = targetOrExit();
const outputs = reportPaths().run;

const SPECS = /\.spec\.[jt]s$/;

/**
 * One project, and a worker for it on each slot. In a run against several targets, each test is
 * registered once per target that selects it (tests/support/per-target.ts), in this same project.
 */
const PROJECTS: NonNullable<PlaywrightTestConfig['projects']> = [
  {
    name: 'conformance',
    testDir: path.join(CODE_ROOT, 'tests', 'conformance'),
    testMatch: SPECS,
    metadata: { target: DEFAULT_TARGET },
  },
];

export default defineConfig({
  // .ts from source, .js in the npm package (compiled beside this file's compiled form).
  testMatch: SPECS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers share the files and start once each (a typed contract failure keeps its worker,
  // tests/support/outcome.ts). A file is one group of tests for a worker, not a test: for every group the
  // worker copies and filters its file's whole suite and waits on the runner for the next, which for a
  // group per test cost 5% of a run's CPU and a fifth of the mutation gate's time. The tests are still
  // independent of each other's order: the flake check (npm run test:flake) runs them fully parallel.
  // Two is for runs straight through Playwright (the mutation runner's, whose runner only takes verdicts:
  // one worker made it 1.3 times longer). The run command plans its own (lib/concurrency.ts): one worker
  // on 2 cores, since the command and the runner keep the other busy, and more workers for a target far
  // away, bound by round trips, with a file's tests spread over them.
  fullyParallel: process.env[RUN_VARIABLES.fullyParallel] === '1',
  workers: 2,
  timeout: 60_000,
  // Under the reports folder: the record of the last run's failures (--last-failed) belongs with its reports.
  outputDir: reportPaths().playwright,
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  build: { external: [GENERATED_VALIDATORS_GLOB] },
  globalSetup: projectModule('run/global-setup'),
  globalTeardown: projectModule('run/global-teardown'),
  // A run against several targets keeps no report (its tests attach nothing): each test's verdict only.
  reporter: !runKeepsReport()
    ? [[projectModule('run/reporters/verdict')], ['dot']]
    : [
        [projectModule('run/reporters/verdict')],
        [projectModule('run/reporters/console')],
        [
          'allure-playwright',
          {
            resultsDir: outputs.allureResults,
            // Only test.step and attachments: Playwright's own API steps would name request URLs.
            detail: false,
            environmentInfo: {
              target: target.embedded
                ? `${target.baseUrl} (embedded mock)`
                : withoutCredentials(target.baseUrl),
              profile: target.profile,
              abilities: [...target.abilities].join(', ') || 'none',
              ...(target.proxy ? { proxy: proxyLabel(target.proxy) } : {}),
              'suite version': SUITE_VERSION,
            },
          },
        ],
      ],
  // The run command serves the mock itself (mock/embedded.ts), built while this runner loads; a bare
  // `playwright test` has Playwright start it as a process of its own.
  webServer:
    embedded && !process.env[RUN_VARIABLES.embeddedServed]
      ? {
          // node itself rather than npx: one process for Playwright to stop, and no npm start-up.
          command: [
            process.execPath,
            ...nodeArguments(),
            projectModule('mock/cli'),
            '--port',
            new URL(target.baseUrl).port,
            '--host',
            LOOPBACK,
            '--quiet',
          ]
            .map(shellQuoted)
            .join(' '),
          url: `${target.baseUrl}${READINESS_PATH}`,
          reuseExistingServer: false,
          timeout: 30_000,
          stdout: 'ignore',
          stderr: 'pipe',
        }
      : undefined,
  projects: PROJECTS,
});
