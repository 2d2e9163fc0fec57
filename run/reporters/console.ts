/**
 * The console while a conformance run goes: one line per test as it ends, with the reason of a skip and
 * the first line of a failure (the quote of the rule it broke), and on a long run, every few seconds once
 * it has gone on for PROGRESS_AFTER_MS, how far it has got and about how long is left. The run command
 * prints the summary.
 */
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { dropOutputOnceReaderLeaves } from '../../lib/closed-output.ts';
import { RUN_VARIABLES } from '../../lib/run-variables.ts';
import { SetupError } from '../setup-target.ts';

const underRunCommand = process.env[RUN_VARIABLES.runCommand] === '1';

const MARK = { passed: '✓', failed: '✘', timedOut: '✘', interrupted: '✘', skipped: '-' } as const;
const FIRST_LINE_LENGTH = 180;
/** A run shorter than this says nothing of its progress beyond its per-test lines. */
export const PROGRESS_AFTER_MS = 15_000;
const PROGRESS_EVERY_MS = 5_000;

/** `80/137 tests done after 16 s; about 11 s left`: what is left, at the pace of the tests so far. */
export function progressLine(done: number, total: number, elapsedMs: number): string {
  const elapsed = Math.round(elapsedMs / 1000);
  if (done === 0) return `… 0/${total} tests done after ${elapsed} s`;
  const left = Math.round(((total - done) * elapsedMs) / done / 1000);
  return `… ${done}/${total} tests done after ${elapsed} s; about ${left} s left`;
}

function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > FIRST_LINE_LENGTH ? `${line.slice(0, FIRST_LINE_LENGTH - 1)}…` : line;
}

export default class ConsoleReporter implements Reporter {
  private total = 0;
  private done = 0;
  private started = 0;
  private timer: NodeJS.Timeout | undefined;

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    // The runner's lines go to the run command's own output: a reader gone early must not stop the run.
    dropOutputOnceReaderLeaves();
    this.total = suite.allTests().length;
    if (this.total > 0) console.log(`Running ${this.total} tests using ${config.workers} workers`);
    this.started = Date.now();
    this.timer = setInterval(() => {
      const elapsed = Date.now() - this.started;
      if (elapsed >= PROGRESS_AFTER_MS && this.done < this.total)
        console.log(progressLine(this.done, this.total, elapsed));
    }, PROGRESS_EVERY_MS);
    this.timer.unref();
  }

  onEnd(): void {
    clearInterval(this.timer);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.done += 1;
    const where = test.titlePath().slice(3).join(' › ');
    const counter = `${String(this.done).padStart(String(this.total).length)}/${this.total}`;
    const line = `  ${MARK[result.status]} ${counter} ${where} (${result.duration} ms)`;
    if (result.status === 'skipped') {
      const reason = [...result.annotations, ...test.annotations].find((a) => a.type === 'skip')?.description;
      console.log(`${line}\n      skipped: ${reason ?? 'no reason given'}`);
    } else if (result.status !== 'passed') {
      console.log(`${line}\n      ${firstLine(result.error?.message)}`);
    } else {
      console.log(line);
    }
  }

  onError(error: { message?: string }): void {
    // The run command reports a target that could not be set up itself, once, whole.
    if (underRunCommand && error.message?.startsWith(SetupError.name)) return;
    console.error(firstLine(error.message));
  }
}
