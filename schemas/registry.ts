/**
 * Every schema in schemas/, compiled once by one ajv instance (strict mode, ajv-formats, draft 2020-12),
 * `$ref`s resolved by `$id`. Validation runs under a profile: `strict` (what the spec says) or `lenient`
 * (also what real responses do, through named allowances; see allowances.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SchemaName } from '../lib/catalogue.ts';
import { ALLOWANCES } from './allowances.ts';

export { ALLOWANCES } from './allowances.ts';

export type Profile = 'strict' | 'lenient';

export interface SchemaViolation {
  /** JSON pointer in the data; for a missing or unexpected property, the pointer of that property. */
  pointer: string;
  /** The ajv keyword that failed (`required`, `type`, `enum`, `false schema`, `x-allowance`...). */
  keyword: string;
  /** The ajv keyword and the schema path it failed at, e.g. `required at #/required`. */
  rule: string;
  message: string;
  /** The offending value (undefined for a missing property). */
  value: unknown;
}

export interface ValidationOutcome {
  valid: boolean;
  violations: SchemaViolation[];
  /** Names of the lenient allowances a valid lenient validation needed (minimal set); empty under strict. */
  allowances: string[];
}

export const SCHEMA_BASE_URI = 'https://payments-conformance.dev/schemas/';
export const ALLOWANCE_KEYWORD = 'x-allowance';
export const UNKNOWN_SCHEMA_ERROR = 'unknown schema name';

const SCHEMA_DIR = dirname(fileURLToPath(import.meta.url));
const SCHEMA_FILE_SUFFIX = '.schema.json';
const VALUE_PREVIEW_LENGTH = 80;

/**
 * Which allowances the running validation may use. Set synchronously around each validate call (ajv
 * validation is synchronous), so the keyword can read it without threading state through ajv.
 */
interface AllowanceContext {
  profile: Profile;
  enabled: ReadonlySet<string> | 'all';
  used: Set<string>;
}
let context: AllowanceContext = { profile: 'strict', enabled: 'all', used: new Set() };

// ajv's code optimisation pass costs ~40% of compile time and buys little at this project's volumes.
const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, code: { optimize: false } });
addFormats(ajv);
ajv.addKeyword({
  keyword: ALLOWANCE_KEYWORD,
  schemaType: 'string',
  errors: false,
  validate: (name: string): boolean => {
    if (context.profile === 'strict') return false;
    if (context.enabled !== 'all' && !context.enabled.has(name)) return false;
    context.used.add(name);
    return true;
  },
  metaSchema: { type: 'string', enum: Object.keys(ALLOWANCES) },
});

function readSchemaDocuments(): Map<string, Record<string, unknown>> {
  const documents = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(SCHEMA_DIR).sort()) {
    if (!file.endsWith(SCHEMA_FILE_SUFFIX)) continue;
    const name = file.slice(0, -SCHEMA_FILE_SUFFIX.length);
    const document = JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')) as Record<string, unknown>;
    if (document.$id !== schemaId(name)) {
      throw new Error(`schemas/${file}: $id must be ${schemaId(name)}, found ${String(document.$id)}`);
    }
    documents.set(name, document);
  }
  return documents;
}

function schemaId(name: string): string {
  return `${SCHEMA_BASE_URI}${name}.json`;
}

const documents = readSchemaDocuments();
for (const document of documents.values()) ajv.addSchema(document);

/**
 * Compiled on first use and cached by ajv, so a process that validates two resources (the mock, one
 * spec file) does not pay for all of them; compileAll() compiles the rest (the self-tests call it).
 */
function validatorFor(name: SchemaName): ValidateFunction {
  if (!documents.has(name)) throw new Error(`${UNKNOWN_SCHEMA_ERROR}: ${name}`);
  const validator = ajv.getSchema(schemaId(name));
  if (!validator) throw new Error(`${UNKNOWN_SCHEMA_ERROR}: ${name}`);
  return validator;
}

/** Compiles every schema found (throws on the first that does not compile in strict mode); returns the milliseconds taken. */
export function compileAll(): number {
  const started = performance.now();
  for (const name of documents.keys()) validatorFor(name as SchemaName);
  return performance.now() - started;
}

/** Names of the schema files found in schemas/ (the self-tests compare it with SCHEMA_NAMES). */
export function loadedSchemaNames(): string[] {
  return [...documents.keys()];
}

export function schemaDocument(name: SchemaName): object {
  const document = documents.get(name);
  if (!document) throw new Error(`${UNKNOWN_SCHEMA_ERROR}: ${name}`);
  return document;
}

function run(
  validator: ValidateFunction,
  data: unknown,
  profile: Profile,
  enabled: AllowanceContext['enabled'],
): { valid: boolean; errors: ErrorObject[]; used: Set<string> } {
  const previous = context;
  context = { profile, enabled, used: new Set() };
  try {
    const valid = validator(data);
    return { valid, errors: validator.errors ?? [], used: context.used };
  } finally {
    context = previous;
  }
}

