/**
 * Where the real platform takes a request field in another form than the spec types it, from its official
 * OpenAPI (public repository mercadopago/openapi, spec3.json, commit f224df3f969c9f75c2baccf4752c97ef294104dc)
 * and its SDK fixtures. docs/decisions.md, "The platform's request forms", lists every request field of
 * every endpoint compared; these are the ones that change what a run sends or judges.
 *
 * `strict` sends the spec's form, and when a target refuses it the failure says how the platform types
 * the field and that `lenient` sends that form. `lenient` and `platform` send the platform's form first
 * (the allowance named records it), and the spec's form when a target refuses the platform's. A value of
 * the platform's type at such a field is no broken rule under `lenient` or `platform`, so it is not sent
 * as one (typed refusals).
 */
import type { AllowanceName } from './allowances.ts';
import type { EndpointId } from './catalogue.ts';
import type { RequirementId } from './requirements/index.ts';

const OPENAPI = 'mercadopago/openapi spec3.json';

export interface RequestForm {
  endpoint: EndpointId;
  /** The field: a body path (`[]` for each element of a list) or a query parameter. */
  field: string;
  /** The requirement stating the spec's type. */
  requirement: RequirementId;
  specType: string;
  platformType: string;
  /** Recorded on a test that sent the platform's form under lenient or platform. */
  allowance: AllowanceName;
  /** Where the platform says so. */
  source: string;
  /**
   * The platform's form of a sure-valid value of the spec's form; absent where the run sends the same
   * value either way and only what a target may refuse differs.
   */
  toPlatform?: (value: unknown) => unknown;
}

const asString = (value: unknown) => (typeof value === 'number' ? String(value) : value);

export const REQUEST_FORMS: readonly RequestForm[] = [
  {
    endpoint: 'preference',
    field: 'payer.phone.area_code',
    requirement: 'preference.request.payer-phone-area-code-integer',
    specType: 'integer',
    platformType: 'string',
    allowance: 'request-phone-as-strings',
    source: `${OPENAPI} components.schemas.Phone.properties.area_code (string, example "11"); preference.201*.json echo it as a string`,
    toPlatform: asString,
  },
  {
    endpoint: 'preference',
    field: 'payer.phone.number',
    requirement: 'preference.request.payer-phone-number-integer',
    specType: 'integer',
    platformType: 'string',
    allowance: 'request-phone-as-strings',
    source: `${OPENAPI} components.schemas.Phone.properties.number (string, example "987654321"); preference.201*.json echo it as a string`,
    toPlatform: asString,
  },
  {
    endpoint: 'preference',
    field: 'payer.address.street_number',
    requirement: 'preference.request.payer-address-street-number-integer',
    specType: 'integer',
    platformType: 'string',
    allowance: 'request-street-number-as-string',
    source: `${OPENAPI} components.schemas.Address.properties.street_number (string, example "1000")`,
    toPlatform: asString,
  },
  {
    endpoint: 'preference',
    field: 'shipments.receiver_address.street_number',
    requirement: 'preference.request.shipments-receiver-address-street-number-integer',
    specType: 'integer',
    platformType: 'string',
    allowance: 'request-street-number-as-string',
    source: `${OPENAPI} components.schemas.PreferenceShipments.properties.receiver_address (components.schemas.Address, street_number string)`,
    toPlatform: asString,
  },
  {
    endpoint: 'preference',
    field: 'payment_methods.installments',
    requirement: 'preference.request.payment-methods-installments-nullable',
    specType: 'nullable, type not given',
    platformType: 'integer, not nullable',
    allowance: 'request-installments-as-integers',
    source: `${OPENAPI} components.schemas.PreferencePaymentMethods.properties.installments (integer, example 12)`,
    toPlatform: (value) => (value === null ? 12 : value),
  },
  {
    endpoint: 'preference',
    field: 'payment_methods.default_installments',
    requirement: 'preference.request.payment-methods-default-installments-nullable',
    specType: 'nullable, type not given',
    platformType: 'integer, not nullable',
    allowance: 'request-installments-as-integers',
    source: `${OPENAPI} components.schemas.PreferencePaymentMethods.properties.default_installments (integer)`,
    toPlatform: (value) => (value === null ? 1 : value),
  },
  {
    endpoint: 'cancel-agreement',
    field: 'client.id',
    requirement: 'cancel-agreement.query-client-id-number-optional',
    specType: 'number',
    platformType: 'string',
    allowance: 'request-client-id-any-string',
    source: `${OPENAPI} paths./v2/wallet_connect/agreements/{agreement_id}.delete.parameters[1] (client.id, string)`,
  },
];

/** The request forms of `endpoint`. */
export function requestFormsOf(endpoint: EndpointId): RequestForm[] {
  return REQUEST_FORMS.filter((form) => form.endpoint === endpoint);
}

/** Whether breaking `requirement` with a value of another type may be the platform's own form. */
export function isPlatformForm(requirement: string): boolean {
  return REQUEST_FORMS.some((form) => form.requirement === requirement);
}

/** What a refusal of a request in the spec's forms says besides its status: how the platform types them. */
export interface PlatformFormsNote {
  /** One sentence, for the failure's first line. */
  summary: string;
  /** Each field with where the platform says so. */
  detail: string[];
}

/** The note for a refused request carrying `forms` in the spec's form; undefined for none. */
export function platformFormsNote(forms: readonly RequestForm[]): PlatformFormsNote | undefined {
  if (forms.length === 0) return undefined;
  const types = [...new Set(forms.map((form) => form.platformType))].map(
    (type) =>
      `${forms
        .filter((form) => form.platformType === type)
        .map((form) => form.field)
        .join(', ')} as ${type}`,
  );
  return {
    summary: `if the refusal is of these fields' form: the platform types ${types.join('; ')} (its OpenAPI); PAYMENTS_PROFILE=lenient sends that form`,
    detail: forms.map((form) => `the platform types ${form.field} as ${form.platformType}: ${form.source}`),
  };
}

const object = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted body path, or undefined. */
function valueAt(body: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((node, key) => (object(node) ? node[key] : undefined), body);
}

/** A copy of `body` with `value` at a dotted path that exists in it. */
function withValueAt<T>(body: T, field: string, value: unknown): T {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = field.split('.');
  const parent = keys
    .slice(0, -1)
    .reduce<unknown>((node, key) => (object(node) ? node[key] : undefined), copy);
  if (object(parent)) parent[keys.at(-1)!] = value;
  return copy as T;
}

/** The forms of `endpoint` a body carries a field of (only those that change what is sent). */
export function formsCarried(endpoint: EndpointId, body: unknown): RequestForm[] {
  return requestFormsOf(endpoint).filter(
    (form) => form.toPlatform !== undefined && valueAt(body, form.field) !== undefined,
  );
}

/**
 * `body` with every field of `endpoint` that the platform types otherwise in the platform's form, and the
 * allowances that form uses; undefined when the body carries no such field.
 */
export function inPlatformForms<T>(
  endpoint: EndpointId,
  body: T,
): { body: T; allowances: AllowanceName[] } | undefined {
  const forms = formsCarried(endpoint, body);
  if (forms.length === 0) return undefined;
  const converted = forms.reduce(
    (changed, form) => withValueAt(changed, form.field, form.toPlatform!(valueAt(changed, form.field))),
    body,
  );
  return { body: converted, allowances: [...new Set(forms.map((form) => form.allowance))] };
}
