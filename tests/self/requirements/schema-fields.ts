/**
 * The data pointers a schema describes in one layer (schemas/layers.ts), found by walking it: `properties` by name, and `*`
 * for `items`, `prefixItems`, `additionalProperties`, `patternProperties` and `propertyNames`; `$ref`
 * followed into its own document or another (common.schema.json and the rest); `allOf`, `anyOf`, `oneOf`,
 * `if`, `then` and `else` at the same pointer. An anyOf branch that only an allowance accepts is a lenient
 * spelling, not a field the spec states, so it is not walked. The spec layer has no `x-platform` parts; the
 * full layer has them as `allOf` members.
 */
import type { SchemaName } from '../../../lib/catalogue.ts';
import type { Layer } from '../../../schemas/layers.ts';
import { ALLOWANCE_KEYWORD, layeredSchemaDocument, loadedSchemaNames } from '../../../schemas/registry.ts';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SAME_POINTER = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else'] as const;
const ANY_MEMBER = ['items', 'additionalProperties', 'propertyNames', 'unevaluatedProperties'] as const;
/** Deeper than any schema here; a pointer this long means a recursive definition. */
const MAX_DEPTH = 12;

function documentsOf(layer: Layer): Map<string, Node> {
  return new Map(loadedSchemaNames().map((name) => [name, layeredSchemaDocument(name as SchemaName, layer)]));
}

function unescape(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** `common.json#/$defs/url` from document `current`: the document it names and the node there. */
function resolveRef(
  ref: string,
  current: string,
  layers: Map<string, Node>,
): { name: string; node: unknown } {
  const [file, fragment = ''] = ref.split('#');
  const name = file ? file.replace(/\.json$/, '') : current;
  let node: unknown = layers.get(name);
  for (const token of fragment.split('/').filter(Boolean))
    node = isNode(node) ? node[unescape(token)] : undefined;
  if (node === undefined) throw new Error(`schemas/${current}: $ref ${ref} leads nowhere`);
  return { name, node };
}

/** Every pointer (as segments, `*` for any member) `layer` of `schema` describes, its root included. */
export function fieldPointers(schema: SchemaName, layer: Layer = 'spec'): string[][] {
  const layers = documentsOf(layer);
  const found = new Map<string, string[]>();
  const visit = (node: unknown, document: string, at: string[]): void => {
    if (!isNode(node) || at.length > MAX_DEPTH) return;
    found.set(at.join('/'), at);
    if (typeof node.$ref === 'string') {
      const target = resolveRef(node.$ref, document, layers);
      visit(target.node, target.name, at);
    }
    for (const word of SAME_POINTER) {
      const inner = node[word];
      for (const branch of Array.isArray(inner) ? inner : [inner]) {
        if (word === 'anyOf' && isNode(branch) && ALLOWANCE_KEYWORD in branch) continue;
        visit(branch, document, at);
      }
    }
    if (isNode(node.properties)) {
      for (const [name, inner] of Object.entries(node.properties)) {
        if (isNode(inner) && ALLOWANCE_KEYWORD in inner) continue;
        visit(inner, document, [...at, name]);
      }
    }
    for (const word of ANY_MEMBER) visit(node[word], document, [...at, '*']);
    if (isNode(node.patternProperties)) {
      for (const inner of Object.values(node.patternProperties)) visit(inner, document, [...at, '*']);
    }
    if (Array.isArray(node.prefixItems))
      for (const inner of node.prefixItems) visit(inner, document, [...at, '*']);
  };
  visit(layers.get(schema), schema, []);
  return [...found.values()];
}

/** `/location/latitude` -> ['location', 'latitude'] */
export function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
}

export const pointerOf = (segments: readonly string[]): string =>
  segments.length === 0 ? '' : `/${segments.join('/')}`;
