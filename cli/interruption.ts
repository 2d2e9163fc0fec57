/**
 * Ctrl-C stops a run's tests, not the run command. Without this, the command (which serves the embedded
 * mock) died at once while Playwright's runner went on: the tests in flight failed as "no answer" after
 * the shell's prompt was back, no verdict was printed, and what had run was never reported. A long run
 * against a far sandbox is where a person presses Ctrl-C, wanting what it found so far.
 *
 * The first SIGINT or SIGTERM asks the runner to stop as Playwright stops on Ctrl-C (SIGINT: the tests in
 * flight end, the rest are not run, its reporters end); the command keeps serving the mock until then
 * and reports what ran. Playwright ignores a second SIGINT within a second of the first, so the runner
 * that got the terminal's own Ctrl-C is not stopped twice. A second signal to the command stops
 * everything at once, and so does the first before the tests start.
 */
import type { ChildProcess } from 'node:child_process';
import { EXIT_CODES } from '../lib/exit-codes.ts';
import type { CommandIo } from './io.ts';

export interface Interruption {
  /** The signal that interrupted the run, if one did. */
  readonly signal: NodeJS.Signals | undefined;
  /** The runner, once spawned; undefined once it has ended and the reports are being written. */
  runner(child: ChildProcess | undefined): void;
  /** Gives the signals back to their default. */
  end(): void;
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/** Watches for Ctrl-C and SIGTERM during a run writing the reports folder shown as `reportsFolder`. */
export function watchInterruptions(io: CommandIo, reportsFolder: string): Interruption {
  let signal: NodeJS.Signals | undefined;
  let phase: 'preparing' | 'testing' | 'reporting' = 'preparing';
  let runner: ChildProcess | undefined;
  const onSignal = (received: NodeJS.Signals) => {
    if (phase === 'preparing') {
      // Nothing ran and nothing is written yet: no reason to wait for a probe of the target to time out.
      io.err(
        `\nInterrupted (${received}) before the tests started: nothing is reported, ${reportsFolder} is left as it was.`,
      );
      process.exit(EXIT_CODES.interrupted);
    }
    if (signal) {
      io.err(
        phase === 'reporting'
          ? `\nInterrupted again (${received}): stopped at once; the reports in ${reportsFolder} may be incomplete.`
          : `\nInterrupted again (${received}): stopped at once; nothing is reported, ${reportsFolder} is left as it was.`,
      );
      runner?.kill('SIGKILL');
      // The lock on the reports folder is given back by its exit handler (./reports-lock.ts).
      process.exit(EXIT_CODES.interrupted);
    }
    signal = received;
    io.err(
      {
        testing: `\nInterrupted (${received}): the tests in flight end, the rest are not run; what ran is reported. Ctrl-C again stops at once.`,
        reporting: `\nInterrupted (${received}) while the reports are written: they are finished first. Ctrl-C again stops at once.`,
      }[phase],
    );
    runner?.kill('SIGINT');
  };
  for (const name of SIGNALS) process.on(name, onSignal);
  return {
    get signal() {
      return signal;
    },
    runner(child) {
      runner = child;
      phase = child ? 'testing' : 'reporting';
    },
    end() {
      for (const name of SIGNALS) process.off(name, onSignal);
    },
  };
}
