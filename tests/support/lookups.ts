/**
 * What the specs look up: made-up values a target must refuse, and per endpoint the requirements its
 * authentication and its answer rest on (lib/requirements).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { EndpointId, SchemaName } from '../../lib/catalogue.ts';
import { requirementsAt } from '../../schemas/registry.ts';
import {
  DOCUMENTED_ERRORS,
  REQUIREMENTS,
  type DocumentedError,
  type RequirementId,
} from '../../lib/requirements/index.ts';
import { declareFake } from '../../run/redact.ts';

/** Token-shaped but issued by no one; shown as sent in reports, since it is no secret. */
export const UNKNOWN_BEARER = declareFake(
  'APP_USR-0000000000000000-010100-00000000000000000000000000000000-000000000',
);

/**
 * The refusals `endpointId`'s rows in the Errors table list: its 4xx rows, a 429 aside (waited out, never
 * judged as a refusal).
 */
export function listedRefusals(endpointId: EndpointId): DocumentedError[] {
  return DOCUMENTED_ERRORS.filter(
    (row) => row.endpoint === endpointId && row.status >= 400 && row.status < 500 && row.status !== 429,
  );
}

/** An id no target has issued (numeric, for paths the spec types as numbers). */
export function unknownNumericId(): string {
  return String(9_000_000_000 + randomInt(999_999_999));
}

/** An id no target has issued (32 hex digits). */
export function unknownHexId(): string {
  return randomBytes(16).toString('hex');
}

/** The statement each endpoint's answer rests on ("Response: ..."); the preference's is not shown. */
export const RESPONSE_REQUIREMENT = {
  token: 'token.response-access-token-grant',
  preference: 'preference.route',
  'release-report-schedule': 'release-report-schedule.response-release-report',
  'subscription-plan': 'subscription-plan.response-plan',
  'test-user-search': 'test-user-search.response-fields-present',
  'claim-reason': 'claim-reason.response-claim-reason',
  claim: 'claim.response-claim',
  'settlement-report-config': 'settlement-report-config.response-configuration',
  chargeback: 'chargeback.response-chargeback',
  'open-dispute': 'open-dispute.response-fields-present',
  store: 'store.response-store',
  'cancel-agreement': 'cancel-agreement.no-body',
} as const satisfies Record<EndpointId, RequirementId>;

const ENDPOINT_AUTHENTICATION = /(auth-bearer|auth-header-required|requires-valid-token)$/;

/** The statements that an endpoint takes a bearer token: the general one and its own. */
export function authenticationRequirements(endpointId: EndpointId): RequirementId[] {
  const own = REQUIREMENTS.filter(
    (r) => r.testable && r.id.startsWith(`${endpointId}.`) && ENDPOINT_AUTHENTICATION.test(r.id),
  ).map((r) => r.id);
  return ['auth.bearer-on-every-endpoint', 'auth.bearer-header-on-requests', ...own];
}

/** The request requirements a body sent to `schema` relies on: the rule of every field it carries. */
export function requestRequirements(schema: SchemaName, body: unknown): RequirementId[] {
  const found = new Set<RequirementId>();
  const visit = (value: unknown, pointer: string) => {
    if (pointer !== '') for (const id of requirementsAt(schema, pointer)) found.add(id);
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${pointer}/${i}`));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) visit(inner, `${pointer}/${key}`);
    }
  };
  visit(body, '');
  return [...found];
}
