/** The coverage report (./coverage.ts) as Markdown, for the job summary and readers of reports/. */
import { VERDICTS, type Coverage, type CoverageRow, type Verdict } from './coverage.ts';

const MARK: Record<Verdict, string> = {
  failed: '❌ failed',
  'known deviation': '⚠️ known deviation',
  advice: '💡 advice',
  passed: '✅ passed',
  'not exercised': '⏭️ not exercised',
  'not run': '⏹️ not run',
  'not selected': '➖ not selected',
  'no test': '🚫 NO TEST',
  untestable: '∅ untestable',
};
const QUOTE_LENGTH = 140;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function short(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function detail(row: CoverageRow): string {
  if (row.reason) return short(row.reason, 200);
  const failing = row.tests.filter((t) => t.status === 'failed');
  const shown = failing.length > 0 ? failing : row.tests;
  if (shown.length === 0) return '—';
  const first = shown[0]!;
  const more = shown.length > 1 ? ` (+${shown.length - 1} more)` : '';
  return short(`${first.title}${first.reason ? ` — ${first.reason}` : ''}`, 200) + more;
}

export function renderCoverageMarkdown(coverage: Coverage): string {
  const { totals, tests } = coverage;
  const order = (row: CoverageRow) => VERDICTS.indexOf(row.verdict);
  const rows = [...coverage.rows].sort((a, b) => order(a) - order(b));
  const lines = [
    '# Coverage by requirement',
    '',
    `Target ${coverage.target}, profile ${coverage.profile}, ${coverage.selection}; generated ${coverage.generatedAt}.`,
    '',
    `- Requirements: ${totals.requirements} (${totals.testable} testable) — failed ${totals.failed}, known deviations ${totals['known deviation']}, passed ${totals.passed}, not exercised ${totals['not exercised']}, ${totals['not run'] ? `not run ${totals['not run']}, ` : ''}not selected ${totals['not selected']}, **without a test ${totals['no test']}**, untestable ${totals.untestable}.`,
    `- Platform and HTTP facts not followed (advice): ${totals.advice}.`,
    `- Tests: ${tests.total} — passed ${tests.passed}, failed ${tests.failed}, skipped ${tests.skipped}.`,
    '',
    '| Verdict | Requirement | Statement | Tests (first, and why) |',
    '|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${MARK[row.verdict]} | \`${row.id}\` | ${cell(short(row.quote, QUOTE_LENGTH))} | ${cell(detail(row))} |`,
    ),
  ];
  lines.push('', '## Lenient allowances used (deviations tolerated, not verified)', '');
  lines.push(
    ...(coverage.allowances.length
      ? coverage.allowances.map((a) => `- \`${a.name}\`: ${a.tests.length} test(s)`)
      : ['- none.']),
  );
  return `${lines.join('\n')}\n`;
}
