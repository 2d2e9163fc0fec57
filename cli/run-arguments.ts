/**
 * The options of `payments-conformance run` (npm run conformance): the run's own, and the Playwright
 * options it passes on. Anything else is refused with one line before anything runs.
 */
import { AREAS, type Area } from '../lib/catalogue.ts';

export const MIN_EXERCISED_OPTION = '--min-exercised';

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Selection {
  areas: Area[];
  grep?: string;
  grepInvert?: string;
  shard?: { index: number; total: number };
  lastFailed: boolean;
  /** Spec files or `file:line` locations. */
  files: string[];
}

export interface RunArguments {
  help: boolean;
  plan: boolean;
  /** Whether to build Allure's HTML report (--no-html: not). */
  html: boolean;
  reportsDir?: string;
  baselineFile?: string;
  /** The least share of the testable requirements a conformant run must exercise, in percent. */
  minExercised?: number;
  selection: Selection;
  /** Options handed to Playwright as given (after validation). */
  playwright: string[];
}

/** Playwright options the run passes on, with the kind of value each takes. */
const PASSED_ON: Record<string, 'number' | 'flag'> = {
  '--workers': 'number',
  '-j': 'number',
  '--repeat-each': 'number',
  '--max-failures': 'number',
  '-x': 'flag',
  '--timeout': 'number',
  '--quiet': 'flag',
  '--list': 'flag',
  '--forbid-only': 'flag',
  '--pass-with-no-tests': 'flag',
  '--fail-on-flaky-tests': 'flag',
};

/** Playwright options a conformance run cannot honour, with why. */
const REFUSED: Record<string, string> = {
  '--reporter': 'the run writes its own reports (see --reports)',
  '--trace': 'traces would record secrets; the report has every request and a curl for each',
  '--ui': 'the run has no UI; open the report instead',
  '--debug': 'no browser is involved',
  '--headed': 'no browser is involved',
  '--config': 'the run uses its own configuration',
  '-c': 'the run uses its own configuration',
  '--update-snapshots': 'the run has no snapshots',
};

const OWN_WITH_VALUE = [
  '--project',
  '--grep',
  '-g',
  '--grep-invert',
  '--shard',
  '--reports',
  '--baseline',
  MIN_EXERCISED_OPTION,
];

function splitEquals(arg: string): [string, string | undefined] {
  const at = arg.indexOf('=');
  return arg.startsWith('--') && at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, undefined];
}

function positiveInteger(option: string, value: string): void {
  if (!/^[1-9]\d*$/.test(value))
    throw new UsageError(`${option} takes a positive whole number, got ${JSON.stringify(value)}`);
}

function regex(option: string, value: string): string {
  try {
    new RegExp(value);
  } catch {
    throw new UsageError(`${option} takes a regular expression, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * A share of the testable requirements, in percent (above 0, at most 100): a run that exercised less is not fully
 * tested, however well the rest passed. Judged on a whole suite (a run, or its merged shards).
 */
export function parseMinExercised(value: string): number {
  const share = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || share <= 0 || share > 100)
    throw new UsageError(
      `${MIN_EXERCISED_OPTION} takes a share of the testable requirements in percent, above 0 and at most 100, got ${JSON.stringify(value)}`,
    );
  return share;
}

export function parseShard(value: string): { index: number; total: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || index < 1 || total < 1 || index > total) {
    throw new UsageError(`--shard takes i/n with 1 <= i <= n, got ${JSON.stringify(value)}`);
  }
  return { index, total };
}

export function parseRunArguments(argv: readonly string[]): RunArguments {
  const result: RunArguments = {
    help: false,
    plan: false,
    html: true,
    selection: { areas: [], lastFailed: false, files: [] },
    playwright: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const [option, inline] = splitEquals(argv[i]!);
    const takeValue = (): string => {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('-'))) {
        throw new UsageError(`${option} needs a value`);
      }
      return value;
    };
    if (option === '--help' || option === '-h') result.help = true;
    else if (option === '--plan') result.plan = true;
    else if (option === '--no-html') {
      if (inline !== undefined) throw new UsageError(`${option} takes no value`);
      result.html = false;
    } else if (option === '--last-failed') result.selection.lastFailed = true;
    else if (OWN_WITH_VALUE.includes(option)) {
      const value = takeValue();
      if (option === '--project') {
        if (!(AREAS as readonly string[]).includes(value)) {
          throw new UsageError(
            `--project takes an area: one of ${AREAS.join(', ')}; got ${JSON.stringify(value)}`,
          );
        }
        result.selection.areas.push(value as Area);
      } else if (option === '--grep' || option === '-g') result.selection.grep = regex(option, value);
      else if (option === '--grep-invert') result.selection.grepInvert = regex(option, value);
      else if (option === '--shard') result.selection.shard = parseShard(value);
      else if (option === '--reports') result.reportsDir = value;
      else if (option === MIN_EXERCISED_OPTION) result.minExercised = parseMinExercised(value);
      else result.baselineFile = value;
    } else if (option in REFUSED) {
      throw new UsageError(`${option} is not an option of the conformance run: ${REFUSED[option]}`);
    } else if (option in PASSED_ON) {
      if (PASSED_ON[option] === 'number') {
        const value = takeValue();
        positiveInteger(option, value);
        result.playwright.push(option, value);
      } else {
        if (inline !== undefined) throw new UsageError(`${option} takes no value`);
        result.playwright.push(option);
      }
    } else if (option.startsWith('-')) {
      throw new UsageError(`unknown option ${option} (npm run conformance -- --help lists the options)`);
    } else {
      result.selection.files.push(option);
    }
  }
  if (result.minExercised !== undefined && isPartial(result.selection))
    throw new UsageError(
      `${MIN_EXERCISED_OPTION} judges the whole suite: a selection or a shard leaves the rest not selected (give it to report merge for shards)`,
    );
  return result;
}

/** Whether the run selects part of the suite (a subset's verdict covers only what it selected). */
function isSubset(selection: Selection): boolean {
  return (
    selection.areas.length > 0 ||
    selection.grep !== undefined ||
    selection.grepInvert !== undefined ||
    selection.lastFailed ||
    selection.files.length > 0
  );
}

/** Whether the run covers part of the suite: a selection, or one shard of it (its coverage and verdict are partial). */
export function isPartial(selection: Selection): boolean {
  return isSubset(selection) || selection.shard !== undefined;
}

/** The selection as Playwright arguments: areas are folders of the conformance project. */
export function selectionArguments(selection: Selection): string[] {
  return [
    ...selection.areas.map((area) => `tests/conformance/${area}/`),
    ...selection.files,
    ...(selection.grep !== undefined ? ['--grep', selection.grep] : []),
    ...(selection.grepInvert !== undefined ? ['--grep-invert', selection.grepInvert] : []),
    ...(selection.shard ? ['--shard', `${selection.shard.index}/${selection.shard.total}`] : []),
    ...(selection.lastFailed ? ['--last-failed'] : []),
  ];
}
