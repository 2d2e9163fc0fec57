/**
 * Runs generated (property-based) and model-based checks with fast-check, and reports a falsified one.
 *
 * A property explores with a client that records nothing (dozens of requests would bury the report);
 * when fast-check falsifies it, the shrunk counterexample is sent once more through the test's own client,
 * so the report's requests, curl commands and reproduce.sh are the counterexample's. The failure is
 * typed: it quotes the requirement the target broke and gives the counterexample, the seed and the exact
 * replay command (seed and budget: lib/generation.ts).
 */
import type { TestInfo } from '@playwright/test';
import { test } from '@playwright/test';
import fc from 'fast-check';
import type { AdviceId } from '../../lib/advice.ts';
import { citation, type Basis } from '../../lib/basis.ts';
import { adviceFails } from '../../lib/profiles.ts';
import type { TargetConfig } from '../../lib/target.ts';
import { ApiClient } from './api-client.ts';
import { attachTo, CONTENT_TYPES } from './attachments.ts';
import { adviseThat } from './checks.ts';
import { diverge, Divergence, type CaseContext } from './expectations.ts';
import { GenerativeConfigError, replayCommand, runSeed, runsFor, testSeed } from '../../lib/generation.ts';
import { fail, cite, recordAllowance } from './outcome.ts';
import { failure } from '../../run/typed-failure.ts';
import { redact } from '../../run/redact.ts';
import { Reproduction } from './reproduce.ts';
import { heldAccessTokens } from '../../run/state.ts';
import { targetOfTest } from '../../run/targets.ts';
import { titleWithoutTarget } from '../../lib/targets-file.ts';
import { currentTarget } from './current-target.ts';
import { casesInFlight } from '../../lib/concurrency.ts';
import { addRoundTrips } from './request-costs.ts';
import type { ProjectTarget } from '../../run/target.ts';

const COUNTEREXAMPLE_PREVIEW = 600;
/** fast-check appends the sequence's replay path as a comment; the seed replays it already. */
const REPLAY_PATH_COMMENT = /\s*\/\*replayPath=.*\*\/\s*$/;
/**
 * Shrinking judges at most this many candidates, then keeps the smallest counterexample found: a budget
 * counted in candidates, not seconds, so a replay with the same seed ends on the same counterexample
 * however busy the machine is.
 */
const SHRINKING_CANDIDATES = 200;
/** A guard against a target that answers very slowly; a budget of candidates ends shrinking long before. */
const SHRINKING_TIME_LIMIT_MS = 60_000;

/** A client that sends like the test's `api` but attaches nothing, for the cases before a counterexample. */
export function quietClient(testInfo: TestInfo, config: TargetConfig, target: ProjectTarget): ApiClient {
  const tokens = () => heldAccessTokens(target.name);
  return new ApiClient(testInfo, config, tokens, new Reproduction(config.baseUrl, config.proxy), false);
}

export interface GenerativeRun<T> {
  testInfo: TestInfo;
  /** The test's own client: the counterexample is replayed through it. */
  api: ApiClient;
  /** A quietClient for exploring. */
  quiet: ApiClient;
  recordParameters: (values: Record<string, string | number>) => void;
  /** What the property says, for the report's step (e.g. "every preference valid for Retail is accepted"). */
  property: string;
  /** The requirement the property as a whole rests on (the step's citation). */
  basis: Basis;
  arbitrary: fc.Arbitrary<T>;
  defaultRuns: number;
  /** At most this many cases whatever PAYMENTS_GENERATIVE_RUNS says (a case that uses up a configured resource). */
  maxRuns?: number;
  /**
   * false: a falsified case is reported as it ran, neither shrunk nor replayed, for cases that use up a
   * resource the run cannot renew (then pass the test's `api` as `quiet`, so the report shows its requests).
   */
  shrinks?: boolean;
  /** Checks one case; throws a Divergence where the target deviates. */
  judge: (input: T, context: CaseContext) => Promise<void>;
  /** The case as JSON for the report (defaults to the case itself). */
  describe?: (input: T) => unknown;
}

/** A thrown value as an Error (a skip, a typed failure and a plain error already are one). */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

function toJson(value: unknown): string {
  return redact(JSON.stringify(value, null, 2) ?? 'undefined');
}

function preview(value: unknown): string {
  const text = redact(JSON.stringify(value) ?? 'undefined');
  return text.length > COUNTEREXAMPLE_PREVIEW
    ? `${text.slice(0, COUNTEREXAMPLE_PREVIEW)}… (whole: attachment counterexample.json)`
    : text;
}

