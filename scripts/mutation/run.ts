/**
 * `npm run mutation`: proves the suite both ways against a fleet of mock variations (mock/fleet.ts, one
 * process, a port each; one Playwright run for all, each test registered once per variation whose scope
 * holds it: tests/support/per-target.ts), with the tests scripts/mutation/scopes.ts chooses for each:
 * - the faithful mock and every conformant variant (mock/variations/variants.ts) pass with zero failures
 *   (a failure is a false alarm), under `strict` or the profile the variant names, in each shape of
 *   target (./shapes.ts: every ability, a sandbox's, none);
 * - every mutant (mock/variations/mutants.ts) is killed: a test fails it with a deviation quoting a rule;
 *   a mutant that breaks a platform or HTTP fact runs under the profile it declares. Mutants meet the
 *   tests of their rule first, then the rest of their area, then the rest of the suite, each tier only
 *   for the mutants the tiers before it missed.
 * Generated cases come from a fixed seed (--seed to change it), so the verdict is the same every run.
 * Prints the tables, writes reports/mutation.json and reports/mutation.md, exits 1 unless everything
 * holds (2 on a usage error).
 *
 * Options: --only NAME[,NAME...] (mutants or variants), --seed N, --list.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATIVE_VARIABLES, runSeed } from '../../lib/generation.ts';
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
import { suiteInventory } from '../../cli/inventory.ts';
import { runSuite } from '../suite/run-suite.ts';
import { REDUCED_SHAPES, SAME_AS_FULL, SHAPE_OF, SHAPES, shapedName, type Shape } from './shapes.ts';
import {
  MUTANT_TIERS,
  mutantScope,
  shapeDependentScope,
  targetSelection,
  variantScope,
  wholeSuite,
  type TestScope,
} from './scopes.ts';
import {
  consoleTables,
  FAITHFUL_LABEL,
  summaryLine,
  writeReports,
  type MutationReport,
  type ShapeResult,
} from './report.ts';
import { killersOf, mutantVerdict, ownRuleFirst, variantVerdict } from './verdicts.ts';

const FAITHFUL: VariationChoice = { type: 'variant', name: '' };
const FAITHFUL_TARGET = 'faithful';
const FULL: Shape = 'full';
const RUN_TIMEOUT_MS = 15 * 60_000;
/** Generated cases are drawn from a fixed seed, so a mutant only generated cases catch is caught every time. */
const DEFAULT_SEED = 20261123;

const targetName = (choice: VariationChoice, shape: Shape = FULL) =>
  shapedName(choice.name === '' ? FAITHFUL_TARGET : `${choice.type}-${choice.name}`, shape);

/** A mutant that breaks a platform or HTTP fact declares the profile where such facts fail. */
function profileFor(mutant: Mutant): string {
  return mutant.killedUnder ?? 'strict';
}

/** A variant's profile: the one it declares (a reading the lenient profile allows), else strict. */
function variantProfile(variant: Variant): string {
  return variant.profile ?? 'strict';
}

interface Planned {
  choice: VariationChoice;
  shape: Shape;
  profile: string;
  scope: TestScope;
}

/** Every variation of the run in every shape it is met in, each a member of the fleet of its own. */
function fleetMembers(mutants: readonly Mutant[], variants: readonly Variant[]) {
  return [
    ...[FAITHFUL, ...variants].flatMap((choice) => SHAPES.map((shape) => ({ choice, shape }))),
    ...mutants.map((choice) => ({ choice, shape: FULL })),
  ];
}

function targetOf(fleet: MockFleet, members: ReturnType<typeof fleetMembers>, planned: Planned): NamedTarget {
  const index = members.findIndex(
    (m) =>
      m.shape === planned.shape &&
      m.choice.type === planned.choice.type &&
      m.choice.name === planned.choice.name,
  );
  const member = fleet.members[index]!;
  return {
    name: targetName(planned.choice, planned.shape),
    env: { ...member.env, ...SHAPE_OF[planned.shape].env, [VARIABLES.profile]: planned.profile },
    ...targetSelection(planned.scope),
  };
}

/**
 * The plan with its biggest scopes first: the targets share the run's workers, and their tests are
 * registered in this order, so the long whole-suite scopes start first and the short mutant scopes fill
 * in around them.
 */
