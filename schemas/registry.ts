/**
 * Every schema in schemas/, in two layers (./layers.ts): what the spec states, and that plus what the
 * platform's answers show. Each layer of each schema is validation code generated ahead of time from the
 * schema files (./compile.ts: ajv in strict mode, ajv-formats, draft 2020-12). Validation runs under a
 * profile (lib/profiles.ts):
 * - every violation of the spec layer fails, named by the requirement it breaks (lib/requirements);
 * - a violation only the full layer finds is advice, named by its platform fact; it fails under `platform`;
 * - under `lenient`, an `x-allowance` branch lets a known real-world departure pass, recorded by name.
 */
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { AdviceId } from '../lib/advice.ts';
import { ALLOWANCES, isAllowanceName, type AllowanceName } from '../lib/allowances.ts';
import type { Basis } from '../lib/basis.ts';
import type { SchemaName } from '../lib/catalogue.ts';
import { adviceFails, allowancesApply, type Profile } from '../lib/profiles.ts';
import { REQUIREMENTS, type Requirement, type RequirementId } from '../lib/requirements/index.ts';
import { requireFromProject } from '../lib/runtime.ts';
import { GENERATED_VALIDATORS_FILE, readSchemaDocuments, SCHEMA_DIR } from './documents.ts';
import {
  adviceLocations,
  ALLOWANCE_KEYWORD,
  layerDocument,
  matchesPattern,
  pointerSegments,
  schemaId,
  type AdviceLocation,
  type AllowanceGate,
  type Layer,
  type SchemaDocument,
} from './layers.ts';

export { SCHEMA_BASE_URI } from './layers.ts';
export { ALLOWANCE_KEYWORD };

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
  /** The requirement (spec layer) or platform fact (full layer only) the violation breaks. */
  basis: Basis;
}

export interface ValidationOutcome {
  /** No violation that fails under the profile. */
  valid: boolean;
  /** Violations that fail under the profile. */
  violations: SchemaViolation[];
  /** Violations of platform facts that are only advice under the profile. */
  advice: SchemaViolation[];
  /** Names of the lenient allowances a valid lenient validation needed (minimal set); empty otherwise. */
  allowances: AllowanceName[];
}

export const UNKNOWN_SCHEMA_ERROR = 'unknown schema name';

const VALUE_PREVIEW_LENGTH = 80;

/** Which allowances a validation may use: all, none, or those named. */
type EnabledAllowances = ReadonlySet<string> | 'all' | 'none';

const documents = readSchemaDocuments();

/** The generated validators by the $id of the layer each validates. */
let generated: Record<string, ValidateFunction | undefined> | undefined;

function generatedValidators(): Record<string, ValidateFunction | undefined> {
  generated ??= requireFromProject(join(SCHEMA_DIR, GENERATED_VALIDATORS_FILE)) as Record<
    string,
    ValidateFunction | undefined
  >;
  return generated;
}

function validatorFor(name: SchemaName, layer: Layer): ValidateFunction {
  if (!documents.has(name)) throw new Error(`${UNKNOWN_SCHEMA_ERROR}: ${name}`);
  const validator = generatedValidators()[schemaId(name, layer)];
  if (!validator) {
    throw new Error(
      `schemas/${GENERATED_VALIDATORS_FILE} has no validator for ${name} (${layer} layer): run npm run schemas:validators`,
    );
  }
  return validator;
}

/**
 * Loads both layers of every schema's validator (throws on the first missing from the generated module);
 * returns the milliseconds taken.
 */
export function loadAllValidators(): number {
  const started = performance.now();
  for (const name of documents.keys()) {
    validatorFor(name as SchemaName, 'spec');
    validatorFor(name as SchemaName, 'full');
  }
  return performance.now() - started;
}

/** Names of the schema files found in schemas/ (the self-tests compare it with SCHEMA_NAMES). */
export function loadedSchemaNames(): string[] {
  return [...documents.keys()];
}

/** The schema file as written (both layers). */
export function schemaDocument(name: SchemaName): SchemaDocument {
  const document = documents.get(name);
  if (!document) throw new Error(`${UNKNOWN_SCHEMA_ERROR}: ${name}`);
  return document;
}

/** One layer of a schema, as compiled. */
export function layeredSchemaDocument(name: SchemaName, layer: Layer): SchemaDocument {
  return layerDocument(name, schemaDocument(name), layer);
}

function run(
  validator: ValidateFunction,
  data: unknown,
  enabled: EnabledAllowances,
): { valid: boolean; errors: ErrorObject[]; used: Set<string> } {
  const used = new Set<string>();
  const gate: AllowanceGate = {
    allows: (name) => {
      if (enabled === 'none' || (enabled !== 'all' && !enabled.has(name))) return false;
      used.add(name);
      return true;
    },
  };
  const valid = validator.call(gate, data) === true;
  return { valid, errors: validator.errors ?? [], used };
}

// Requirement and advice lookup: which sentence a violation at a data pointer breaks.

interface FieldRule {
  pattern: readonly string[];
  requirement: Requirement;
}

