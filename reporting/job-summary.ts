/**
 * A run's verdict and failed tests as Markdown, from its summary.json: what a CI job summary shows
 * (`payments-conformance report summary`), next to the coverage report (coverage.md).
 */
import { waitsHeadline, type SummaryFile } from './summary.ts';

/** A table cell: a pipe would end it and a line break would end the row. */
function cell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * How long the run waited on the target's "not now" before sending again, which a slow job owes. A
 * summary.json from before the 502-504 waits has none of them.
 */
function waitLines(summary: SummaryFile): string[] {
  const { rateLimitWaits, unavailableWaits = [] } = summary;
  return [rateLimitWaits, unavailableWaits]
    .filter((waits) => waits.length > 0)
    .map((waits) => `- ${waitsHeadline(waits)}.`);
}

export function jobSummaryMarkdown(summary: SummaryFile): string {
  const { tests, requirements } = summary;
  const lines = [
    `## Conformance: ${summary.verdict} (exit ${summary.exitCode})`,
    '',
    `Target ${summary.target}, profile ${summary.profile}, ${summary.selection}.`,
    '',
    `- Tests: ${tests.total} — passed ${tests.passed}, failed ${tests.failed}, skipped ${tests.skipped}.`,
    `- Requirements: ${requirements.testable} testable — passed ${requirements.passed}, failed ${requirements.failed}, known deviations ${requirements['known deviation']}, without a test ${requirements['no test']}.`,
    ...summary.reasons.map((reason) => `- ${reason}`),
    ...waitLines(summary),
    '',
  ];
  if (summary.failed.length === 0) {
    lines.push(
      summary.knownDeviations > 0
        ? `No failed test but the ${summary.knownDeviations} known deviations of the baseline.`
        : 'No failed test.',
    );
  } else {
    lines.push('| Failed test | Requirement | Kind | What was seen |', '|---|---|---|---|');
    for (const failure of summary.failed) {
      lines.push(
        `| ${cell(failure.test)} | ${cell(failure.requirement ?? '')} | ${cell(failure.kind)} | ${cell(failure.message)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