/**
 * Runs a property: the cases fast-check draws from the run's seed, each judged against the target; on
 * a divergence, fast-check shrinks it to the smallest case it finds, which is replayed through the test's
 * client and reported as a typed failure.
 */
export async function checkGenerated<T>(run: GenerativeRun<T>): Promise<void> {
  let seed: number;
  let runs: number;
  try {
    seed = runSeed();
    // In a run against several targets a target may name its own budget (the mutation gate's shapes).
    runs = Math.min(
      runsFor(run.defaultRuns, { ...process.env, ...targetOfTest(run.testInfo).env }),
      run.maxRuns ?? Infinity,
    );
  } catch (error) {
    if (!(error instanceof GenerativeConfigError)) throw error;
    fail(failure({ kind: 'suite-error', seen: error.message }));
  }
  // The test's own title, not the copy's of a run against several targets: one seed draws the same
  // cases for a test whichever target it runs against.
  const title = titleWithoutTarget(run.testInfo.title, targetOfTest(run.testInfo).name);
  const describeCase = run.describe ?? ((input: T) => input);
  run.recordParameters({ seed, runs });
  const profile = currentTarget().profile;

  const cases: unknown[] = [];
  const advice = new Map<AdviceId, string>();
  const allowances = new Set<string>();
  let aborted: unknown;
  let lastDivergence: Divergence | undefined;
  let shrinking = false;
  /** Shrinking stops when a candidate cannot be judged (no answer, a resource used up): the smallest so far stands. */
  let shrinkingStopped = false;
  let candidatesJudged = 0;
  const context = (client: ApiClient): CaseContext => ({
    client,
    advise: (id, seen) => {
      if (adviceFails(profile)) diverge({ kind: 'platform-fact', basis: id, seen });
      if (!advice.has(id)) advice.set(id, seen);
    },
    allow: (name) => void allowances.add(name),
  });

  /** The most requests one case sent: the longest chain of requests that wait on each other. */
  let longestCase = 0;
  /** Judges one case with a client of its own, counting its requests. */
  const judgeCase = async (input: T) => {
    const client = run.quiet.quietSibling();
    try {
      await run.judge(input, context(client));
    } finally {
      longestCase = Math.max(longestCase, client.sent);
    }
  };

  /**
   * The cases judged side by side, `inFlight` at a time (a target far away, lib/concurrency.ts): they are
   * independent of each other, and the same cases fc.check draws from the same seed. Answers whether every
   * case held; on a divergence the caller runs them again one by one, so that fast-check finds the first
   * that diverges and shrinks it as in any run.
   */
  const sideBySide = async (drawn: number, inFlight: number): Promise<boolean> => {
    const inputs = fc.sample(run.arbitrary, { seed: drawn, numRuns: runs });
    const described: unknown[] = [];
    let diverged = false;
    let next = 0;
    const lane = async () => {
      while (next < inputs.length && !diverged && aborted === undefined) {
        const index = next++;
        const input = inputs[index]!;
        try {
          await judgeCase(input);
        } catch (error) {
          if (error instanceof Divergence) diverged = true;
          else aborted ??= error;
        } finally {
          described[index] = describeCase(input);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, inputs.length) }, lane));
    if (!diverged) cases.push(...described.filter((d) => d !== undefined));
    return !diverged;
  };

  const explore = async () => {
    const drawn = testSeed(seed, title);
    const inFlight = casesInFlight();
    if (inFlight > 1 && runs > 1 && run.shrinks !== false && (await sideBySide(drawn, inFlight)))
      return undefined;
    if (aborted !== undefined) return undefined;
    const property = fc.asyncProperty(run.arbitrary, async (input) => {
      if (aborted !== undefined || shrinkingStopped) return true;
      if (shrinking && ++candidatesJudged > SHRINKING_CANDIDATES) {
        shrinkingStopped = true;
        return true;
      }
      try {
        await judgeCase(input);
        return true;
      } catch (error) {
        if (error instanceof Divergence) {
          lastDivergence = error;
          throw error;
        }
        // Not a verdict on the target (no answer, a skip, an error of the suite): stop drawing, report it
        // as it is; while shrinking, keep the divergence already found.
        if (shrinking) shrinkingStopped = true;
        else aborted = error;
        return true;
      } finally {
        // After the case: a command sequence names the commands that ran only once it has run.
        if (cases.length < runs && !shrinking) cases.push(describeCase(input));
      }
    });
    // First the cases, stopping at the first divergence; then, from that case (its replay path), the
    // shrinking, which sends one request per candidate and so gets a time budget of its own.
    const found = await fc.check(property, { seed: drawn, numRuns: runs, endOnFailure: true });
    if (!found.failed || aborted !== undefined || run.shrinks === false) return { found, shrunk: found };
    shrinking = true;
    const shrunk = await fc.check(property, {
      seed: drawn,
      numRuns: runs,
      path: found.counterexamplePath ?? undefined,
      interruptAfterTimeLimit: SHRINKING_TIME_LIMIT_MS,
    });
    return { found, shrunk: shrunk.failed ? shrunk : found };
  };

  cite(run.basis);

  const outcome = await test.step(redact(`property: ${run.property} · ${citation(run.basis)}`), explore);

  addRoundTrips(run.testInfo, longestCase);
  attachTo(run.testInfo, 'generated cases.json', toJson(cases), CONTENT_TYPES.json);
  if (aborted !== undefined) throw asError(aborted);
  for (const [id, seen] of advice) await adviseThat(false, id, seen);
  for (const name of allowances) await recordAllowance(name);
  if (!outcome?.shrunk.failed) return;
  const details = outcome.shrunk;

  const counterexample = details.counterexample?.[0] as T;
  let replayed: Divergence | undefined;
  let replayNote = '';
  if (run.shrinks === false) replayNote = '; reported as it ran (its resource is used up)';
  else {
    try {
      await run.judge(counterexample, context(run.api));
      replayNote = '; the replay held this time (the target changed state since)';
    } catch (error) {
      if (error instanceof Divergence) replayed = error;
      else
        replayNote = `; the replay could not run: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`;
    }
  }
  attachTo(run.testInfo, 'counterexample.json', toJson(describeCase(counterexample)), CONTENT_TYPES.json);
  const facts = (replayed ?? lastDivergence)?.facts;
  if (!facts) throw asError(details.errorInstance ?? 'fast-check failed without a divergence');
  cite(facts.basis);
  fail(
    failure({
      ...facts,
      detail: [
        ...(facts.detail ?? []),
        `counterexample: ${preview(describeCase(counterexample))}`,
        `seed: ${seed}`,
        `replay: ${replayCommand(seed, title)}`,
        `found after ${outcome.found.numRuns} case(s), shrunk ${details.numShrinks} time(s)${replayNote}`,
      ],
    }),
  );
}