const fieldRulesBySchema = new Map<string, FieldRule[]>();
for (const requirement of REQUIREMENTS) {
  for (const field of requirement.fields ?? []) {
    const rules = fieldRulesBySchema.get(field.schema) ?? [];
    rules.push({ pattern: pointerSegments(field.pointer), requirement });
    fieldRulesBySchema.set(field.schema, rules);
  }
}

/** The requirement ids that state something about `name`'s fields (the tests that check it cite them). */
export function requirementsOfSchema(name: SchemaName): RequirementId[] {
  return [
    ...new Set(
      (fieldRulesBySchema.get(name) ?? []).filter((r) => r.requirement.testable).map((r) => r.requirement.id),
    ),
  ];
}

const KIND_BY_KEYWORD: Record<string, Requirement['kind'][]> = {
  required: ['required-field', 'field-type'],
  type: ['field-type', 'allowed-values'],
};
const DEFAULT_KINDS: Requirement['kind'][] = ['allowed-values', 'field-type', 'required-field'];

/** An industry profile of the preference request is judged by the request shape's requirements. */
function fieldRulesOf(name: SchemaName): FieldRule[] {
  const own = fieldRulesBySchema.get(name) ?? [];
  const family = name.startsWith('preference-request-')
    ? (fieldRulesBySchema.get('preference-request') ?? [])
    : [];
  return [...own, ...family].filter((r) => r.requirement.testable);
}

/** Every testable requirement about the field at `pointer` (its type, its values, its presence). */
export function requirementsAt(name: SchemaName, pointer: string): RequirementId[] {
  const segments = pointerSegments(pointer);
  return [
    ...new Set(
      fieldRulesOf(name)
        .filter((r) => matchesPattern(segments, r.pattern))
        .map((r) => r.requirement.id),
    ),
  ];
}

/** The requirement a spec-layer violation breaks: the rule of its field, else of the nearest enclosing one. */
export function requirementFor(
  name: SchemaName,
  pointer: string,
  keyword: string,
): RequirementId | undefined {
  const rules = fieldRulesOf(name);
  const kinds = KIND_BY_KEYWORD[keyword] ?? DEFAULT_KINDS;
  for (let segments = pointerSegments(pointer); ; segments = segments.slice(0, -1)) {
    const here = rules.filter((r) => matchesPattern(segments, r.pattern));
    for (const kind of kinds) {
      const found = here.find((r) => r.requirement.kind === kind);
      if (found) return found.requirement.id;
    }
    if (here[0]) return here[0].requirement.id;
    if (segments.length === 0) break;
  }
  return (
    rules.find((r) => r.requirement.kind === 'required-field')?.requirement.id ?? rules[0]?.requirement.id
  );
}

const adviceBySchema = new Map<string, AdviceLocation[]>();

/** Keywords of an object's schema that ajv reports at one of its properties (the violation's pointer). */
const PARENT_KEYWORDS = new Set([
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'dependentRequired',
]);

function adviceFor(name: SchemaName, pointer: string, keyword: string): AdviceId | undefined {
  let locations = adviceBySchema.get(name);
  if (!locations) {
    locations = adviceLocations(name, documents);
    adviceBySchema.set(name, locations);
  }
  // A property the platform requires is missing: the fact is the object's, not the absent field's own.
  const start = pointerSegments(pointer).slice(0, PARENT_KEYWORDS.has(keyword) ? -1 : undefined);
  for (let segments = start; ; segments = segments.slice(0, -1)) {
    const found = locations.find((l) => matchesPattern(segments, l.pattern));
    if (found) return found.advice;
    if (segments.length === 0) return locations[0]?.advice;
  }
}

