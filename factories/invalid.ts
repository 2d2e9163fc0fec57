/**
 * Invalid request variants for negative tests. Each takes a valid document from the factories and
 * breaks exactly one named rule of the spec, leaving everything else valid.
 *
 * `target: 'request'` breaks the general request shape (a type, an enum, a timestamp, a URL, a field a
 * grant type requires): a server must reject it, so the conformance suite sends it.
 * `target: 'profile'` breaks a rule only the project's schemas know: an industry's field set (a server
 * cannot know the seller's industry), the closed set of top-level fields (the spec does not say a
 * server rejects unknown fields), or an offset on fields the spec types only "date" (docs/decisions.md
 * holds them to timestamps with offset; the spec states an offset for date_of_expiration alone). The
 * schema self-tests check these; the conformance suite does not send them.
 */
import type { Industry } from '../lib/catalogue.ts';
import { buildPreference, type PreferenceOptions, type PreferenceRequest } from './preference.ts';
import {
  buildTokenRequest,
  type GrantType,
  type TokenRequest,
  type TokenRequestOptions,
} from './token-request.ts';

export interface InvalidVariant<T> {
  /** Stable kebab-case name, usable as a test title and on the CLI. */
  name: string;
  /** The rule broken, quoting the spec. */
  rule: string;
  target: 'request' | 'profile';
  /** Returns a broken copy; never changes `valid`. */
  apply(valid: T): unknown;
  /** The violation the schema must report: JSON pointer in the data and the ajv keyword. */
  expect: { pointer: string; keyword: string };
}

export interface InvalidPreferenceVariant extends InvalidVariant<PreferenceRequest> {
  /** The industry whose valid preference the variant breaks (its profile schema judges 'profile' variants). */
  industry: Industry;
}

export interface InvalidTokenRequestVariant extends InvalidVariant<TokenRequest> {
  /** The grant type whose valid request the variant breaks. */
  grantType: GrantType;
}

/** ajv keywords the variants expect; `false schema` is how the profiles say "absent in this industry". */
const KEYWORD = {
  type: 'type',
  enum: 'enum',
  pattern: 'pattern',
  format: 'format',
  required: 'required',
  absent: 'false schema',
  unknownField: 'additionalProperties',
} as const;

const ITEMS_TABLE = 'Checkout preference (request shape), items[] table';
const PAYER_TABLE = 'Checkout preference (request shape), payer table';
const SHIPMENTS_LINE = 'Checkout preference (request shape), shipments';
const FIELDS_BY_INDUSTRY = 'Endpoints 2, Fields by industry';

type Json = Record<string, unknown>;

/** A broken deep copy: `change` edits the copy, the caller's document stays valid. */
function broken<T>(valid: T, change: (copy: Json) => void): unknown {
  const copy = structuredClone(valid) as Json;
  change(copy);
  return copy;
}

/** The object at a dotted path, for editing a copy (`items.0.category_descriptor`). */
function at(document: Json, path: string): Json {
  let node: unknown = document;
  for (const key of path.split('.')) {
    node = (node as Json)[key];
    if (typeof node !== 'object' || node === null)
      throw new Error(`variant path ${path} not found at ${key}`);
  }
  return node as Json;
}

function setField(path: string, value: unknown): (copy: Json) => void {
  const keys = path.split('.');
  const field = keys.pop() as string;
  return (copy) => {
    (keys.length ? at(copy, keys.join('.')) : copy)[field] = value;
  };
}

function removeField(path: string): (copy: Json) => void {
  const keys = path.split('.');
  const field = keys.pop() as string;
  return (copy) => {
    const parent = keys.length ? at(copy, keys.join('.')) : copy;
    if (!(field in parent)) throw new Error(`variant removes ${path}, which the valid document lacks`);
    delete parent[field];
  };
}

const pointer = (path: string) => `/${path.replaceAll('.', '/')}`;

