/**
 * The coverage report as one compact HTML page, attached to the Allure report: verdict first, failed and
 * advice rows highlighted, long cells wrapped to the frame. Self-contained: it loads nothing.
 */
import { escapeHtml as escape } from '../lib/html.ts';
import { VERDICTS, type Coverage, type CoverageRow } from './coverage.ts';

const STYLE = `
body { font: 13px/1.4 system-ui, sans-serif; margin: 8px; color: #1d1d1f; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { border: 1px solid #d0d4d9; padding: 3px 6px; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eef1f4; text-align: left; }
col.verdict { width: 9em; } col.id { width: 28%; } col.tests { width: 30%; }
tr.failed td { background: #fde8e8; } tr.advice td { background: #fff6dc; }
tr.known-deviation td { background: #e8eefc; } tr.no-test td { background: #fde8e8; font-weight: 600; }
td.verdict { font-weight: 600; white-space: nowrap; } code { font-size: 12px; }
p.totals { margin: 4px 0 8px; }`;

/** The tests that decided a row's verdict first: a failed row names its failing test, not an unselected one. */
const TEST_ORDER = ['failed', 'passed', 'skipped', 'not run', 'not selected'];

function row(r: CoverageRow): string {
  const tests = [...r.tests]
    .sort((a, b) => TEST_ORDER.indexOf(a.status) - TEST_ORDER.indexOf(b.status))
    .slice(0, 3)
    .map((t) => `${escape(t.status)}: ${escape(t.title)}${t.reason ? ` — ${escape(t.reason)}` : ''}`)
    .join('<br>');
  const more = r.tests.length > 3 ? `<br>+${r.tests.length - 3} more` : '';
  const reason = r.reason ? escape(r.reason) : tests + more;
  return `<tr class="${r.verdict.replace(' ', '-')}"><td class="verdict">${escape(r.verdict)}</td><td><code>${escape(r.id)}</code></td><td>${escape(r.quote)}</td><td>${reason || '—'}</td></tr>`;
}

export function renderCoverageHtml(coverage: Coverage): string {
  const order = (r: CoverageRow) => VERDICTS.indexOf(r.verdict);
  const rows = [...coverage.rows].sort((a, b) => order(a) - order(b));
  const { totals } = coverage;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Coverage by requirement</title><style>${STYLE}</style></head>
<body>
<p class="totals"><strong>${escape(coverage.target)}</strong> · profile ${escape(coverage.profile)} · ${escape(coverage.selection)}<br>
failed ${totals.failed} · known deviations ${totals['known deviation']} · advice ${totals.advice} · passed ${totals.passed} · not exercised ${totals['not exercised']} · ${totals['not run'] ? `not run ${totals['not run']} · ` : ''}not selected ${totals['not selected']} · without a test ${totals['no test']} · untestable ${totals.untestable}</p>
<table id="coverage">
<colgroup><col class="verdict"><col class="id"><col><col class="tests"></colgroup>
<thead><tr><th>Verdict</th><th>Requirement</th><th>Statement</th><th>Tests</th></tr></thead>
<tbody>
${rows.map(row).join('\n')}
</tbody></table>
</body></html>
`;
}