function longestFirst(plan: readonly Planned[]): Planned[] {
  return [...plan].sort((a, b) => testCount(b) - testCount(a));
}

const testCount = (p: Planned) => p.scope.tests.length;

interface TargetOutcome {
  records: TestRecord[];
  setupFailure?: SetupFailure;
  /** What ran against it, over every round. */
  scope: string;
}

async function runAgainst(
  fleet: MockFleet,
  members: ReturnType<typeof fleetMembers>,
  plan: readonly Planned[],
  scratch: string,
  seed: number,
): Promise<Map<string, TargetOutcome>> {
  const targets = longestFirst(plan).map((p) => targetOf(fleet, members, p));
  const run = await runSuite({
    via: 'playwright',
    targets,
    reportsDir: scratch,
    timeoutMs: RUN_TIMEOUT_MS,
    env: { [GENERATIVE_VARIABLES.seed]: String(seed) },
  });
  if (run.timedOut)
    throw new Error(`the mutation run took longer than ${RUN_TIMEOUT_MS / 60_000} minutes and was stopped`);
  const outcomes = new Map<string, TargetOutcome>(
    plan.map((p) => [targetName(p.choice, p.shape), { records: [], scope: p.scope.label }]),
  );
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
    options: {
      only: { type: 'string' },
      seed: { type: 'string' },
      list: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.list) {
    for (const m of ALL_MUTANTS)
      console.log(`mutant   ${m.name.padEnd(56)} ${m.endpoint.padEnd(26)} ${m.breaks}`);
    for (const v of ALL_VARIANTS) console.log(`variant  ${v.name.padEnd(56)} ${v.description}`);
    return 0;
  }
  const { mutants, variants } = select(values.only);
  const seed =
    values.seed === undefined ? DEFAULT_SEED : runSeed({ [GENERATIVE_VARIABLES.seed]: values.seed });
  const started = Date.now();
  // Listing the tests (unless the suite is as last listed) and starting the fleet are independent child
  // processes: they start side by side.
  const members = fleetMembers(mutants, variants);
  const [listing, starting] = await Promise.allSettled([
    suiteInventory([], process.env),
    startMockFleet(members.map(({ choice, shape }) => ({ ...choice, control: SHAPE_OF[shape].control }))),
  ]);
  if (listing.status === 'rejected' && starting.status === 'fulfilled') await starting.value.stop();
  if (listing.status === 'rejected') throw listing.reason;
  if (starting.status === 'rejected') throw starting.reason;
  const listed = listing.value;
  const fleet = starting.value;
  const scratchRoot = await mkdtemp(path.join(tmpdir(), 'payments-mutation-')).catch(
    async (error: unknown) => {
      await fleet.stop();
      throw error;
    },
  );
  try {
    const passingIn = (shape: Shape, scopeOf: (choice: VariationChoice, whole: TestScope) => TestScope) => [
      { choice: FAITHFUL, shape, profile: 'strict', scope: scopeOf(FAITHFUL, wholeSuite(listed)) },
      ...variants.map((v) => ({
        choice: v,
        shape,
        profile: variantProfile(v),
        scope: scopeOf(v, variantScope(v, listed)),
      })),
    ];
    const fullShape: Planned[] = passingIn(FULL, (_, scope) => scope);
    // The reduced shapes once the full one has run: the tests that read the abilities there.
    const reducedShapes = (): Planned[] =>
      REDUCED_SHAPES.flatMap((shape) =>
        passingIn(shape, (choice, scope) =>
          shapeDependentScope(scope, outcomes.get(targetName(choice))?.records ?? [], listed),
        ),
      ).filter((p) => p.scope.tests.length > 0);
    console.log(
      `The suite against the faithful mock and ${variants.length} conformant variants, each in ${SHAPES.length} shapes (${SHAPES.join(', ')}), and ${mutants.length} mutants by tiers (seed ${seed})…`,
    );
    const outcomes = new Map<string, TargetOutcome>();
    const ran = new Map<string, Set<string>>(mutants.map((m) => [m.name, new Set<string>()]));
    let survivors: Mutant[] = [...mutants];
    for (const [round, tier] of MUTANT_TIERS.entries()) {
      const planned = survivors
        .map((m) => ({
          choice: m,
          shape: FULL,
          profile: profileFor(m),
          scope: mutantScope(m, tier, listed, ran.get(m.name)!),
        }))
        .filter((p) => p.scope.tests.length > 0);
      if (round > 0 && planned.length > 0)
        console.log(`${planned.length} mutant(s) not killed yet; ${tier} against them…`);
      const passing = round === 0 ? fullShape : round === 1 ? reducedShapes() : [];
      if (round === 1 && passing.length > 0)
        console.log(
          `${REDUCED_SHAPES.join(' and ')} shapes: the tests that read the target's abilities in the full shape…`,
        );
      const plan = [...passing, ...planned];
      if (plan.length === 0) {
        if (round === 0) continue;
        break;
      }
      const roundStarted = Date.now();
      const found = await runAgainst(fleet, members, plan, path.join(scratchRoot, `round-${round}`), seed);
      const tests = plan.reduce((n, p) => n + testCount(p), 0);
      const seconds = Math.round((Date.now() - roundStarted) / 1000);
      console.log(`  ${plan.length} target(s), ${tests} test(s): ${seconds} s`);
      for (const [name, outcome] of found) {
        const before = outcomes.get(name);
        outcomes.set(
          name,
          before
            ? { ...outcome, records: [...before.records, ...outcome.records], scope: outcome.scope }
            : outcome,
        );
      }
      for (const p of planned) for (const t of p.scope.tests) ran.get(p.choice.name)!.add(t.key);
      survivors = survivors.filter((m) => {
        const outcome = outcomes.get(targetName(m));
        return !outcome || mutantVerdict(outcome.records, outcome.setupFailure) !== 'KILLED';
      });
      if (survivors.length === 0 && round > 0) break;
    }
    const outcomeOf = (name: string) => outcomes.get(name) ?? { records: [], scope: 'nothing to run' };
    const resultOf = (outcome: TargetOutcome): ShapeResult => ({
      scope: outcome.scope,
      verdict: variantVerdict(outcome.records, outcome.setupFailure),
      passed: outcome.records.filter((r) => r.status === 'passed').length,
      skipped: outcome.records.filter((r) => r.status === 'skipped').length,
      failed: outcome.records
        .filter((r) => r.status === 'failed')
        .map((r) => ({ test: r.key, message: r.failures[0]?.message.split('\n')[0] ?? '' })),
    });
    const shapesOf = (choice: VariationChoice): Record<Shape, ShapeResult> => {
      const full = resultOf(outcomeOf(targetName(choice)));
      const reduced = (shape: Shape): ShapeResult => {
        const outcome = outcomes.get(targetName(choice, shape));
        // None of its tests read the abilities in the full shape: they run there as they would here.
        return outcome ? resultOf(outcome) : { ...full, scope: SAME_AS_FULL, passed: 0, skipped: 0 };
      };
      return { full, sandbox: reduced('sandbox'), none: reduced('none') };
    };
    const report: MutationReport = {
      date: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
      variants: [
        {
          name: FAITHFUL_LABEL,
          description: 'the reference mock',
          reads: '',
          profile: 'strict',
          shapes: shapesOf(FAITHFUL),
        },
        ...variants.map((v) => ({
          name: v.name,
          description: v.description,
          reads: v.reads,
          profile: variantProfile(v),
          shapes: shapesOf(v),
        })),
      ],
      mutants: mutants.map((m) => {
        const outcome = outcomeOf(targetName(m));
        return {
          name: m.name,
          endpoint: m.endpoint,
          kind: m.kind,
          breaks: m.breaks,
          profile: profileFor(m),
          scope: outcome.scope,
          verdict: mutantVerdict(outcome.records, outcome.setupFailure),
          killedBy: ownRuleFirst(killersOf(outcome.records, outcome.setupFailure), m.breaks),
          ...(outcome.setupFailure && !outcome.setupFailure.failure
            ? { brokenRun: outcome.setupFailure.message }
            : {}),
        };
      }),
      ok: false,
    };
    report.ok =
      report.variants.every((v) => SHAPES.every((shape) => v.shapes[shape].verdict === 'PASSED')) &&
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
