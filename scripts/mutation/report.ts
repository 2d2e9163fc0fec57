/** The mutation run's verdict as a console table, reports/mutation.json and reports/mutation.md. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mutant } from '../../mock/mutants/catalogue.ts';
import type { FailedTest, SuiteOutcome } from './processes.ts';

export interface MutantResult {
  mutant: Mutant;
  /** The projects of the run that killed it (or of the last run, when it survived). */
  projects: readonly string[];
  killedBy: FailedTest[];
  /** Why the verdict is not trustworthy (the mock did not start, the run broke); counts as not killed. */
  brokenRun?: string;
  seconds: number;
}

export interface MutationReport {
  date: string;
  seconds: number;
  clean: SuiteOutcome;
  mutants: MutantResult[];
  killed: number;
  survived: string[];
  broken: string[];
  ok: boolean;
}

export function verdict(result: MutantResult): 'KILLED' | 'SURVIVED' | 'BROKEN RUN' {
  if (result.killedBy.length > 0) return 'KILLED';
  return result.brokenRun ? 'BROKEN RUN' : 'SURVIVED';
}

export function buildReport(clean: SuiteOutcome, mutants: MutantResult[], seconds: number): MutationReport {
  const survived = mutants.filter((m) => verdict(m) === 'SURVIVED').map((m) => m.mutant.name);
  const broken = mutants.filter((m) => verdict(m) === 'BROKEN RUN').map((m) => m.mutant.name);
  const cleanPasses = clean.failed.length === 0 && clean.flaky === 0 && !clean.brokenRun && clean.passed > 0;
  return {
    date: new Date().toISOString(),
    seconds,
    clean,
    mutants,
    killed: mutants.length - survived.length - broken.length,
    survived,
    broken,
    ok: cleanPasses && survived.length === 0 && broken.length === 0,
  };
}

/** `project › file:line › describe › title` -> `project › title`, short enough for a table cell. */
function shortTest(test: string): string {
  const parts = test.split(' › ');
  return parts.length > 2 ? `${parts[0]} › ${parts.at(-1)}` : test;
}

function killerCell(result: MutantResult): string {
  const v = verdict(result);
  if (v !== 'KILLED') return v;
  const [first, ...rest] = result.killedBy;
  return `${shortTest(first!.test)}${rest.length > 0 ? ` (+${rest.length})` : ''}`;
}

export function consoleTable(report: MutationReport): string {
  const rows = report.mutants.map((m) => [m.mutant.name, killerCell(m)]);
  const width = Math.max(...rows.map((r) => r[0]!.length), 'mutant'.length);
  return [
    `${'mutant'.padEnd(width)}  killed by`,
    `${'-'.repeat(width)}  ---------`,
    ...rows.map(([name, cell]) => `${name!.padEnd(width)}  ${cell}`),
  ].join('\n');
}

export function summaryLine(report: MutationReport): string {
  const { clean } = report;
  const cleanText = clean.brokenRun
    ? `clean mock: run broke (${clean.brokenRun})`
    : `clean mock: ${clean.passed} passed, ${clean.failed.length} failed, ${clean.flaky} flaky, ${clean.skipped} skipped`;
  return `${cleanText}; mutants: ${report.killed}/${report.mutants.length} killed, ${report.survived.length} survived, ${report.broken.length} broken runs (${report.seconds} s)`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdown(report: MutationReport): string {
  const lines = [
    '# Mutation testing of the conformance suite',
    '',
    `${report.ok ? 'PASS' : 'FAIL'} — ${summaryLine(report)}. Generated ${report.date} by \`npm run mutation\`; catalogue: mock/mutants/catalogue.ts.`,
    '',
  ];
  if (report.clean.failed.length > 0) {
    lines.push(
      '## Clean mock failures',
      '',
      ...report.clean.failed.map((f) => `- ${cell(f.test)}: ${cell(f.error)}`),
      '',
    );
  }
  lines.push(
    '## Mutants',
    '',
    '| mutant | endpoint | kind | verdict | killed by | first failure |',
    '|---|---|---|---|---|---|',
    ...report.mutants.map((m) => {
      const first = m.killedBy[0];
      return `| ${m.mutant.name} | ${m.mutant.endpoint} | ${m.mutant.kind} | ${verdict(m)} | ${cell(first ? first.test : (m.brokenRun ?? ''))} | ${cell(first?.error ?? '')} |`;
    }),
    '',
  );
  return lines.join('\n');
}

export async function writeReports(report: MutationReport, root: string): Promise<string[]> {
  await mkdir(root, { recursive: true });
  const json = path.join(root, 'mutation.json');
  const md = path.join(root, 'mutation.md');
  await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(md, markdown(report));
  return [json, md];
}
