/** The mutation run's verdict as console tables, reports/mutation.json and reports/mutation.md. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Killer, MutantVerdict, VariantVerdict } from './verdicts.ts';

export interface FailedTest {
  test: string;
  message: string;
}

export interface MutationReport {
  date: string;
  seconds: number;
  faithful: { verdict: VariantVerdict; passed: number; failed: FailedTest[] };
  variants: {
    name: string;
    description: string;
    reads: string;
    /** What ran against it: the whole suite, or the tests of the endpoints its effects touch. */
    scope: string;
    verdict: VariantVerdict;
    passed: number;
    failed: FailedTest[];
  }[];
  mutants: {
    name: string;
    endpoint: string;
    kind: string;
    breaks: string;
    profile: string;
    /** The tier that killed it (or the last it met): the tests of its rule, its area, the whole suite. */
    scope: string;
    verdict: MutantVerdict;
    killedBy: Killer[];
    brokenRun?: string;
  }[];
  ok: boolean;
}

function table(header: [string, string], rows: [string, string][]): string {
  const width = Math.max(header[0].length, ...rows.map((r) => r[0].length));
  return [
    `${header[0].padEnd(width)}  ${header[1]}`,
    `${'-'.repeat(width)}  ${'-'.repeat(header[1].length)}`,
    ...rows.map(([a, b]) => `${a.padEnd(width)}  ${b}`),
  ].join('\n');
}

function killerCell(m: MutationReport['mutants'][number]): string {
  if (m.verdict !== 'KILLED') return `${m.verdict}${m.brokenRun ? `: ${m.brokenRun}` : ''}`;
  const unquoted = m.killedBy.filter((k) => !k.quotes).length;
  const first = m.killedBy[0]!;
  return `${first.test.split(' › ').at(-1)}${m.killedBy.length > 1 ? ` (+${m.killedBy.length - 1})` : ''}${unquoted ? ` — ${unquoted} failure(s) quote no rule` : ''}`;
}

export function consoleTables(report: MutationReport): string {
  const variants = table(
    ['conformant variant', 'verdict'],
    [
      [
        '(faithful mock)',
        `${report.faithful.verdict}, ${report.faithful.passed} passed${report.faithful.failed.length ? `; ${report.faithful.failed[0]!.test}: ${report.faithful.failed[0]!.message}` : ''}`,
      ],
      ...report.variants.map((v): [string, string] => [
        v.name,
        `${v.verdict}, ${v.passed} passed (${v.scope})${v.failed.length ? `; ${v.failed[0]!.test}: ${v.failed[0]!.message}` : ''}`,
      ]),
    ],
  );
  const mutants = table(
    ['mutant', 'killed by'],
    report.mutants.map((m): [string, string] => [m.name, killerCell(m)]),
  );
  return `${variants}\n\n${mutants}`;
}

export function summaryLine(report: MutationReport): string {
  const killed = report.mutants.filter((m) => m.verdict === 'KILLED').length;
  const passed = report.variants.filter((v) => v.verdict === 'PASSED').length;
  return `faithful mock ${report.faithful.verdict}; variants ${passed}/${report.variants.length} passed; mutants ${killed}/${report.mutants.length} killed (${report.seconds} s)`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdown(report: MutationReport): string {
  return [
    '# Mutation testing of the conformance suite',
    '',
    `${report.ok ? 'PASS' : 'FAIL'} — ${summaryLine(report)}. Generated ${report.date} by \`npm run mutation\`; catalogue: mock/variations/.`,
    '',
    '## Conformant variants (must pass)',
    '',
    '| variant | scope | verdict | passed | first failure | reads |',
    '|---|---|---|---|---|---|',
    `| (faithful mock) | whole suite | ${report.faithful.verdict} | ${report.faithful.passed} | ${cell(report.faithful.failed[0]?.message ?? '')} | |`,
    ...report.variants.map(
      (v) =>
        `| ${v.name} | ${cell(v.scope)} | ${v.verdict} | ${v.passed} | ${cell(v.failed[0]?.message ?? '')} | ${cell(v.reads)} |`,
    ),
    '',
    '## Mutants (must be killed)',
    '',
    '| mutant | breaks | profile | scope | verdict | first failure |',
    '|---|---|---|---|---|---|',
    ...report.mutants.map(
      (m) =>
        `| ${m.name} | ${m.breaks} | ${m.profile} | ${m.scope} | ${m.verdict} | ${cell(m.killedBy[0]?.message ?? m.brokenRun ?? '')} |`,
    ),
    '',
  ].join('\n');
}

export async function writeReports(report: MutationReport, root: string): Promise<string[]> {
  await mkdir(root, { recursive: true });
  const json = path.join(root, 'mutation.json');
  const md = path.join(root, 'mutation.md');
  await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(md, markdown(report));
  return [json, md];
}