/** What the same error is in both layers (their schema paths differ; the data pointer and rule do not). */
function errorKey(e: ErrorObject): string {
  return `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
}

export class UnmappedViolationError extends Error {
  override name = 'UnmappedViolationError';
}

function withBasis(
  name: SchemaName,
  violations: Omit<SchemaViolation, 'basis'>[],
  layer: Layer,
): SchemaViolation[] {
  const distinct = new Map(violations.map((v) => [`${v.pointer}|${v.keyword}|${v.message}`, v]));
  return [...distinct.values()].map((v) => {
    const basis =
      layer === 'spec' ? requirementFor(name, v.pointer, v.keyword) : adviceFor(name, v.pointer, v.keyword);
    if (!basis) {
      throw new UnmappedViolationError(
        `schemas/${name}: no ${layer === 'spec' ? 'requirement (lib/requirements fields)' : 'x-platform advice'} covers ${v.pointer || '(root)'} (${v.rule})`,
      );
    }
    return { ...v, basis };
  });
}

export function validate(name: SchemaName, data: unknown, profile: Profile = 'strict'): ValidationOutcome {
  const enabled = allowancesApply(profile) ? 'all' : 'none';
  const spec = run(validatorFor(name, 'spec'), data, enabled);
  const full = run(validatorFor(name, 'full'), data, enabled);
  const specKeys = new Set(spec.errors.map(errorKey));
  const specViolations = withBasis(name, withoutAllowanceBranches(spec.errors).map(toViolation), 'spec');
  const platformViolations = withBasis(
    name,
    withoutAllowanceBranches(full.errors.filter((e) => !specKeys.has(errorKey(e)))).map(toViolation),
    'full',
  );
  const failing = adviceFails(profile) ? [...specViolations, ...platformViolations] : specViolations;
  const advice = adviceFails(profile) ? [] : platformViolations;
  const valid = failing.length === 0;
  // An allowance inside an x-platform part excuses a platform fact: it is needed as much as one that
  // excuses a requirement, and is reported the same way.
  const allowances =
    valid && enabled === 'all'
      ? minimalAllowances(
          [validatorFor(name, 'spec'), validatorFor(name, 'full')],
          data,
          new Set([...spec.used, ...full.used]),
        )
      : [];
  return { valid, violations: failing, advice, allowances };
}

/** What a run reports once allowance branches are set aside: the keys of its remaining errors. */
function reportedErrors(
  validator: ValidateFunction,
  data: unknown,
  enabled: ReadonlySet<string>,
): Set<string> {
  return new Set(withoutAllowanceBranches(run(validator, data, enabled).errors).map(errorKey));
}

/**
 * ajv evaluates every anyOf branch under draft 2020-12 (it tracks evaluated properties), so the names
 * recorded by a lenient run are a superset of those needed. Drop each one whose absence makes no layer
 * report an error it did not report with every recorded allowance.
 */
function minimalAllowances(
  validators: readonly ValidateFunction[],
  data: unknown,
  recorded: Set<string>,
): AllowanceName[] {
  const baselines = validators.map((validator) => reportedErrors(validator, data, recorded));
  const needed = new Set(recorded);
  for (const name of [...recorded].sort()) {
    needed.delete(name);
    const worse = validators.some((validator, i) =>
      [...reportedErrors(validator, data, needed)].some((key) => !baselines[i]!.has(key)),
    );
    if (worse) needed.add(name);
  }
  return [...needed].filter(isAllowanceName).sort();
}

const hasAllowance = (node: unknown): boolean =>
  typeof node === 'object' && node !== null && ALLOWANCE_KEYWORD in node;

/** A keyword of an anyOf branch that carries an allowance, whether the allowance was enabled or not. */
function inEnabledAllowanceBranch(e: ErrorObject): boolean {
  return /\/anyOf\/\d+\/[^/]+$/.test(e.schemaPath) && hasAllowance(e.parentSchema);
}

/** The anyOf error of a choice between a strict shape and allowance branches. */
function isAllowanceChoice(e: ErrorObject): boolean {
  const branches = (e.parentSchema as { anyOf?: unknown } | undefined)?.anyOf;
  return e.keyword === 'anyOf' && Array.isArray(branches) && branches.some(hasAllowance);
}

/**
 * An allowance branch that failed only repeats that its strict sibling failed, whose own errors say why
 * (under every profile: an enabled allowance's branch may fail for its own reasons too). An `x-allowance`
 * outside an anyOf (a property that only a lenient spelling has) stays: it is the violation itself.
 */
function withoutAllowanceBranches(errors: ErrorObject[]): ErrorObject[] {
  const branchPaths = errors
    .filter((e) => e.keyword === ALLOWANCE_KEYWORD)
    .map((e) => e.schemaPath.slice(0, -`/${ALLOWANCE_KEYWORD}`.length))
    .filter((path) => /\/anyOf\/\d+$/.test(path));
  return errors.filter(
    (e) =>
      !branchPaths.some((path) => e.schemaPath.startsWith(`${path}/`)) &&
      !inEnabledAllowanceBranch(e) &&
      !isAllowanceChoice(e) &&
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

function toViolation(e: ErrorObject): Omit<SchemaViolation, 'basis'> {
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
    const description = isAllowanceName(name) ? ALLOWANCES[name].description : '';
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

export function preview(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? `(${typeof value})`;
  return text.length > VALUE_PREVIEW_LENGTH ? `${text.slice(0, VALUE_PREVIEW_LENGTH - 1)}…` : text;
}

/** What a violation saw, in words: `/amount is "1000.50", a string`. */
export function describeViolation(v: SchemaViolation): string {
  const where = v.pointer === '' ? 'the body' : v.pointer;
  if (v.value === undefined) return `${where} is missing`;
  const kind = v.value === null ? 'null' : Array.isArray(v.value) ? 'an array' : `a ${typeof v.value}`;
  return `${where} is ${preview(v.value)}, ${kind} (${v.message})`;
}

/** The schema detail of a violation, shown below its citation. */
export function violationDetail(name: SchemaName, v: SchemaViolation): string {
  return `schema ${name}: ${v.rule}`;
}

export function formatViolations(name: SchemaName, violations: readonly SchemaViolation[]): string {
  const lines = violations.map(
    (v) =>
      `  ${v.pointer === '' ? '(root)' : v.pointer}: ${v.message} [${v.basis}]\n    rule: ${v.rule}\n    value: ${preview(v.value)}`,
  );
  return [`${violations.length} violation(s) of schema '${name}':`, ...lines].join('\n');
}
