/** The exit codes of every command that gives a verdict (`run`, `report merge`), documented in --help. */
export const EXIT_CODES = {
  conformant: 0,
  deviations: 1,
  usage: 2,
  untestable: 3,
  /** A shell's code for a process ended by SIGINT (128 + 2), as Playwright's own runner exits. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

export const EXIT_CODE_HELP = `Exit codes:
  0  conformant: every selected test passed (known deviations of the baseline aside)
  1  contract deviations found (or the selection ran no test at all)
  2  usage or configuration error, found before any request; nothing in the reports folder is changed
  3  the target could not be tested: unreachable, timing out, answering 502/503/504, refusing the
     credentials, setup failed, a lent resource used up, the test runner stopped early; or less of the
     spec was exercised than --min-exercised asks
  130 interrupted (Ctrl-C or SIGTERM): the tests that ran are reported, the rest were never tested`;
