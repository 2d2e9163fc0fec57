/**
 * The coverage matrix: every endpoint × every documented path (its success and each Errors-table row
 * from lib/catalogue.ts), with the tests whose Allure `story` label claims that path and their outcome.
 * A path no test claims is `untested` and fails the gate; a path whose tests were all skipped (the
 * target lacks an ability) is `not exercised` and is reported, not failed.
 */
import { DOCUMENTED_ERRORS, ENDPOINTS, type EndpointId } from '../../lib/catalogue.ts';
import { labelValues, type ExecutedTest, type Outcome } from './executed-tests.ts';

export const STORY_LABEL = 'story';
export const BEHAVIOUR_STORY_PREFIX = 'behaviour:';

export type PathVerdict = 'passed' | 'failed' | 'not exercised' | 'untested';

export interface DocumentedPath {
  /** The coverage key: `<endpointId>.success` or a DocumentedError key. */
  key: string;
  endpoint: EndpointId;
  feature: string;
  kind: 'success' | 'error';
  /** Expected status(es), e.g. `200` or `200/204`. */
  status: string;
  /** The spec's "Code / name" for an error row; `success` for a success path. */
  name: string;
  /** What a test needs from the target to provoke the path, if anything. */
  needs?: string;
}

export interface CoveringTest {
  name: string;
  fullName: string;
  outcome: Outcome;
  /** Skip reason or failure message (first line). */
  reason?: string;
  allowances: string[];
}

export interface CoverageRow extends DocumentedPath {
  verdict: PathVerdict;
  tests: CoveringTest[];
}

export interface Coverage {
  generatedAt: string;
  totals: Record<PathVerdict, number> & { paths: number };
  tests: Record<Outcome, number> & { total: number };
  rows: CoverageRow[];
  /** Story labels that look like coverage keys but name no documented path (typos, stale keys). */
  unknownKeys: { key: string; tests: string[] }[];
  allowances: { name: string; tests: string[] }[];
}

export const SUCCESS_KEY_SUFFIX = '.success';

export function documentedPaths(): DocumentedPath[] {
  return ENDPOINTS.flatMap((endpoint) => [
    {
      key: `${endpoint.id}${SUCCESS_KEY_SUFFIX}`,
      endpoint: endpoint.id,
      feature: endpoint.feature,
      kind: 'success' as const,
      status: endpoint.successStatuses.join('/'),
      name: 'success',
    },
    ...DOCUMENTED_ERRORS.filter((row) => row.endpoint === endpoint.id).map((row) => ({
      key: row.key,
      endpoint: row.endpoint,
      feature: endpoint.feature,
      kind: 'error' as const,
      status: String(row.status),
      name: row.name,
      needs: row.trigger.kind === 'ability' ? `ability '${row.trigger.ability}'` : undefined,
    })),
  ]);
}

/** Coverage keys a test claims: its story labels that are not behaviour names. */
export function coverageKeysOf(test: ExecutedTest): string[] {
  return labelValues(test, STORY_LABEL).filter((story) => !story.startsWith(BEHAVIOUR_STORY_PREFIX));
}

function firstLine(text: string | undefined): string | undefined {
  const line = text
    ?.split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return line === undefined ? undefined : line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

function verdictOf(tests: readonly CoveringTest[]): PathVerdict {
  if (tests.length === 0) return 'untested';
  if (tests.some((t) => t.outcome === 'failed' || t.outcome === 'broken' || t.outcome === 'unknown')) {
    return 'failed';
  }
  return tests.some((t) => t.outcome === 'passed') ? 'passed' : 'not exercised';
}

export function untestedKeys(tests: readonly ExecutedTest[]): string[] {
  const claimed = new Set(tests.flatMap(coverageKeysOf));
  return documentedPaths()
    .map((p) => p.key)
    .filter((key) => !claimed.has(key));
}

export function buildCoverage(tests: readonly ExecutedTest[], generatedAt = new Date()): Coverage {
  const paths = documentedPaths();
  const known = new Set(paths.map((p) => p.key));
  const rows = paths.map((path): CoverageRow => {
    const covering = tests
      .filter((t) => coverageKeysOf(t).includes(path.key))
      .map((t) => ({
        name: t.name,
        fullName: t.fullName,
        outcome: t.outcome,
        reason: t.outcome === 'passed' ? undefined : firstLine(t.message),
        allowances: t.allowances,
      }));
    return { ...path, verdict: verdictOf(covering), tests: covering };
  });

  const unknown = new Map<string, string[]>();
  for (const test of tests) {
    for (const key of coverageKeysOf(test).filter((k) => !known.has(k))) {
      unknown.set(key, [...(unknown.get(key) ?? []), test.fullName]);
    }
  }
  const allowances = new Map<string, string[]>();
  for (const test of tests) {
    for (const name of test.allowances)
      allowances.set(name, [...(allowances.get(name) ?? []), test.fullName]);
  }

  const count = <T extends string>(values: readonly T[], of: T) => values.filter((v) => v === of).length;
  const verdicts = rows.map((r) => r.verdict);
  const outcomes = tests.map((t) => t.outcome);
  return {
    generatedAt: generatedAt.toISOString(),
    totals: {
      paths: rows.length,
      passed: count(verdicts, 'passed'),
      failed: count(verdicts, 'failed'),
      'not exercised': count(verdicts, 'not exercised'),
      untested: count(verdicts, 'untested'),
    },
    tests: {
      total: tests.length,
      passed: count(outcomes, 'passed'),
      failed: count(outcomes, 'failed'),
      broken: count(outcomes, 'broken'),
      skipped: count(outcomes, 'skipped'),
      unknown: count(outcomes, 'unknown'),
    },
    rows,
    unknownKeys: [...unknown].map(([key, names]) => ({ key, tests: names })),
    allowances: [...allowances]
      .map(([name, names]) => ({ name, tests: names }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
