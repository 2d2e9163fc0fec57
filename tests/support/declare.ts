/**
 * What a test declares about itself, statically, so Playwright's listing, the Allure results, the
 * coverage report and `--plan` all know it before it runs: its area and endpoint (the report's tree is
 * area › endpoint › test), the requirements it enforces (labels, not tree levels), the abilities it needs
 * (`@needs-<ability>` tags) and, for generated tests, `@generative`.
 */
import type { TestDetails } from '@playwright/test';
import { abilityTag, type Ability } from '../../lib/abilities.ts';
import {
  endpointById,
  MADE_UP_IDS_TAG,
  type EndpointId,
  type Industry,
  type SchemaName,
} from '../../lib/catalogue.ts';
import { requirementQuotesMarkdown } from '../../lib/requirement-quotes.ts';
import { DECLARED_LABELS } from '../../lib/results.ts';
import { isRequirementId, requirementById, type RequirementId } from '../../lib/requirements/index.ts';
import { requirementsOfSchema } from '../../schemas/registry.ts';

export const GENERATIVE_TAG = '@generative';
const BODIES_ARE_JSON: RequirementId = 'general.bodies-json';
const VERSION_IN_PATH: RequirementId = 'versioning.version-in-path';
const VERSIONED_PATH = /\/v\d+\//;

/**
 * What a test uses that the target contract may not supply: an authorization code ('authorize' or
 * PAYMENTS_AUTH_CODE), a second application, a consumable agreement or claim ('fixtures' or the id lists),
 * a non-test token, the currency the account's preferences take (PAYMENTS_CURRENCY), a test token of the
 * seller (PAYMENTS_TEST_ACCESS_TOKEN, else a code exchanged). Declared as `@uses-<what>` tags so `--plan`
 * can tell, before a request, what will skip.
 */
export const USES = [
  'auth-code',
  'other-client',
  'agreement',
  'claim',
  'live-token',
  'currency',
  'seller-token',
] as const;
export type Use = (typeof USES)[number];

export interface Declaration {
  /** The requirements the test enforces; each must be testable. */
  requirements?: readonly RequirementId[];
  /** Schemas whose requirements the test enforces through checkSchema. */
  schemas?: readonly SchemaName[];
  /** Abilities the target must have (a destructive endpoint needs 'destructive' without saying so). */
  needs?: readonly Ability[];
  uses?: readonly Use[];
  /**
   * Its requests name none of the account's resources (an id nobody issued, one of a wrong form): it runs
   * against a target that gave none of its endpoint's ids. Such a test never asks for the `ids` fixture.
   */
  madeUpIds?: true;
  industry?: Industry;
  generative?: boolean;
}

export class DeclarationError extends Error {
  override name = 'DeclarationError';
}

/** The requirements a declaration names, its schemas' included, checked to exist and be testable. */
export function declaredRequirements(endpointId: EndpointId, declaration: Declaration): RequirementId[] {
  const ids = [
    ...(declaration.requirements ?? []),
    // "Bodies are JSON.": every check of an answer's body rests on it.
    BODIES_ARE_JSON,
    // A versioned endpoint is reached at its versioned path, as every request of the test is.
    ...(VERSIONED_PATH.test(endpointById(endpointId).path) ? [VERSION_IN_PATH] : []),
    ...(declaration.schemas ?? []).flatMap((name) => requirementsOfSchema(name)),
  ];
  for (const id of ids) {
    if (!isRequirementId(id)) throw new DeclarationError(`${endpointId}: unknown requirement ${String(id)}`);
    if (!requirementById(id).testable) throw new DeclarationError(`${endpointId}: ${id} is untestable`);
  }
  if (ids.length === (VERSIONED_PATH.test(endpointById(endpointId).path) ? 2 : 1)) {
    throw new DeclarationError(`${endpointId}: a test must declare what it enforces`);
  }
  return [...new Set(ids)];
}

function severityOf(requirements: readonly RequirementId[]): 'critical' | 'normal' | 'minor' {
  const kinds = new Set(requirements.map((id) => requirementById(id).kind));
  if (kinds.has('error-row')) return 'normal';
  return kinds.has('authentication') ? 'normal' : 'critical';
}

/** The test details of a test of `endpointId`. */
export function declare(endpointId: EndpointId, declaration: Declaration): TestDetails {
  const endpoint = endpointById(endpointId);
  const requirements = declaredRequirements(endpointId, declaration);
  const needs = new Set<Ability>([
    ...(endpoint.destructive ? (['destructive'] as const) : []),
    ...(declaration.needs ?? []),
  ]);
  return {
    tag: [
      ...[...needs].map(abilityTag),
      ...(declaration.uses ?? []).map((use) => `@uses-${use}`),
      ...(declaration.madeUpIds ? [MADE_UP_IDS_TAG] : []),
      ...(declaration.industry ? [`@industry-${declaration.industry}`] : []),
      ...(declaration.generative ? [GENERATIVE_TAG] : []),
    ],
    annotation: [
      { type: DECLARED_LABELS.epic, description: endpoint.area },
      { type: DECLARED_LABELS.feature, description: endpoint.feature },
      { type: DECLARED_LABELS.severity, description: severityOf(requirements) },
      { type: DECLARED_LABELS.endpoint, description: endpointId },
      ...requirements.map((id) => ({ type: DECLARED_LABELS.requirement, description: id })),
      { type: DECLARED_LABELS.description, description: requirementQuotesMarkdown(requirements) },
    ],
  };
}

/** The declarations of one endpoint's tests. */
export function declarationsFor(endpointId: EndpointId) {
  return (declaration: Declaration) => declare(endpointId, declaration);
}
