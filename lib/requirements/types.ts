/**
 * The shape of one requirement: a statement of the spec that a server could break (or that the spec
 * leaves open), with a stable id, where it stands, its verbatim words and its kind. The data lives in one
 * file per area beside this one; `index.ts` gathers them.
 */
import type { EndpointId, SchemaName } from '../catalogue.ts';

/** Why the spec's default token lifetime, stated in three places, fails no target. */
export const CONFIGURABLE_LIFETIME =
  'a default: a target may configure another lifetime and the suite cannot know its configuration';

export const REQUIREMENT_KINDS = {
  'field-type': 'a field of a resource or request has the stated type',
  'allowed-values': 'a value is one of the values the spec lists, or has the stated form',
  'required-field': 'a field the spec lists for a resource or request is present',
  'error-row': "a row of the spec's Errors table",
  'state-transition': 'a documented change of state happens',
  authentication: 'who may call an endpoint and with which token',
  limit: 'a documented validity, lifetime or limit',
  'flow-rule': 'a rule of how an endpoint is used (grants, parameters, identifiers, bodies)',
} as const;
export type RequirementKind = keyof typeof REQUIREMENT_KINDS;

/** Where a field rule applies: a schema of schemas/ and a JSON pointer in its data (`*` for any array index or key). */
export interface FieldLocation {
  schema: SchemaName;
  pointer: string;
}

interface RequirementBase {
  /** Stable, readable, kebab-case words joined by dots: `<subject>.<topic>.<rule>`. */
  id: string;
  /** The spec's headings down to the statement, joined by ' › ', e.g. 'Resources and their fields › Chargeback'. */
  section: string;
  /**
   * The statement's own words, verbatim: a sentence (or the part of one that states the rule) or a table
   * row written as its cells joined by ' | '. Markdown (backticks, emphasis, the outer pipes of a row) and
   * runs of whitespace may differ from the spec; nothing else may (tests/self/requirements checks it).
   */
  quote: string;
  kind: RequirementKind;
  /** The endpoints whose requests or answers the statement governs; empty when it is general. */
  endpoints: readonly EndpointId[];
  /** The schema field(s) the statement fixes, for field-type, allowed-values and required-field rules. */
  fields?: readonly FieldLocation[];
}

export interface TestableRequirement extends RequirementBase {
  testable: true;
}

export interface UntestableRequirement extends RequirementBase {
  testable: false;
  /** Why no check can hold a server to it (e.g. "not shown", a default the target may configure). */
  untestable: string;
}

export type RequirementData = TestableRequirement | UntestableRequirement;