export function validate(name: SchemaName, data: unknown, profile: Profile = 'strict'): ValidationOutcome {
  const validator = validatorFor(name);
  const strict = run(validator, data, 'strict', 'all');
  if (strict.valid) return { valid: true, violations: [], allowances: [] };
  if (profile === 'strict') {
    return {
      valid: false,
      violations: withoutAllowanceBranches(strict.errors).map(toViolation),
      allowances: [],
    };
  }
  const lenient = run(validator, data, 'lenient', 'all');
  if (!lenient.valid) return { valid: false, violations: lenient.errors.map(toViolation), allowances: [] };
  return { valid: true, violations: [], allowances: minimalAllowances(validator, data, lenient.used) };
}

/**
 * ajv evaluates every anyOf branch under draft 2020-12 (it tracks evaluated properties), so the names
 * recorded by a lenient run are a superset of those needed. Drop each one whose absence still validates.
 */
function minimalAllowances(validator: ValidateFunction, data: unknown, recorded: Set<string>): string[] {
  const needed = new Set(recorded);
  for (const name of [...recorded].sort()) {
    needed.delete(name);
    if (!run(validator, data, 'lenient', needed).valid) needed.add(name);
  }
  return [...needed].sort();
}

/**
 * Under strict every allowance branch fails; its errors (and the owning anyOf's) only repeat that the
 * strict branch failed, whose own errors say why. An `x-allowance` outside an anyOf (a property that only
 * a lenient spelling has) stays: it is the violation itself.
 */
function withoutAllowanceBranches(errors: ErrorObject[]): ErrorObject[] {
  const branchPaths = errors
    .filter((e) => e.keyword === ALLOWANCE_KEYWORD)
    .map((e) => e.schemaPath.slice(0, -`/${ALLOWANCE_KEYWORD}`.length))
    .filter((path) => /\/anyOf\/\d+$/.test(path));
  const ownerPaths = new Set(branchPaths.map((path) => path.replace(/\/\d+$/, '')));
  return errors.filter(
    (e) =>
      !branchPaths.some((path) => e.schemaPath.startsWith(`${path}/`)) &&
      !(e.keyword === 'anyOf' && ownerPaths.has(e.schemaPath)) &&
      // an if/then failure is fully explained by the `then` errors reported beside it
      e.keyword !== 'if',
  );
}

function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The property an error is about, where the error sits on its parent object (ajv reports those at the parent). */
function propertyOf(e: ErrorObject): { name: string; kind: 'missing' | 'unexpected' | 'name' } | undefined {
  const params = e.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') return { name: params.missingProperty, kind: 'missing' };
  if (typeof params.additionalProperty === 'string')
    return { name: params.additionalProperty, kind: 'unexpected' };
  if (typeof params.unevaluatedProperty === 'string')
    return { name: params.unevaluatedProperty, kind: 'unexpected' };
  const name = e.propertyName ?? params.propertyName;
  if (typeof name === 'string') return { name, kind: 'name' };
  return undefined;
}

function toViolation(e: ErrorObject): SchemaViolation {
  const rule = `${e.keyword} at ${e.schemaPath}`;
  const property = propertyOf(e);
  if (property) {
    const pointer = `${e.instancePath}/${escapePointerToken(property.name)}`;
    if (property.kind === 'missing') {
      return { pointer, keyword: e.keyword, rule, message: 'required property is missing', value: undefined };
    }
    if (property.kind === 'unexpected') {
      const value = (e.data as Record<string, unknown>)[property.name];
      return { pointer, keyword: e.keyword, rule, message: 'property is not allowed here', value };
    }
    return {
      pointer,
      keyword: e.keyword,
      rule,
      message: `property name ${e.message ?? 'is invalid'}`,
      value: property.name,
    };
  }
  if (e.keyword === ALLOWANCE_KEYWORD) {
    const name = String(e.schema);
    const description = ALLOWANCES[name]?.description ?? '';
    const message = `accepted only by the lenient allowance '${name}' (${description})`;
    return { pointer: e.instancePath, keyword: e.keyword, rule, message, value: e.data };
  }
  return {
    pointer: e.instancePath,
    keyword: e.keyword,
    rule,
    message: e.message ?? e.keyword,
    value: e.data,
  };
}

function preview(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? `(${typeof value})`;
  return text.length > VALUE_PREVIEW_LENGTH ? `${text.slice(0, VALUE_PREVIEW_LENGTH - 1)}…` : text;
}

export function formatViolations(name: SchemaName, violations: SchemaViolation[]): string {
  const lines = violations.map(
    (v) =>
      `  ${v.pointer === '' ? '(root)' : v.pointer}: ${v.message}\n    rule: ${v.rule}\n    value: ${preview(v.value)}`,
  );
  return [`${violations.length} violation(s) of schema '${name}':`, ...lines].join('\n');
}
