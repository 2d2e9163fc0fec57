/**
 * JUnit XML from the run's typed results, for pipelines: one testsuite per area, a deviation as a
 * <failure> whose message quotes the broken rule, a test the target could not run as an <error>, a known
 * deviation of the baseline as <skipped> saying so (never a pass).
 */
import { FAILURE_KINDS } from '../lib/failures.ts';
import type { TestRecord } from '../lib/results.ts';
import type { BaselineOutcome } from './baseline.ts';

function escape(text: string): string {
  return (
    text
      .replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
      )
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

export function renderJunit(records: readonly TestRecord[], baseline: BaselineOutcome): string {
  const known = new Map(baseline.known.map((k) => [k.record.key, k.entry]));
  const byArea = new Map<string, TestRecord[]>();
  for (const record of records) {
    const area = record.area ?? record.project;
    byArea.set(area, [...(byArea.get(area) ?? []), record]);
  }
  const suites = [...byArea].map(([area, tests]) => {
    const failures = tests.filter(
      (t) =>
        t.status === 'failed' &&
        !known.has(t.key) &&
        t.failures.some((f) => FAILURE_KINDS[f.kind].verdict === 'deviation'),
    ).length;
    const errors = tests.filter(
      (t) =>
        t.status === 'failed' &&
        !known.has(t.key) &&
        !t.failures.some((f) => FAILURE_KINDS[f.kind].verdict === 'deviation'),
    ).length;
    const skipped = tests.filter((t) => t.status === 'skipped' || known.has(t.key)).length;
    const time = tests.reduce((sum, t) => sum + t.durationMs, 0) / 1000;
    const cases = tests.map((t) => {
      const name = escape(t.title);
      const classname = escape(t.key.slice(0, t.key.length - t.title.length - 3));
      const open = `    <testcase name="${name}" classname="${classname}" time="${(t.durationMs / 1000).toFixed(3)}">`;
      const entry = known.get(t.key);
      if (entry)
        return `${open}\n      <skipped message="${escape(`known deviation until ${entry.until}: ${entry.reason}`)}"/>\n    </testcase>`;
      if (t.status === 'skipped')
        return `${open}\n      <skipped message="${escape(t.skipReason ?? 'skipped')}"/>\n    </testcase>`;
      if (t.status === 'passed') return `${open}</testcase>`;
      const first = t.failures[0]!;
      const element = FAILURE_KINDS[first.kind].verdict === 'deviation' ? 'failure' : 'error';
      const message = first.message.split('\n')[0] ?? '';
      const body = [...t.failures.map((f) => f.message), ...(t.reproduce ? ['', t.reproduce] : [])].join(
        '\n\n',
      );
      return `${open}\n      <${element} message="${escape(message)}" type="${escape(first.kind)}"><![CDATA[${body.replace(/]]>/g, ']]&gt;')}]]></${element}>\n    </testcase>`;
    });
    return `  <testsuite name="${escape(area)}" tests="${tests.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time.toFixed(3)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="Payments Platform API conformance" tests="${records.length}">\n${suites.join('\n')}\n</testsuites>\n`;
}
