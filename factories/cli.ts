/**
 * `npm run factory -- <kind> [flags]`: prints generated request bodies, one JSON document per line,
 * and nothing else on stdout. Line i uses seed + i, so the same flags print the same lines.
 * Usage errors print one line on stderr and exit with code 2.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { dropOutputOnceReaderLeaves } from '../lib/closed-output.ts';
import { INDUSTRIES } from '../lib/catalogue.ts';
import {
  INVALID_PREFERENCE_VARIANTS,
  INVALID_TOKEN_REQUEST_VARIANTS,
  invalidPreference,
  invalidTokenRequest,
} from './invalid.ts';
import { buildPreference, DEFAULT_SEED, type PreferenceRequest } from './preference.ts';
import type { Overrides } from './merge.ts';
import { buildTokenRequest, GRANT_TYPES, type TokenRequest } from './token-request.ts';

export const KINDS = ['preference', 'token-request', 'invalid'] as const;
export type Kind = (typeof KINDS)[number];

export const EXIT_USAGE = 2;

export const CLI_ERRORS = {
  noKind: `a kind is required: ${KINDS.join(', ')}`,
  unknownKind: (kind: string) => `unknown kind '${kind}'; expected one of: ${KINDS.join(', ')}`,
  extraArgument: (argument: string) => `unexpected argument '${argument}'`,
  missingIndustry: `preference needs --industry, one of: ${INDUSTRIES.join(', ')}`,
  unknownIndustry: (industry: string) =>
    `unknown industry '${industry}'; expected one of: ${INDUSTRIES.join(', ')}`,
  missingGrantType: `token-request needs --grant-type, one of: ${GRANT_TYPES.join(', ')}`,
  unknownGrantType: (grantType: string) =>
    `unknown grant type '${grantType}'; expected one of: ${GRANT_TYPES.join(', ')}`,
  missingVariant: 'invalid needs --variant NAME (see --help for the names)',
  unknownVariant: (name: string) => `unknown variant '${name}' (see --help for the names)`,
  flagNotForKind: (flag: string, kind: Kind) => `--${flag} does not apply to kind '${kind}'`,
  badCount: (value: string) => `--count must be a positive integer, got '${value}'`,
  badSeed: (value: string) => `--seed must be an integer, got '${value}'`,
  badReferenceDate: (value: string) => `--reference-date must be an ISO 8601 date, got '${value}'`,
  badOverrides: (reason: string) => `--overrides must be a JSON object: ${reason}`,
} as const;

const VARIANT_NAMES = [...INVALID_PREFERENCE_VARIANTS, ...INVALID_TOKEN_REQUEST_VARIANTS].map((v) => v.name);

export const HELP = `Usage: npm run factory -- <kind> [flags]

Prints generated request bodies, one JSON document per line. Line i uses seed + i.

Kinds and their flags:
  preference     --industry NAME [--overrides JSON] [--reference-date ISO]
                 NAME: ${INDUSTRIES.join(', ')}
  token-request  --grant-type NAME [--overrides JSON]
                 NAME: ${GRANT_TYPES.join(', ')}
  invalid        --variant NAME   (a valid document broken by one named rule)

Common flags:
  --count N      documents to print (default 1)
  --seed N       seed of the first document (default ${DEFAULT_SEED})
  --help         this text

Variants:
  ${VARIANT_NAMES.join('\n  ')}
`;

const OPTIONS = {
  industry: { type: 'string' },
  'grant-type': { type: 'string' },
  variant: { type: 'string' },
  count: { type: 'string' },
  seed: { type: 'string' },
  overrides: { type: 'string' },
  'reference-date': { type: 'string' },
  help: { type: 'boolean' },
} as const;

type Flag = keyof typeof OPTIONS;

const FLAGS_OF_KIND: Record<Kind, readonly Flag[]> = {
  preference: ['industry', 'overrides', 'reference-date'],
  'token-request': ['grant-type', 'overrides'],
  invalid: ['variant'],
};
const COMMON_FLAGS: readonly Flag[] = ['count', 'seed', 'help'];

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

class UsageError extends Error {}

function usageError(message: string): never {
  throw new UsageError(message);
}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

function integer(value: string | undefined, fallback: number, error: (v: string) => string): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) usageError(error(value));
  return Number(value);
}

function overridesFrom(value: string | undefined): object | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    usageError(CLI_ERRORS.badOverrides((error as Error).message));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    usageError(CLI_ERRORS.badOverrides('not an object'));
  }
  return parsed;
}

function referenceDateFrom(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const epochMs = Date.parse(value);
  if (Number.isNaN(epochMs)) usageError(CLI_ERRORS.badReferenceDate(value));
  return epochMs;
}

/** One document builder per kind, from validated flags; the seed varies per line. */
function builderFor(kind: Kind, flags: Partial<Record<Flag, string | boolean>>): (seed: number) => unknown {
  const text = (flag: Flag) => flags[flag] as string | undefined;
  switch (kind) {
    case 'preference': {
      const industry = text('industry') ?? usageError(CLI_ERRORS.missingIndustry);
      if (!isOneOf(INDUSTRIES, industry)) usageError(CLI_ERRORS.unknownIndustry(industry));
      const overrides = overridesFrom(text('overrides')) as Overrides<PreferenceRequest> | undefined;
      const referenceDate = referenceDateFrom(text('reference-date'));
      return (seed) => buildPreference(industry, { seed, overrides, referenceDate });
    }
    case 'token-request': {
      const grantType = text('grant-type') ?? usageError(CLI_ERRORS.missingGrantType);
      if (!isOneOf(GRANT_TYPES, grantType)) usageError(CLI_ERRORS.unknownGrantType(grantType));
      const overrides = overridesFrom(text('overrides')) as Overrides<TokenRequest> | undefined;
      return (seed) => buildTokenRequest(grantType, { seed, overrides });
    }
    case 'invalid': {
      const name = text('variant') ?? usageError(CLI_ERRORS.missingVariant);
      const preferenceVariant = INVALID_PREFERENCE_VARIANTS.find((v) => v.name === name);
      if (preferenceVariant) return (seed) => invalidPreference(preferenceVariant, { seed });
      const tokenVariant = INVALID_TOKEN_REQUEST_VARIANTS.find((v) => v.name === name);
      if (tokenVariant) return (seed) => invalidTokenRequest(tokenVariant, { seed });
      return usageError(CLI_ERRORS.unknownVariant(name));
    }
  }
}

