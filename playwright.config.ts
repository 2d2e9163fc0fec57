/**
 * The conformance run (`npm run conformance`): a setup project that probes the target and obtains its
 * tokens, one project per area of lib/catalogue.ts, and a teardown that removes the run's tokens.
 *
 * With PAYMENTS_BASE_URL unset, the embedded mock is started on a free loopback port and stopped after
 * the run. This file is evaluated in the runner and again in every worker; values the workers must agree
 * on (the port, the run id) are chosen once in the runner and passed on through the environment.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { AREAS } from './lib/catalogue.ts';
import { freeLoopbackPort, LOOPBACK } from './lib/loopback.ts';
import { reportPaths } from './lib/report-paths.ts';
import { TargetConfigError, VARIABLES } from './lib/target.ts';
import { EMBEDDED_URL_VARIABLE, loadTargetConfig, RUN_ID_VARIABLE } from './tests/support/config.ts';
import { withoutCredentials } from './tests/support/redact.ts';

/** Any route answers once the mock listens; without a token this one answers 401, which Playwright accepts as ready. */
const READINESS_PATH = '/v1/account/settlement_report/config';
/** Runs last, in the teardown project (see `projects` below), never inside the oauth project. */
const TOKEN_EXPIRY_SPEC = /token-expiry\.spec\.ts$/;

const embedded = !process.env[VARIABLES.baseUrl];
if (embedded && !process.env[EMBEDDED_URL_VARIABLE]) {
  process.env[EMBEDDED_URL_VARIABLE] = `http://${LOOPBACK}:${await freeLoopbackPort()}`;
}
process.env[RUN_ID_VARIABLE] ??= randomUUID();

function targetOrExit() {
  try {
    return loadTargetConfig();
  } catch (error) {
    if (error instanceof TargetConfigError) {
      // One clear line, before any test runs.
      console.error(`TargetConfigError: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

const target = targetOrExit();
const suiteVersion = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const embeddedPort = new URL(target.baseUrl).port;
// CONFORMANCE_REPORTS_DIR moves them (shards, isolated self-test runs); reports/ by default.
const outputs = reportPaths();

export default defineConfig({
  testDir: './tests',
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Files, not tests, run in parallel: Playwright starts fresh workers for every project, and spreading one
  // area's single spec file over two workers doubled the worker start-ups (~1 s each) for tests that take
  // milliseconds (npm run bench: ~31 s instead of ~36-45 s for the whole run). Tests stay independent:
  // npm run test:flake repeats them under full parallelism.
  fullyParallel: false,
  workers: 2,
  timeout: 60_000,
  outputDir: './test-results/conformance',
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  reporter: [
    ['list'],
    ['junit', { outputFile: outputs.junit }],
    [
      'allure-playwright',
      {
        resultsDir: outputs.allureResults,
        // Only test.step and attachments: Playwright's own API steps would name request URLs.
        detail: false,
        environmentInfo: {
          target: target.embedded ? `${target.baseUrl} (embedded mock)` : withoutCredentials(target.baseUrl),
          profile: target.profile,
          abilities: [...target.capabilities].join(', ') || 'none',
          'suite version': suiteVersion,
        },
      },
    ],
  ],
  webServer: target.embedded
    ? {
        // `node --import tsx` rather than npx: one process for Playwright to stop, and no npm start-up.
        command: `node --import tsx mock/cli.ts --port ${embeddedPort} --host ${LOOPBACK} --quiet`,
        url: `${target.baseUrl}${READINESS_PATH}`,
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: 'ignore',
        stderr: 'pipe',
      }
    : undefined,
  // Order: setup, then every area project, then the `teardown` project (setup's teardown: it runs once
  // every project that depends on setup has finished). The token-expiry test moves the target's clock past
  // every token's lifetime, so it runs there, beside the clean-up of the run's tokens (it mints its own
  // token and needs no run state). Not a project depending on every area: Playwright shards only projects
  // no other project depends on, so that would put the whole suite into one shard; and a teardown of a
  // teardown never runs (Playwright 1.65 waits on each in turn).
  projects: [
    { name: 'setup', testDir: './tests/setup', testMatch: /.*\.setup\.ts/, teardown: 'teardown' },
    { name: 'teardown', testDir: './tests', testMatch: [/setup\/.*\.teardown\.ts$/, TOKEN_EXPIRY_SPEC] },
    ...AREAS.map((area) => ({
      name: area,
      testDir: `./tests/conformance/${area}`,
      testMatch: /.*\.spec\.ts/,
      testIgnore: TOKEN_EXPIRY_SPEC,
      dependencies: ['setup'],
    })),
  ],
});
