/**
 * `npm run mutation`: proves the suite both ways, in one Playwright run against a fleet of mock variations
 * (mock/fleet.ts, one process, a port each; one pair of Playwright projects each):
 * - the faithful mock and every conformant variant (mock/variations/variants.ts) pass the whole suite
 *   under `strict` with zero failures (a failure is a false alarm);
 * - every mutant (mock/variations/mutants.ts) is killed: a test of its area fails it with a deviation
 *   quoting a rule; a mutant that breaks a platform or HTTP fact runs under the `platform` profile.
 * A mutant its area's tests miss meets the whole suite in a second run. Prints the tables, writes
 * reports/mutation.json and reports/mutation.md, exits 1 unless everything holds (2 on a usage error).
 *
 * Options: --only NAME[,NAME...] (mutants or variants), --list.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { endpointById } from '../../lib/catalogue.ts';
import { reportPaths } from '../../lib/report-paths.ts';
import type { SetupFailure, TestRecord } from '../../lib/results.ts';
import { VARIABLES } from '../../lib/target.ts';
import type { NamedTarget } from '../../lib/targets-file.ts';
import { startMockFleet, type MockFleet } from '../../mock/process.ts';
import {
  ALL_MUTANTS,
  ALL_VARIANTS,
  type Mutant,
  type Variant,
  type VariationChoice,
} from '../../mock/variations/catalogue.ts';
import { runSuite } from '../suite/run-suite.ts';
import { consoleTables, summaryLine, writeReports, type MutationReport } from './report.ts';
import { killersOf, mutantVerdict, variantVerdict } from './verdicts.ts';

const FAITHFUL: VariationChoice = { type: 'variant', name: '' };
const FAITHFUL_TARGET = 'faithful';
const RUN_TIMEOUT_MS = 15 * 60_000;

const targetName = (choice: VariationChoice) =>
  choice.name === '' ? FAITHFUL_TARGET : `${choice.type}-${choice.name}`;

/** A mutant that breaks a platform or HTTP fact declares the profile where such facts fail. */
function profileFor(mutant: Mutant): string {
  return mutant.killedUnder ?? 'strict';
}

function targetsFor(
  fleet: MockFleet,
  mutants: readonly Mutant[],
  variants: readonly Variant[],
  wholeSuite: boolean,
): NamedTarget[] {
  const envOf = (choice: VariationChoice) =>
    fleet.members.find((m) => m.type === choice.type && m.name === choice.name)!.env;
  // A second run (the whole suite against mutants its area missed) needs no faithful target again.
  const passing = wholeSuite ? variants : [FAITHFUL, ...variants];
  return [
    ...passing.map((v) => ({
      name: targetName(v),
      env: { ...envOf(v), [VARIABLES.profile]: 'strict' },
      teardown: true,
    })),
    ...mutants.map((m) => {
      const area = endpointById(m.endpoint).area;
      return {
        name: targetName(m),
        env: { ...envOf(m), [VARIABLES.profile]: profileFor(m) },
        ...(wholeSuite ? {} : { testMatch: [`${area}/**/*.spec.ts`] }),
        // The token-expiry test is the token endpoint's (it runs in the teardown project).
        teardown: wholeSuite || m.endpoint === 'token',
      };
    }),
  ];
}

interface TargetOutcome {
  records: TestRecord[];
  setupFailure?: SetupFailure;
}

async function runAgainst(targets: NamedTarget[], scratch: string): Promise<Map<string, TargetOutcome>> {
  const run = await runSuite({ via: 'playwright', targets, reportsDir: scratch, timeoutMs: RUN_TIMEOUT_MS });
  if (run.timedOut)
    throw new Error(`the mutation run took longer than ${RUN_TIMEOUT_MS / 60_000} minutes and was stopped`);
  const outcomes = new Map<string, TargetOutcome>(targets.map((t) => [t.name, { records: [] }]));
  for (const record of run.records) outcomes.get(record.target)?.records.push(record);
  for (const failure of run.setupFailures) {
    const outcome = outcomes.get(failure.target);
    if (outcome) outcome.setupFailure = failure;
  }
  return outcomes;
}