/**
 * A command of a model, made afresh for every sequence that draws it: a command keeps what it ran (for its
 * name in the report), and sequences may run side by side.
 */
export function command<C>(make: () => C): fc.Arbitrary<C> {
  return fc.constant(null).map(make);
}

/** A model-based check: sequences of commands, each run against the target and the model of the spec's rules. */
export interface ModelRun<Model extends object, Real extends { context: CaseContext }> extends Omit<
  GenerativeRun<Iterable<fc.AsyncCommand<Model, Real>>>,
  'arbitrary' | 'judge' | 'describe'
> {
  commands: fc.Arbitrary<fc.AsyncCommand<Model, Real>>[];
  /** Commands per sequence, at most. */
  maxCommands: number;
  /** A fresh model and the real side of one sequence. */
  setup: (context: CaseContext) => Promise<{ model: Model; real: Real }>;
}

/** Runs sequences of commands; a divergence fails with the shortest sequence fast-check finds. */
export function checkModel<Model extends object, Real extends { context: CaseContext }>(
  run: ModelRun<Model, Real>,
): Promise<void> {
  const { commands, maxCommands, setup, ...rest } = run;
  return checkGenerated({
    ...rest,
    // Sequences as long as `maxCommands` allows, not fast-check's small default: rules that break only
    // after several calls need several calls.
    arbitrary: fc.commands(commands, { maxCommands, size: 'max' }),
    judge: async (sequence, context) => {
      const initial = await setup(context);
      await fc.asyncModelRun(() => Promise.resolve(initial), sequence);
    },
    // fast-check names the commands of a sequence that ran.
    describe: (sequence) =>
      // fast-check's sequences name the commands that ran in their toString.
      (sequence as { toString(): string })
        .toString()
        .replace(REPLAY_PATH_COMMENT, '')
        .split(',')
        .filter((c) => c !== ''),
  });
}