function generate(args: readonly string[]): string {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the unknown flag or the missing value; its hints span lines, the error is one line.
    return usageError((error as Error).message.replace(/\s*\n\s*/g, ' '));
  }
  const { values, positionals } = parsed;
  if (values.help) return HELP;
  const [kind, ...extra] = positionals;
  if (kind === undefined) usageError(CLI_ERRORS.noKind);
  if (!isOneOf(KINDS, kind)) usageError(CLI_ERRORS.unknownKind(kind));
  if (extra[0] !== undefined) usageError(CLI_ERRORS.extraArgument(extra[0]));
  for (const flag of Object.keys(values) as Flag[]) {
    if (!FLAGS_OF_KIND[kind].includes(flag) && !COMMON_FLAGS.includes(flag)) {
      usageError(CLI_ERRORS.flagNotForKind(flag, kind));
    }
  }
  const count = integer(values.count, 1, CLI_ERRORS.badCount);
  if (count < 1) usageError(CLI_ERRORS.badCount(String(values.count)));
  const seed = integer(values.seed, DEFAULT_SEED, CLI_ERRORS.badSeed);
  const build = builderFor(kind, values);
  return Array.from({ length: count }, (_, index) => `${JSON.stringify(build(seed + index))}\n`).join('');
}

/** The whole CLI as a function of its arguments, so tests need no child process for most cases. */
export function runCli(args: readonly string[]): CliResult {
  try {
    return { exitCode: 0, stdout: generate(args), stderr: '' };
  } catch (error) {
    if (error instanceof UsageError) {
      return { exitCode: EXIT_USAGE, stdout: '', stderr: `factory: ${error.message}\n` };
    }
    throw error;
  }
}

/** Runs the CLI on the console; answers the exit code. */
export function runFactoryCli(args: readonly string[]): number {
  const result = runCli(args);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  dropOutputOnceReaderLeaves();
  process.exitCode = runFactoryCli(process.argv.slice(2));
}