function select(only: string | undefined): { mutants: Mutant[]; variants: Variant[] } {
  if (!only) return { mutants: [...ALL_MUTANTS], variants: [...ALL_VARIANTS] };
  const names = only.split(',').map((n) => n.trim());
  const unknown = names.filter(
    (n) => !ALL_MUTANTS.some((m) => m.name === n) && !ALL_VARIANTS.some((v) => v.name === n),
  );
  if (unknown.length > 0)
    throw new Error(`--only names no mutant or variant: ${unknown.join(', ')} (npm run mutation -- --list)`);
  return {
    mutants: ALL_MUTANTS.filter((m) => names.includes(m.name)),
    variants: ALL_VARIANTS.filter((v) => names.includes(v.name)),
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, list: { type: 'boolean', default: false } },
    strict: true,
  });
  if (values.list) {
    for (const m of ALL_MUTANTS)
      console.log(`mutant   ${m.name.padEnd(56)} ${m.endpoint.padEnd(26)} ${m.breaks}`);
    for (const v of ALL_VARIANTS) console.log(`variant  ${v.name.padEnd(56)} ${v.description}`);
    return 0;
  }
  const { mutants, variants } = select(values.only);
  const started = Date.now();
  const scratchRoot = await mkdtemp(path.join(tmpdir(), 'payments-mutation-'));
  const fleet = await startMockFleet([FAITHFUL, ...mutants, ...variants]);
  try {
    console.log(
      `The suite against the faithful mock, ${variants.length} conformant variants and ${mutants.length} mutants (their areas)…`,
    );
    const first = await runAgainst(
      targetsFor(fleet, mutants, variants, false),
      path.join(scratchRoot, 'first'),
    );
    const survivors = mutants.filter((m) => {
      const outcome = first.get(targetName(m))!;
      return mutantVerdict(outcome.records, outcome.setupFailure) !== 'KILLED';
    });
    let second = new Map<string, TargetOutcome>();
    if (survivors.length > 0) {
      console.log(`${survivors.length} mutant(s) not killed by their area; the whole suite against them…`);
      second = await runAgainst(targetsFor(fleet, survivors, [], true), path.join(scratchRoot, 'second'));
    }
    const outcomeOf = (name: string) => second.get(name) ?? first.get(name)!;
    const faithful = first.get(FAITHFUL_TARGET)!;
    const report: MutationReport = {
      date: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
      faithful: {
        verdict: variantVerdict(faithful.records, faithful.setupFailure),
        passed: faithful.records.filter((r) => r.status === 'passed').length,
        failed: faithful.records
          .filter((r) => r.status === 'failed')
          .map((r) => ({ test: r.key, message: r.failures[0]?.message.split('\n')[0] ?? '' })),
      },
      variants: variants.map((v) => {
        const outcome = outcomeOf(targetName(v));
        return {
          name: v.name,
          description: v.description,
          reads: v.reads,
          verdict: variantVerdict(outcome.records, outcome.setupFailure),
          passed: outcome.records.filter((r) => r.status === 'passed').length,
          failed: outcome.records
            .filter((r) => r.status === 'failed')
            .map((r) => ({ test: r.key, message: r.failures[0]?.message.split('\n')[0] ?? '' })),
        };
      }),
      mutants: mutants.map((m) => {
        const outcome = outcomeOf(targetName(m));
        return {
          name: m.name,
          endpoint: m.endpoint,
          kind: m.kind,
          breaks: m.breaks,
          profile: profileFor(m),
          scope: second.has(targetName(m)) ? 'whole suite' : 'its area',
          verdict: mutantVerdict(outcome.records, outcome.setupFailure),
          killedBy: killersOf(outcome.records, outcome.setupFailure),
          ...(outcome.setupFailure && !outcome.setupFailure.failure
            ? { brokenRun: outcome.setupFailure.message }
            : {}),
        };
      }),
      ok: false,
    };
    report.ok =
      report.faithful.verdict === 'PASSED' &&
      report.variants.every((v) => v.verdict === 'PASSED') &&
      report.mutants.every((m) => m.verdict === 'KILLED' && m.killedBy.every((k) => k.quotes));
    console.log(`\n${consoleTables(report)}\n`);
    const written = await writeReports(report, reportPaths().root);
    console.log(`${report.ok ? 'PASS' : 'FAIL'}: ${summaryLine(report)}`);
    console.log(`Written: ${written.map((f) => path.relative(process.cwd(), f)).join(', ')}`);
    return report.ok ? 0 : 1;
  } finally {
    await fleet.stop();
    await rm(scratchRoot, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