function preferenceVariant(
  variant: Omit<InvalidPreferenceVariant, 'apply' | 'expect'> & {
    path: string;
    change: 'set' | 'remove';
    value?: unknown;
    keyword: string;
  },
): InvalidPreferenceVariant {
  const { path, change, value, keyword, ...rest } = variant;
  const edit = change === 'set' ? setField(path, value) : removeField(path);
  return { ...rest, apply: (valid) => broken(valid, edit), expect: { pointer: pointer(path), keyword } };
}

const NO_OFFSET = '2027-03-01T20:00:00.000';

export const INVALID_PREFERENCE_VARIANTS: readonly InvalidPreferenceVariant[] = [
  // --- the general request shape: a server must reject these ---
  preferenceVariant({
    name: 'item-quantity-as-string',
    rule: `${ITEMS_TABLE}: "quantity | integer | Quantity"`,
    target: 'request',
    industry: 'retail',
    path: 'items.0.quantity',
    change: 'set',
    value: '2',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'item-quantity-fractional',
    rule: `${ITEMS_TABLE}: "quantity | integer | Quantity"`,
    target: 'request',
    industry: 'apparel',
    path: 'items.0.quantity',
    change: 'set',
    value: 1.5,
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'item-unit-price-as-string',
    rule: `${ITEMS_TABLE}: "unit_price | float | Unit price"`,
    target: 'request',
    industry: 'apps-platforms',
    path: 'items.0.unit_price',
    change: 'set',
    value: '149.90',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'item-warranty-as-string',
    rule: `${ITEMS_TABLE}: "warranty | boolean | True if the product has a guarantee"`,
    target: 'request',
    industry: 'electro',
    path: 'items.0.warranty',
    change: 'set',
    value: 'true',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'item-event-date-without-offset',
    // 'profile': the spec types event_date only "date"; the offset is the project's decision, not the spec's.
    rule: `${ITEMS_TABLE}: "event_date | date | Event date"; dates are ISO 8601 with a UTC offset (docs/decisions.md)`,
    target: 'profile',
    industry: 'entertainment',
    path: 'items.0.event_date',
    change: 'set',
    value: NO_OFFSET,
    keyword: KEYWORD.pattern,
  }),
  preferenceVariant({
    name: 'route-departure-date-time-without-offset',
    // 'profile': typed only "date" by the spec, like event_date above.
    rule: 'items[].category_descriptor.route: "departure_date_time (date)"; dates carry a UTC offset (docs/decisions.md)',
    target: 'profile',
    industry: 'tourism',
    path: 'items.0.category_descriptor.route.departure_date_time',
    change: 'set',
    value: NO_OFFSET,
    keyword: KEYWORD.pattern,
  }),
  preferenceVariant({
    name: 'payer-phone-area-code-as-string',
    rule: `${PAYER_TABLE}: "phone | object | area_code (integer), number (integer)"`,
    target: 'request',
    industry: 'government',
    path: 'payer.phone.area_code',
    change: 'set',
    value: '11',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'payer-phone-number-as-string',
    rule: `${PAYER_TABLE}: "phone | object | area_code (integer), number (integer)"`,
    target: 'request',
    industry: 'hospitality',
    path: 'payer.phone.number',
    change: 'set',
    value: '987654321',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'payer-address-street-number-as-string',
    rule: `${PAYER_TABLE}: "address | object | zip_code (string), street_name (string), street_number (integer)"`,
    target: 'request',
    industry: 'home-deco',
    path: 'payer.address.street_number',
    change: 'set',
    value: '1500',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'receiver-address-street-number-as-string',
    rule: `${SHIPMENTS_LINE}: "receiver_address (object: ... street_number integer)"`,
    target: 'request',
    industry: 'apparel',
    path: 'shipments.receiver_address.street_number',
    change: 'set',
    value: '1500',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'payer-authentication-type-not-in-enum',
    rule: `${PAYER_TABLE}: "authentication_type | enum | One of Gmail, Facebook, Native web, Other"`,
    target: 'request',
    industry: 'retail',
    path: 'payer.authentication_type',
    change: 'set',
    value: 'Twitter',
    keyword: KEYWORD.enum,
  }),
  preferenceVariant({
    name: 'payer-is-prime-user-as-string',
    rule: `${PAYER_TABLE}: "is_prime_user | boolean | Premium-user flag"`,
    target: 'request',
    industry: 'tourism',
    path: 'payer.is_prime_user',
    change: 'set',
    value: 'false',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'express-shipment-as-string',
    rule: `${SHIPMENTS_LINE}: "express_shipment (boolean)"`,
    target: 'request',
    industry: 'electro',
    path: 'shipments.express_shipment',
    change: 'set',
    value: 'yes',
    keyword: KEYWORD.type,
  }),
  preferenceVariant({
    name: 'date-of-expiration-without-offset',
    rule: 'Checkout preference top-level fields: "date_of_expiration (ISO 8601 timestamp with UTC offset)"',
    target: 'request',
    industry: 'apparel',
    path: 'date_of_expiration',
    change: 'set',
    value: NO_OFFSET,
    keyword: KEYWORD.pattern,
  }),
  preferenceVariant({
    name: 'notification-url-not-a-url',
    rule: 'Checkout preference top-level fields: "notification_url (URL string)"',
    target: 'request',
    industry: 'government',
    path: 'notification_url',
    change: 'set',
    value: 'webhooks/payments',
    keyword: KEYWORD.format,
  }),
  preferenceVariant({
    name: 'back-url-success-not-a-url',
    rule: 'Checkout preference top-level fields: "back_urls (object with failure, pending, success, each a URL string)"',
    target: 'request',
    industry: 'retail',
    path: 'back_urls.success',
    change: 'set',
    value: 'checkout success page',
    keyword: KEYWORD.format,
  }),
  preferenceVariant({
    name: 'items-not-an-array',
    rule: 'Checkout preference top-level fields: "items (array)"',
    target: 'request',
    industry: 'apps-platforms',
    path: 'items',
    change: 'set',
    value: {
      id: 'APP-000001',
      title: 'Premium plan',
      category_id: 'virtual_goods',
      quantity: 1,
      unit_price: 10,
    },
    keyword: KEYWORD.type,
  }),

  // --- schema-only rules: the closed field list and the industry profiles ---
  preferenceVariant({
    name: 'unknown-top-level-field',
    rule: 'Checkout preference top-level fields are auto_return, back_urls, notification_url, expires, external_reference, date_of_expiration, items, payer, payment_methods, shipments; a misspelt one is unknown',
    target: 'profile',
    industry: 'retail',
    path: 'notificaton_url',
    change: 'set',
    value: 'https://api.example.com/webhooks/payments',
    keyword: KEYWORD.unknownField,
  }),
  preferenceVariant({
    name: 'apparel-item-type-missing',
    rule: `${FIELDS_BY_INDUSTRY}: items "type" is sent in Apparel`,
    target: 'profile',
    industry: 'apparel',
    path: 'items.0.type',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'retail-item-picture-url-missing',
    rule: `${FIELDS_BY_INDUSTRY}: items "picture_url" is sent in Retail`,
    target: 'profile',
    industry: 'retail',
    path: 'items.0.picture_url',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'home-deco-item-description-missing',
    rule: `${FIELDS_BY_INDUSTRY}: items "description" is sent in Home & deco`,
    target: 'profile',
    industry: 'home-deco',
    path: 'items.0.description',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'electro-item-warranty-missing',
    rule: `${FIELDS_BY_INDUSTRY}: items "warranty" is sent in Electro`,
    target: 'profile',
    industry: 'electro',
    path: 'items.0.warranty',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'entertainment-item-event-date-missing',
    rule: `${FIELDS_BY_INDUSTRY}: items "event_date" is sent in Entertainment`,
    target: 'profile',
    industry: 'entertainment',
    path: 'items.0.event_date',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'tourism-item-route-missing',
    rule: `${FIELDS_BY_INDUSTRY}: items "category_descriptor.route" is sent in Tourism`,
    target: 'profile',
    industry: 'tourism',
    path: 'items.0.category_descriptor.route',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'hospitality-item-passenger-missing',
    rule: `${FIELDS_BY_INDUSTRY}: items "category_descriptor.passenger" is sent in Hospitality`,
    target: 'profile',
    industry: 'hospitality',
    path: 'items.0.category_descriptor.passenger',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'payer-authentication-type-missing',
    rule: `${FIELDS_BY_INDUSTRY}: "Payer: all industries send ... authentication_type"`,
    target: 'profile',
    industry: 'electro',
    path: 'payer.authentication_type',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'payer-first-name-missing',
    rule: `${FIELDS_BY_INDUSTRY}: "Payer: all industries send first_name, last_name ..."`,
    target: 'profile',
    industry: 'apps-platforms',
    path: 'payer.first_name',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'government-payer-address-missing',
    rule: `${FIELDS_BY_INDUSTRY}: "The address object is sent in every industry except Entertainment"`,
    target: 'profile',
    industry: 'government',
    path: 'payer.address',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'government-receiver-address-missing',
    rule: `${FIELDS_BY_INDUSTRY}: shipments "sent with receiver_address ... in ... Government and public services"`,
    target: 'profile',
    industry: 'government',
    path: 'shipments.receiver_address',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'electro-local-pickup-missing',
    rule: `${FIELDS_BY_INDUSTRY}: "local_pickup is sent in Electro only"`,
    target: 'profile',
    industry: 'electro',
    path: 'shipments.local_pickup',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  preferenceVariant({
    name: 'apparel-item-warranty-present',
    rule: `${FIELDS_BY_INDUSTRY}: items "warranty" is not sent in Apparel`,
    target: 'profile',
    industry: 'apparel',
    path: 'items.0.warranty',
    change: 'set',
    value: true,
    keyword: KEYWORD.absent,
  }),
  preferenceVariant({
    name: 'electro-item-description-present',
    rule: `${FIELDS_BY_INDUSTRY}: items "description" is not sent in Electro`,
    target: 'profile',
    industry: 'electro',
    path: 'items.0.description',
    change: 'set',
    value: 'Smart TV 50" 4K UHD',
    keyword: KEYWORD.absent,
  }),
  preferenceVariant({
    name: 'entertainment-payer-address-present',
    rule: `${FIELDS_BY_INDUSTRY}: "The address object is sent in every industry except Entertainment"`,
    target: 'profile',
    industry: 'entertainment',
    path: 'payer.address',
    change: 'set',
    value: { zip_code: '01310-100', street_name: 'Avenida Paulista', street_number: 1578 },
    keyword: KEYWORD.absent,
  }),
  preferenceVariant({
    name: 'apps-platforms-shipments-present',
    rule: `${FIELDS_BY_INDUSTRY}: "Applications and online platforms, Tourism and Hospitality send no shipments object"`,
    target: 'profile',
    industry: 'apps-platforms',
    path: 'shipments',
    change: 'set',
    value: { express_shipment: false },
    keyword: KEYWORD.absent,
  }),
  preferenceVariant({
    name: 'apparel-local-pickup-present',
    rule: `${FIELDS_BY_INDUSTRY}: "local_pickup is sent in Electro only"`,
    target: 'profile',
    industry: 'apparel',
    path: 'shipments.local_pickup',
    change: 'set',
    value: false,
    keyword: KEYWORD.absent,
  }),
  preferenceVariant({
    name: 'government-express-shipment-present',
    rule: `${FIELDS_BY_INDUSTRY}: "express_shipment is sent in Apparel, Electro, Entertainment, Home & deco, Retail"`,
    target: 'profile',
    industry: 'government',
    path: 'shipments.express_shipment',
    change: 'set',
    value: true,
    keyword: KEYWORD.absent,
  }),
  preferenceVariant({
    name: 'receiver-address-street-name-present',
    rule: `${FIELDS_BY_INDUSTRY}: "receiver_address (zip_code, state_name, city_name, street_number)"`,
    target: 'profile',
    industry: 'retail',
    path: 'shipments.receiver_address.street_name',
    change: 'set',
    value: 'Avenida Paulista',
    keyword: KEYWORD.absent,
  }),
];

const TOKEN_BODY_TABLE = 'Endpoints 1, body table';

function tokenVariant(
  variant: Omit<InvalidTokenRequestVariant, 'apply' | 'expect' | 'target'> & {
    field: keyof TokenRequest;
    change: 'set' | 'remove';
    value?: unknown;
    keyword: string;
  },
): InvalidTokenRequestVariant {
  const { field, change, value, keyword, ...rest } = variant;
  const edit = change === 'set' ? setField(field, value) : removeField(field);
  return {
    ...rest,
    // Every token variant breaks a rule of the body table, which the server enforces (invalid_request,
    // unsupported_grant_type).
    target: 'request',
    apply: (valid) => broken(valid, edit),
    expect: { pointer: pointer(field), keyword },
  };
}

export const INVALID_TOKEN_REQUEST_VARIANTS: readonly InvalidTokenRequestVariant[] = [
  tokenVariant({
    name: 'authorization-code-without-code',
    rule: `${TOKEN_BODY_TABLE}: "code | string | when grant_type is authorization_code"`,
    grantType: 'authorization_code',
    field: 'code',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  tokenVariant({
    name: 'refresh-without-refresh-token',
    rule: `${TOKEN_BODY_TABLE}: "refresh_token | string | when grant_type is refresh_token"`,
    grantType: 'refresh_token',
    field: 'refresh_token',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  tokenVariant({
    name: 'client-secret-missing',
    rule: `${TOKEN_BODY_TABLE}: "client_secret | string | yes | Application private key"`,
    grantType: 'client_credentials',
    field: 'client_secret',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  tokenVariant({
    name: 'client-id-missing',
    rule: `${TOKEN_BODY_TABLE}: "client_id | string | yes | Application identifier"`,
    grantType: 'client_credentials',
    field: 'client_id',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  tokenVariant({
    name: 'grant-type-missing',
    rule: `${TOKEN_BODY_TABLE}: "grant_type | string | yes"`,
    grantType: 'client_credentials',
    field: 'grant_type',
    change: 'remove',
    keyword: KEYWORD.required,
  }),
  tokenVariant({
    name: 'grant-type-unsupported',
    rule: `${TOKEN_BODY_TABLE}: "grant_type ... authorization_code, refresh_token, client_credentials"`,
    grantType: 'client_credentials',
    field: 'grant_type',
    change: 'set',
    value: 'password',
    keyword: KEYWORD.enum,
  }),
  tokenVariant({
    name: 'client-secret-not-a-string',
    rule: `${TOKEN_BODY_TABLE}: "client_secret | string"`,
    grantType: 'authorization_code',
    field: 'client_secret',
    change: 'set',
    value: 1234567890,
    keyword: KEYWORD.type,
  }),
];

/** The broken document of a variant, built from its industry's valid preference. */
export function invalidPreference(variant: InvalidPreferenceVariant, options?: PreferenceOptions): unknown {
  return variant.apply(buildPreference(variant.industry, options));
}

/** The broken document of a variant, built from its grant type's valid request. */
export function invalidTokenRequest(
  variant: InvalidTokenRequestVariant,
  options?: TokenRequestOptions,
): unknown {
  return variant.apply(buildTokenRequest(variant.grantType, options));
}
