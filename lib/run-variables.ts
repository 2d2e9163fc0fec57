/**
 * Variables the run passes from its command to Playwright's runner and workers (never set by users):
 * one definition for the CLI, the Playwright config, the fixtures, the reporters and the self-tests.
 */
export const RUN_VARIABLES = {
  /** One id per run; names the run's private folder of tokens and markers. */
  runId: 'PAYMENTS_RUN_ID',
  /** Where the embedded mock listens, chosen once in the runner. */
  embeddedUrl: 'PAYMENTS_EMBEDDED_URL',
  /** Set by the run command when it serves the embedded mock at that URL itself: Playwright starts none. */
  embeddedServed: 'PAYMENTS_EMBEDDED_SERVED',
  /** Set by the verdict reporter: contract failures may be recorded as data, keeping the worker. */
  typedFailures: 'PAYMENTS_TYPED_FAILURES',
  /** A JSON file naming several targets, each test registered once per target (mutation and variant runs). */
  targetsFile: 'PAYMENTS_TARGETS_FILE',
  /** Per-request timeout in milliseconds (default 10 000). */
  requestTimeoutMs: 'PAYMENTS_REQUEST_TIMEOUT_MS',
  /** Set by the run command: it prints setup failures and the summary itself. */
  runCommand: 'PAYMENTS_RUN_COMMAND',
  /** Where a run writes its outputs. */
  reportsDir: 'CONFORMANCE_REPORTS_DIR',
  /** Cases of a generated test each worker judges side by side (lib/concurrency.ts). */
  casesInFlight: 'PAYMENTS_CASES_IN_FLIGHT',
  /** '1' when the tests of one file may run in different workers (a target far away). */
  fullyParallel: 'PAYMENTS_FULLY_PARALLEL',
} as const;
