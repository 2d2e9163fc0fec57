/** Renders the coverage matrix (scripts/report/coverage.ts) as the Markdown a reader opens. */
import type { Coverage, CoverageRow, CoveringTest, PathVerdict } from './coverage.ts';

const VERDICT_MARK: Record<PathVerdict, string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  'not exercised': '⏭️ not exercised',
  untested: '🚫 NO TEST',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function describeTest(test: CoveringTest): string {
  const reason = test.reason ? ` — ${test.reason}` : '';
  const allowances = test.allowances.length ? ` (allowances: ${test.allowances.join(', ')})` : '';
  return `${test.outcome}: ${test.name}${reason}${allowances}`;
}

function matrixRow(row: CoverageRow): string {
  const tests = row.tests.length ? row.tests.map(describeTest).join('<br>') : '—';
  const name = row.kind === 'success' ? 'success' : row.name;
  return `| ${cell(row.feature)} | \`${row.key}\` | ${row.status} | ${cell(name)} | ${VERDICT_MARK[row.verdict]} | ${cell(tests)} |`;
}

export function renderCoverageMarkdown(coverage: Coverage): string {
  const { totals, tests } = coverage;
  const lines = [
    '# Coverage matrix',
    '',
    `Generated ${coverage.generatedAt}. Every endpoint × every documented path of the spec (success and each Errors-table row), with the tests that claim it (Allure \`story\` label) and their outcome on this target.`,
    '',
    `- Documented paths: **${totals.paths}** — passed ${totals.passed}, failed ${totals.failed}, not exercised on this target ${totals['not exercised']}, **without any test ${totals.untested}**.`,
    `- Tests in the run: ${tests.total} — passed ${tests.passed}, failed ${tests.failed}, broken ${tests.broken}, skipped ${tests.skipped}.`,
    '',
    '| Endpoint | Coverage key | Status | Code / name | Verdict | Tests (outcome — reason) |',
    '|---|---|---|---|---|---|',
    ...coverage.rows.map(matrixRow),
  ];

  const untested = coverage.rows.filter((r) => r.verdict === 'untested');
  if (untested.length) {
    lines.push('', '## Documented paths without any test (the gate fails)', '');
    lines.push(...untested.map((r) => `- \`${r.key}\` (${r.feature}, ${r.status} ${r.name})`));
  }

  const notExercised = coverage.rows.filter((r) => r.verdict === 'not exercised');
  lines.push('', '## Not exercised on this target (reported, not failed)', '');
  lines.push(
    ...(notExercised.length
      ? notExercised.map(
          (r) =>
            `- \`${r.key}\`: ${[...new Set(r.tests.map((t) => t.reason ?? 'skipped without a reason'))].join('; ')}`,
        )
      : ['- none: every documented path was exercised.']),
  );

  lines.push('', '## Lenient-profile allowances used (deviations tolerated, not verified)', '');
  lines.push(
    ...(coverage.allowances.length
      ? coverage.allowances.map((a) => `- \`${a.name}\`: ${a.tests.join('; ')}`)
      : ['- none.']),
  );

  if (coverage.unknownKeys.length) {
    lines.push('', '## Story labels naming no documented path (check for typos)', '');
    lines.push(...coverage.unknownKeys.map((u) => `- \`${u.key}\`: ${u.tests.join('; ')}`));
  }
  return `${lines.join('\n')}\n`;
}
