/**
 * The two layers of every schema. A schema file states what the spec states; an `x-platform` object
 * beside its keywords (`{ "advice": "<platform or HTTP fact id>", ...keywords }`) adds what the platform's
 * own answers show. The spec layer drops those parts; the full layer keeps them (as an `allOf` member).
 * Both layers get their own `$id`, so relative `$ref`s stay inside their layer.
 */
import type { AdviceId } from '../lib/advice.ts';

export const PLATFORM_KEYWORD = 'x-platform';
/** A lenient allowance: `"x-allowance": "<name>"` passes only where that allowance may be used. */
export const ALLOWANCE_KEYWORD = 'x-allowance';

/**
 * What a validator is called with as `this`: whether the allowance of that name may be used (and a
 * record that it was). The generated validators call it by ALLOWANCE_GATE_METHOD (schemas/compile.ts);
 * the registry passes one to each validation.
 */
export interface AllowanceGate {
  allows(name: string): boolean;
}
export const ALLOWANCE_GATE_METHOD = 'allows' satisfies keyof AllowanceGate;
export const SCHEMA_BASE_URI = 'https://payments-conformance.dev/schemas/';
export const FULL_LAYER_BASE_URI = `${SCHEMA_BASE_URI}platform/`;

export type Layer = 'spec' | 'full';
export type SchemaDocument = Record<string, unknown>;

export function schemaId(name: string, layer: Layer = 'spec'): string {
  return `${layer === 'spec' ? SCHEMA_BASE_URI : FULL_LAYER_BASE_URI}${name}.json`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `node` for `layer`: x-platform parts dropped (spec) or merged into an allOf (full). */
function transform(node: unknown, layer: Layer): unknown {
  if (Array.isArray(node)) return node.map((item) => transform(item, layer));
  if (!isRecord(node)) return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === PLATFORM_KEYWORD) continue;
    result[key] = transform(value, layer);
  }
  const platform = node[PLATFORM_KEYWORD];
  if (layer === 'full' && isRecord(platform)) {
    const { advice: _advice, ...keywords } = platform;
    const allOf: unknown[] = Array.isArray(result.allOf) ? (result.allOf as unknown[]) : [];
    result.allOf = [...allOf, transform(keywords, layer)];
  }
  return result;
}

export function layerDocument(name: string, document: SchemaDocument, layer: Layer): SchemaDocument {
  return { ...(transform(document, layer) as SchemaDocument), $id: schemaId(name, layer) };
}

/** A JSON pointer into the data with `*` for any array index or object key. */
export type PointerPattern = readonly string[];

export function pointerSegments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

export function matchesPattern(segments: readonly string[], pattern: PointerPattern): boolean {
  return segments.length === pattern.length && pattern.every((p, i) => p === '*' || p === segments[i]);
}

export interface AdviceLocation {
  pattern: PointerPattern;
  advice: AdviceId;
}

/** Where the subschema of a `$ref` lives: another document's root or one of its `$defs`. */
function resolveRef(ref: string, current: string, documents: ReadonlyMap<string, SchemaDocument>) {
  const [file, fragment = ''] = ref.split('#');
  const name = file ? file.replace(/\.json$/, '') : current;
  let node: unknown = documents.get(name);
  for (const segment of pointerSegments(fragment)) node = isRecord(node) ? node[segment] : undefined;
  return { name, node };
}

const MAX_DEPTH = 16;
const SAME_POINTER = ['allOf', 'anyOf', 'oneOf', 'then', 'else', 'if', 'not'];

/** Every `x-platform` part reachable from schema `name`, with the data pointers it applies at. */
export function adviceLocations(
  name: string,
  documents: ReadonlyMap<string, SchemaDocument>,
): AdviceLocation[] {
  const found: AdviceLocation[] = [];
  // A subschema reached again at the same data pointer adds nothing; a deep pointer means a recursive schema.
  const seen = new WeakMap<object, Set<string>>();
  const visit = (node: unknown, current: string, pattern: string[]): void => {
    if (!isRecord(node) || pattern.length > MAX_DEPTH) return;
    const key = pattern.join('/');
    const patterns = seen.get(node) ?? new Set<string>();
    if (patterns.has(key)) return;
    patterns.add(key);
    seen.set(node, patterns);
    const platform = node[PLATFORM_KEYWORD];
    if (isRecord(platform) && typeof platform.advice === 'string') {
      found.push({ pattern: [...pattern], advice: platform.advice as AdviceId });
      visit(platform, current, pattern);
    }
    if (typeof node.$ref === 'string') {
      const target = resolveRef(node.$ref, current, documents);
      visit(target.node, target.name, pattern);
    }
    for (const word of SAME_POINTER) {
      const inner = node[word];
      for (const item of Array.isArray(inner) ? inner : [inner]) visit(item, current, pattern);
    }
    if (isRecord(node.properties)) {
      for (const [property, inner] of Object.entries(node.properties))
        visit(inner, current, [...pattern, property]);
    }
    for (const word of ['additionalProperties', 'items', 'propertyNames', 'unevaluatedProperties']) {
      visit(node[word], current, [...pattern, '*']);
    }
    if (isRecord(node.patternProperties)) {
      for (const inner of Object.values(node.patternProperties)) visit(inner, current, [...pattern, '*']);
    }
    if (Array.isArray(node.prefixItems))
      for (const inner of node.prefixItems) visit(inner, current, [...pattern, '*']);
  };
  visit(documents.get(name), name, []);
  return found;
}
