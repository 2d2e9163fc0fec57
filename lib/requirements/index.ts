/**
 * The requirements catalogue: every statement of the spec a server could break, and every point it
 * leaves open, each with a stable id, its section, its verbatim words and its kind. Tests cite these ids;
 * coverage, the gate, the report and the OpenAPI document read them.
 */
import { CHARGEBACKS_REQUIREMENTS } from './chargebacks.ts';
import { CHECKOUT_REQUIREMENTS } from './checkout.ts';
import { CLAIMS_REQUIREMENTS } from './claims.ts';
import {
  ERROR_PARAGRAPH_REQUIREMENTS,
  ERROR_ROW_REQUIREMENTS,
  ERROR_ROWS,
  type DocumentedErrorData,
} from './errors.ts';
import { GENERAL_REQUIREMENTS } from './general.ts';
import { ACCOUNT_REPORTS_REQUIREMENTS } from './account-reports.ts';
import { STORES_REQUIREMENTS } from './stores.ts';
import { SUBSCRIPTIONS_REQUIREMENTS } from './subscriptions.ts';
import { TEST_USERS_REQUIREMENTS } from './test-users.ts';
import { TOKEN_REQUIREMENTS } from './oauth.ts';
import type { RequirementData } from './types.ts';
import { WALLET_REQUIREMENTS } from './wallet.ts';

export * from './types.ts';
export { errorRequirementId, type ErrorTrigger } from './errors.ts';

const LISTED = [
  ...TOKEN_REQUIREMENTS,
  ...CHECKOUT_REQUIREMENTS,
  ...ACCOUNT_REPORTS_REQUIREMENTS,
  ...SUBSCRIPTIONS_REQUIREMENTS,
  ...TEST_USERS_REQUIREMENTS,
  ...CLAIMS_REQUIREMENTS,
  ...CHARGEBACKS_REQUIREMENTS,
  ...STORES_REQUIREMENTS,
  ...WALLET_REQUIREMENTS,
  ...GENERAL_REQUIREMENTS,
  ...ERROR_PARAGRAPH_REQUIREMENTS,
] as const;

export type RequirementId = (typeof LISTED)[number]['id'] | (typeof ERROR_ROWS)[number]['id'];
export type Requirement = RequirementData & { id: RequirementId };

/** Every requirement, in the spec's order of areas, the Errors table's rows last. */
export const REQUIREMENTS: readonly Requirement[] = [...LISTED, ...ERROR_ROW_REQUIREMENTS];

const BY_ID = new Map<string, Requirement>(REQUIREMENTS.map((r) => [r.id, r]));

export function isRequirementId(id: string): id is RequirementId {
  return BY_ID.has(id);
}

export function requirementById(id: RequirementId): Requirement {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`no requirement ${id} in lib/requirements`);
  return found;
}

export const TESTABLE_REQUIREMENTS = REQUIREMENTS.filter((r) => r.testable);

/** One documented error of the Errors table: a requirement with how a test provokes it. */
export type DocumentedError = DocumentedErrorData & { id: (typeof ERROR_ROWS)[number]['id'] };
export const DOCUMENTED_ERRORS: readonly DocumentedError[] = ERROR_ROWS;

export function documentedError(id: DocumentedError['id']): DocumentedError {
  const row = DOCUMENTED_ERRORS.find((e) => e.id === id);
  if (!row) throw new Error(`no documented error ${id} in lib/requirements/errors.ts`);
  return row;
}
