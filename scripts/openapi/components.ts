/**
 * Turns the project's JSON Schemas (draft 2020-12, one `$id` each, cross-referenced by URL) into
 * OpenAPI 3.1 `components.schemas`: every schema becomes a component named like the schema, every
 * top-level `$defs` entry becomes its own component `<schema>.<def>`, and every `$ref` points into
 * `#/components/schemas/...`. `$id` and `$schema` are dropped, since ref resolvers in OpenAPI tools
 * (Prism, code generators) resolve `$ref` by document position, not by `$id`.
 *
 * The components are the spec layer (schemas/layers.ts): what the spec states. A schema's `x-platform`
 * part (a platform fact and its keywords) stays where it is as an OpenAPI extension, which validators
 * ignore, so a reader still sees it. Lenient allowances (subschemas carrying `x-allowance`) are resolved
 * as the strict profile resolves them (docs/decisions.md, "OpenAPI document").
 */
import { SCHEMA_NAMES, type SchemaName } from '../../lib/catalogue.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const ALLOWANCE_KEYWORD = 'x-allowance';
/** Keywords that describe a schema without constraining anything. */
const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', '$comment']);
const COMPONENTS_PREFIX = '#/components/schemas/';
const MISSING_ID = 'OpenAPI assembly: schema has no string $id';
const UNKNOWN_REF = 'OpenAPI assembly: $ref points outside the project schemas';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function defComponentName(schema: SchemaName, def: string): string {
  return `${schema}.${def}`;
}

export function schemaRef(name: string): string {
  return `${COMPONENTS_PREFIX}${name}`;
}

/** Maps an absolute `$ref` (already resolved against its schema's `$id`) to a components pointer. */
function componentPointer(absoluteRef: string, namesById: ReadonlyMap<string, SchemaName>): string {
  const [documentUrl = '', fragment = ''] = absoluteRef.split('#', 2);
  const schema = namesById.get(documentUrl);
  if (!schema) throw new Error(`${UNKNOWN_REF}: ${absoluteRef}`);
  const segments = fragment.split('/').filter(Boolean);
  if (segments[0] === '$defs' && segments[1] !== undefined) {
    return [schemaRef(defComponentName(schema, segments[1])), ...segments.slice(2)].join('/');
  }
  return [schemaRef(schema), ...segments].join('/');
}

/**
 * Drops the `false` members of `anyOf` (the lenient branches, once converted); an `anyOf` left with
 * one member is folded into its parent.
 */
function withoutFalseBranches(node: JsonObject): JsonObject {
  const anyOf = node.anyOf;
  if (!Array.isArray(anyOf) || !anyOf.includes(false)) return node;
  const kept = anyOf.filter((member) => member !== false);
  const { anyOf: _dropped, ...rest } = node;
  if (kept.length !== 1 || !isObject(kept[0])) return { ...rest, anyOf: kept };
  const only = kept[0];
  const clash = Object.keys(only).some((key) => key in rest);
  return clash ? { ...rest, allOf: [only] } : { ...rest, ...only };
}

function convert(node: Json, baseId: string, namesById: ReadonlyMap<string, SchemaName>): Json {
  if (Array.isArray(node)) return node.map((item) => convert(item, baseId, namesById));
  if (!isObject(node)) return node;
  // The keyword fails under the strict profile, so under strict the whole subschema is `false`:
  // a lenient anyOf branch disappears, a lenient-only property (a misspelling) is forbidden.
  if (ALLOWANCE_KEYWORD in node) return false;
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string') {
      converted.$ref = componentPointer(new URL(value, baseId).toString(), namesById);
    } else if (key === 'properties' || key === 'patternProperties' || key === 'dependentSchemas') {
      // Keys of these maps are property names, not keywords: a property may be called `$id`.
      converted[key] = Object.fromEntries(
        Object.entries(value as JsonObject).map(([name, sub]) => [name, convert(sub, baseId, namesById)]),
      );
    } else {
      converted[key] = convert(value, baseId, namesById);
    }
  }
  return withoutFalseBranches(converted);
}

function schemaId(name: SchemaName, schemaDocument: (name: SchemaName) => object): string {
  const id = (schemaDocument(name) as JsonObject).$id;
  if (typeof id !== 'string') throw new Error(`${MISSING_ID}: ${name}`);
  return id;
}

/** All project schemas as OpenAPI components, in SCHEMA_NAMES order, each followed by its `$defs`. */
export function schemaComponents(schemaDocument: (name: SchemaName) => object): JsonObject {
  const documents = SCHEMA_NAMES.map((name) => ({
    name,
    id: schemaId(name, schemaDocument),
    document: schemaDocument(name) as JsonObject,
  }));
  const namesById = new Map(documents.map(({ name, id }) => [id, name]));
  const components: JsonObject = {};
  for (const { name, id: baseId, document } of documents) {
    const { $defs: rootDefs, ...root } = document;
    // A schema that only holds shared `$defs` (common) is no type of its own: its defs are the components.
    if (Object.keys(root).some((key) => !ANNOTATIONS.has(key)))
      components[name] = convert(root, baseId, namesById);
    const defs = isObject(rootDefs) ? rootDefs : {};
    for (const [def, subschema] of Object.entries(defs)) {
      components[defComponentName(name, def)] = convert(subschema, baseId, namesById);
    }
  }
  return components;
}
