#!/usr/bin/env node
/**
 * `payments-conformance <command>`: the one entry point of the suite, for this repository's npm scripts
 * and for other repositories (npx). Each command has --help; the exit codes are the same everywhere.
 */
import { dropOutputOnceReaderLeaves } from '../lib/closed-output.ts';
import { EXIT_CODES, EXIT_CODE_HELP } from '../lib/exit-codes.ts';
import { SUITE_VERSION } from '../lib/version.ts';
import { CONSOLE_IO, type CommandIo } from './io.ts';

export const MAIN_HELP = `Usage: payments-conformance <command> [options]      (in this repository: npm run <script>)

Commands:
  run        run the conformance suite against a target and write the reports   (npm run conformance)
  mock       serve the reference mock of the API on loopback                    (npm run mock)
  authorize  get a fresh authorization code through a person's consent          (npm run authorize)
  baseline   accept the last run's deviations as known until a date             (npm run baseline)
  report     merge the reports of shards, open the last report, or summarise it (npm run report:merge / report:open)
  factory    print generated valid or invalid request bodies                    (npm run factory)

Each command has --help. The target comes from PAYMENTS_* variables and a .env file in the working
directory; reports go to ./reports.

${EXIT_CODE_HELP}`;

async function dispatch(argv: readonly string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(MAIN_HELP);
    return command === undefined ? EXIT_CODES.usage : EXIT_CODES.conformant;
  }
  if (command === '--version' || command === '-v') {
    io.out(SUITE_VERSION);
    return EXIT_CODES.conformant;
  }
  if (rest.includes('--version')) {
    io.out(SUITE_VERSION);
    return EXIT_CODES.conformant;
  }
  // Each command is imported when chosen: `--help`, `--version` and a mistyped command answer at once, and
  // no command pays for the others' modules.
  switch (command) {
    case 'run': {
      const { runCommand } = await import('./run.ts');
      return runCommand(rest, io);
    }
    case 'baseline': {
      const { baselineCommand } = await import('./baseline.ts');
      return baselineCommand(rest, io);
    }
    case 'report': {
      const { mergeCommand, openCommand, REPORT_HELP, summaryCommand } = await import('./report.ts');
      const [sub, ...args] = rest;
      if (sub === 'merge') return mergeCommand(args, io);
      if (sub === 'open') return openCommand(io);
      if (sub === 'summary') return summaryCommand(args, io);
      io[sub === '--help' || sub === '-h' ? 'out' : 'err'](REPORT_HELP);
      return sub === '--help' || sub === '-h' ? EXIT_CODES.conformant : EXIT_CODES.usage;
    }
    case 'mock': {
      const { runMockCli, mockCliFailure } = await import('../mock/cli.ts');
      try {
        await runMockCli(rest);
        return EXIT_CODES.conformant;
      } catch (error) {
        const failure = mockCliFailure(error);
        io.err(failure.message);
        return failure.exitCode;
      }
    }
    case 'authorize': {
      const { runAuthorizeCli } = await import('../authorize/cli.ts');
      return runAuthorizeCli(rest);
    }
    case 'factory': {
      const { runFactoryCli } = await import('../factories/cli.ts');
      return runFactoryCli(rest);
    }
    default:
      io.err(
        `unknown command ${JSON.stringify(command)}; commands: run, mock, authorize, baseline, report, factory (--help)`,
      );
      return EXIT_CODES.usage;
  }
}

/** Keeps a running server (mock) alive: only commands that finish set the exit code. */
const LONG_RUNNING = new Set(['mock']);

const argv = process.argv.slice(2);
dropOutputOnceReaderLeaves();
dispatch(argv, CONSOLE_IO).then(
  (code) => {
    if (!LONG_RUNNING.has(argv[0] ?? '') || code !== EXIT_CODES.conformant) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
