/** The mutation run's verdict as console tables, reports/mutation.json and reports/mutation.md. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SAME_AS_FULL, SHAPES, type Shape } from './shapes.ts';
import { killedOnItsRule, type Killer, type MutantVerdict, type VariantVerdict } from './verdicts.ts';

/** How the faithful mock is named among the variants it is proved with. */
export const FAITHFUL_LABEL = '(faithful mock)';

export interface FailedTest {
  test: string;
  message: string;
}

/** A conformant variant (or the faithful mock) in one shape of target. */
export interface ShapeResult {
  /** What ran against it: the whole suite, or the tests of the endpoints its effects touch. */
  scope: string;
  verdict: VariantVerdict;
  passed: number;
  skipped: number;
  failed: FailedTest[];
}

export interface MutationReport {
  date: string;
  seconds: number;
  /** The faithful mock first, then every conformant variant, each in every shape (./shapes.ts). */
  variants: {
    name: string;
    description: string;
    reads: string;
    /** The profile it must pass: strict, unless it reads a point the way only lenient allows. */
    profile: string;
    shapes: Record<Shape, ShapeResult>;
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

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function killerCell(m: MutationReport['mutants'][number]): string {
  if (m.verdict !== 'KILLED') return `${m.verdict}${m.brokenRun ? `: ${m.brokenRun}` : ''}`;
  const unquoted = m.killedBy.filter((k) => !k.quotes).length;
  const first = m.killedBy[0]!;
  return `${first.test.split(' › ').at(-1)}${m.killedBy.length > 1 ? ` (+${m.killedBy.length - 1})` : ''}${unquoted ? ` — ${unquoted} failure(s) quote no rule` : ''}`;
}

const shapeCell = (result: ShapeResult) =>
  result.scope === SAME_AS_FULL
    ? `${result.verdict} as full`
    : `${result.verdict}, ${result.passed} passed${result.skipped ? `, ${result.skipped} skipped` : ''}`;

/** The first failure of every variant in every shape that did not pass. */
function falseAlarms(report: MutationReport): string[] {
  return report.variants.flatMap((v) =>
    SHAPES.flatMap((shape) => {
      const first = v.shapes[shape].failed[0];
      return v.shapes[shape].verdict === 'PASSED'
        ? []
        : [`${v.name} (${shape}): ${first ? `${first.test}: ${first.message}` : v.shapes[shape].verdict}`];
    }),
  );
}

export function consoleTables(report: MutationReport): string {
  const variants = table(
    ['conformant variant', 'profile', ...SHAPES],
    report.variants.map((v) => [v.name, v.profile, ...SHAPES.map((shape) => shapeCell(v.shapes[shape]))]),
  );
  const alarms = falseAlarms(report);
  const mutants = table(
    ['mutant', 'killed by'],
    report.mutants.map((m) => [m.name, killerCell(m)]),
  );
  return [
    variants,
    ...(alarms.length ? [`False alarms:\n${alarms.map((a) => `  ${a}`).join('\n')}`] : []),
    mutants,
  ].join('\n\n');
}

export function summaryLine(report: MutationReport): string {
  const killed = report.mutants.filter((m) => m.verdict === 'KILLED').length;
  const onTheirRule = report.mutants.filter((m) => killedOnItsRule(m.killedBy, m.breaks)).length;
  const cells = report.variants.flatMap((v) => SHAPES.map((shape) => v.shapes[shape]));
  const passed = cells.filter((c) => c.verdict === 'PASSED').length;
  return `faithful mock and variants ${passed}/${cells.length} passed (${report.variants.length} x ${SHAPES.join(', ')}); mutants ${killed}/${report.mutants.length} killed, ${onTheirRule} quoting the rule they break (${report.seconds} s)`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdown(report: MutationReport): string {
  return [
    '# Mutation testing of the conformance suite',
    '',
    `${report.ok ? 'PASS' : 'FAIL'} — ${summaryLine(report)}. Generated ${report.date} by \`npm run mutation\`; catalogue: mock/variations/.`,
    '',
    '## Conformant variants (must pass, in every shape)',
    '',
    `| variant | profile | ${SHAPES.join(' | ')} | first failure | reads |`,
    `|---|---|${SHAPES.map(() => '---|').join('')}---|---|`,
    ...report.variants.map(
      (v) =>
        `| ${v.name} | ${v.profile} | ${SHAPES.map((shape) => cell(`${shapeCell(v.shapes[shape])} (${v.shapes[shape].scope})`)).join(' | ')} | ${cell(SHAPES.map((shape) => v.shapes[shape].failed[0]?.message).find(Boolean) ?? '')} | ${cell(v.reads)} |`,
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
