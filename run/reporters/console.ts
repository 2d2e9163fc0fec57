/**
 * The console while a conformance run goes: one line per test as it ends, with the reason of a skip and
 * the first line of a failure (the quote of the rule it broke). The run command prints the summary.
 */
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { RUN_VARIABLES } from '../../lib/run-variables.ts';
import { SetupError } from '../setup-target.ts';

const underRunCommand = process.env[RUN_VARIABLES.runCommand] === '1';

const MARK = { passed: '✓', failed: '✘', timedOut: '✘', interrupted: '✘', skipped: '-' } as const;
const FIRST_LINE_LENGTH = 180;

function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > FIRST_LINE_LENGTH ? `${line.slice(0, FIRST_LINE_LENGTH - 1)}…` : line;
}

export default class ConsoleReporter implements Reporter {
  private total = 0;
  private done = 0;

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
    if (this.total > 0) console.log(`Running ${this.total} tests using ${config.workers} workers`);
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
