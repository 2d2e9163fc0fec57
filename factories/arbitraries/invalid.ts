/**
 * Requests that break exactly one typed rule the spec states, drawn by fast-check, each naming the
 * requirement it breaks (lib/requirements). Only rules of the spec: a wrong type at one field, a value
 * outside a listed enum (`authentication_type`, `grant_type`), a `date_of_expiration`
 * without its stated UTC offset, a required token field missing. Never a project-only decision (unknown
 * fields, industry field sets, offsets on fields typed only "date": docs/decisions.md, "Preference
 * factory"), and never JSON null (a server may fairly read it as an absent optional field).
 */
import fc from 'fast-check';
import { INDUSTRIES, type Industry } from '../../lib/catalogue.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import { requirementFor } from '../../schemas/registry.ts';
import { INDUSTRY_FIELDS, type ItemField, type PayerField, type ShipmentField } from '../industry-fields.ts';
import type { PreferenceRequest } from '../preference.ts';
import type { TokenRequest } from '../token-request.ts';
import { validPreference, type PreferenceArbitraryOptions } from './preference.ts';
import { tokenRequestBody, validTokenRequest, type TokenRequestValues } from './token-request.ts';
import { formatTimestamp, sureCode } from './values.ts';

/** The spec's types, as far as they decide which values break them. */
type TypeClass =
  | 'string'
  | 'url'
  | 'integer'
  | 'float'
  | 'boolean'
  | 'date'
  | 'timestamp-with-offset'
  | 'enum'
  | 'object'
  | 'array';

/** A value that breaks a type, and the ajv keyword schema `preference-request` reports it with. */
interface Wrong {
  value: unknown;
  keyword: 'type' | 'enum' | 'format' | 'pattern';
  /** What the value is, in words: `a number`, `a string without offset`. */
  what: string;
}

const word = sureCode(1, 8).map((w) => w.toLowerCase());
/** Any whole number: a wrong type for a string, and as a numeric string for an integer. */
const anyInteger = () => fc.integer({ min: -99_999, max: 99_999 });
const as = (keyword: Wrong['keyword'], what: string) => (value: unknown) => ({ value, keyword, what });

const aNumber = anyInteger().map(as('type', 'a number'));
const aBoolean = fc.boolean().map(as('type', 'a boolean'));
const anObject = fc.constantFrom({}, { value: 'x' }).map(as('type', 'an object'));
const anArray = fc.constantFrom([], ['x'], [1]).map(as('type', 'an array'));

/** Values of every other JSON type but null (see the header). */
const WRONG: Record<TypeClass, fc.Arbitrary<Wrong>> = {
  string: fc.oneof(aNumber, aBoolean, anObject, anArray),
  url: fc.oneof(
    aNumber,
    aBoolean,
    anObject,
    anArray,
    // Not absolute URLs: a relative path, words with spaces.
    fc
      .tuple(word, word)
      .map(([a, b]) => ({ value: `${a}/${b}`, keyword: 'format' as const, what: 'a relative path' })),
    fc
      .tuple(word, word)
      .map(([a, b]) => ({ value: `${a} ${b}`, keyword: 'format' as const, what: 'words, not a URL' })),
  ),
  integer: fc.oneof(
    anyInteger()
      .map((n) => String(n))
      .map(as('type', 'a numeric string')),
    fc
      .integer({ min: -99_999, max: 99_999 })
      .map((n) => n + 0.5)
      .map(as('type', 'a fractional number')),
    aBoolean,
    anObject,
    anArray,
  ),
  float: fc.oneof(
    fc
      .integer({ min: 0, max: 9_999_999 })
      .map((n) => (n / 100).toFixed(2))
      .map(as('type', 'a numeric string')),
    aBoolean,
    anObject,
    anArray,
  ),
  boolean: fc.oneof(
    fc.constantFrom('true', 'false', 'yes', '1').map(as('type', 'a string')),
    fc.constantFrom(0, 1).map(as('type', 'a number')),
    anObject,
    anArray,
  ),
  // "date": a number could be read as an epoch date, and every string as a date of some format, so only
  // values no reading makes a date.
  date: fc.oneof(aBoolean, anObject, anArray),
  'timestamp-with-offset': fc.oneof(
    aBoolean,
    anObject,
    anArray,
    aNumber,
    fc
      .integer({ min: Date.UTC(2030, 0, 1), max: Date.UTC(2035, 0, 1) })
      .map((at) => formatTimestamp(at, 'Z', true).slice(0, -1))
      .map(as('pattern', 'a date-time without offset')),
  ),
  enum: fc.oneof(
    fc
      .constantFrom('Twitter', 'Apple', 'Google', 'Native', 'Web', 'Email', '')
      .map(as('enum', 'an unlisted value')),
    aBoolean.map((w) => ({ ...w, keyword: 'enum' as const })),
  ),
  object: fc.oneof(word.map(as('type', 'a string')), aNumber, aBoolean, anArray),
  array: fc.oneof(anObject, word.map(as('type', 'a string')), aNumber),
};

/** A field the request shape types, by path from the document's root (items by their first element). */
interface FieldRule {
  path: readonly string[];
  type: TypeClass;
}

const field = (type: TypeClass, ...path: string[]): FieldRule => ({ path, type });

/** Fields every preference may carry whatever its industry (the table does not govern them). */
const UNGOVERNED: readonly FieldRule[] = [
  field('string', 'auto_return'),
  field('object', 'back_urls'),
  field('url', 'back_urls', 'failure'),
  field('url', 'back_urls', 'pending'),
  field('url', 'back_urls', 'success'),
  field('url', 'notification_url'),
  field('boolean', 'expires'),
  field('string', 'external_reference'),
  field('timestamp-with-offset', 'date_of_expiration'),
  field('array', 'items'),
  field('object', 'payer'),
  field('object', 'payment_methods'),
  field('array', 'payment_methods', 'excluded_payment_methods'),
  field('object', 'payment_methods', 'excluded_payment_methods', '0'),
  field('array', 'payment_methods', 'excluded_payment_types'),
  field('object', 'payment_methods', 'excluded_payment_types', '0'),
  field('string', 'items', '0', 'currency_id'),
  field('string', 'payer', 'email'),
  field('string', 'payer', 'date_created'),
];

const ITEM_RULES: Record<ItemField, readonly FieldRule[]> = {
  id: [field('string', 'id')],
  title: [field('string', 'title')],
  category_id: [field('string', 'category_id')],
  quantity: [field('integer', 'quantity')],
  unit_price: [field('float', 'unit_price')],
  description: [field('string', 'description')],
  // "picture_url | string | Picture URL": typed string; the URL is its description, so only the type is broken.
  picture_url: [field('string', 'picture_url')],
  type: [field('string', 'type')],
  warranty: [field('boolean', 'warranty')],
  event_date: [field('date', 'event_date')],
  'category_descriptor.passenger': [
    field('object', 'category_descriptor'),
    field('object', 'category_descriptor', 'passenger'),
    ...['first_name', 'last_name', 'identification_type', 'identification_number'].map((f) =>
      field('string', 'category_descriptor', 'passenger', f),
    ),
  ],
  'category_descriptor.route': [
    field('object', 'category_descriptor'),
    field('object', 'category_descriptor', 'route'),
    field('string', 'category_descriptor', 'route', 'departure'),
    field('string', 'category_descriptor', 'route', 'destination'),
    field('date', 'category_descriptor', 'route', 'departure_date_time'),
    field('date', 'category_descriptor', 'route', 'arrival_date_time'),
    field('string', 'category_descriptor', 'route', 'company'),
  ],
};

const PAYER_RULES: Record<PayerField, readonly FieldRule[]> = {
  first_name: [field('string', 'first_name')],
  last_name: [field('string', 'last_name')],
  identification: [
    field('object', 'identification'),
    field('string', 'identification', 'identification_type'),
    field('string', 'identification', 'identification_number'),
  ],
  phone: [
    field('object', 'phone'),
    field('integer', 'phone', 'area_code'),
    field('integer', 'phone', 'number'),
  ],
  authentication_type: [field('enum', 'authentication_type')],
  registration_date: [field('date', 'registration_date')],
  is_prime_user: [field('boolean', 'is_prime_user')],
  is_first_purchase_online: [field('boolean', 'is_first_purchase_online')],
  last_purchase: [field('date', 'last_purchase')],
  address: [
    field('object', 'address'),
    field('string', 'address', 'zip_code'),
    field('string', 'address', 'street_name'),
    field('integer', 'address', 'street_number'),
  ],
};

const SHIPMENT_RULES: Record<ShipmentField, readonly FieldRule[]> = {
  receiver_address: [
    field('object', 'receiver_address'),
    field('string', 'receiver_address', 'zip_code'),
    field('string', 'receiver_address', 'state_name'),
    field('string', 'receiver_address', 'city_name'),
    field('integer', 'receiver_address', 'street_number'),
  ],
  express_shipment: [field('boolean', 'express_shipment')],
  local_pickup: [field('boolean', 'local_pickup')],
};

const under = (prefix: readonly string[], rules: readonly FieldRule[]) =>
  rules.map((r) => ({ ...r, path: [...prefix, ...r.path] }));

/** Every typed field a preference of `industry` may carry without leaving its industry's field set. */
export function preferenceFieldRules(industry: Industry): FieldRule[] {
  const fields = INDUSTRY_FIELDS[industry];
  const rules = [
    ...UNGOVERNED,
    ...under(
      ['items', '0'],
      fields.items.flatMap((f) => ITEM_RULES[f]),
    ),
    ...under(
      ['payer'],
      fields.payer.flatMap((f) => PAYER_RULES[f]),
    ),
  ];
  if (fields.shipments.length > 0) {
    // Industries without shipments send none: a shipments value of any type would break their table too.
    rules.push(field('object', 'shipments'), field('string', 'shipments', 'mode'));
    rules.push(
      ...under(
        ['shipments'],
        fields.shipments.flatMap((f) => SHIPMENT_RULES[f]),
      ),
    );
  }
  const seen = new Set<string>();
  return rules.filter((r) => {
    const key = r.path.join('/');
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

export interface InvalidCase<T> {
  document: T;
  /** JSON pointer of the one value that breaks the rule. */
  pointer: string;
  /** The requirement the value breaks. */
  breaks: RequirementId;
  /** The rule broken, in words: `/items/0/quantity is a numeric string`. */
  rule: string;
}

export interface InvalidPreferenceCase extends InvalidCase<unknown> {
  industry: Industry;
  /** The ajv keyword schema `preference-request` reports the violation with. */
  keyword: string;
}

/** A copy of `document` with the value at `path` replaced (objects on the way created when absent). */
function withValue(document: unknown, path: readonly string[], value: unknown): unknown {
  const copy = structuredClone(document) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  path.slice(0, -1).forEach((key, i) => {
    const next = node[key];
    // An element path (`excluded_payment_methods/0`) needs an array on the way, anything else an object.
    if (typeof next !== 'object' || next === null) node[key] = /^\d+$/.test(path[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  const last = path.at(-1)!;
  if (Array.isArray(node) && node.length === 0) node.push(value);
  else node[last] = value;
  return copy;
}

const pointerOf = (path: readonly string[]) => `/${path.join('/')}`;

/** The requirement of the field at `pointer` that a value rejected with `keyword` breaks. */
function breaksAt(pointer: string, keyword: string): RequirementId {
  const id = requirementFor('preference-request', pointer, keyword);
  if (!id) throw new Error(`no requirement covers ${pointer} (${keyword}) in preference-request`);
  return id;
}

/** The ajv keywords the values breaking each type are reported with. */
const KEYWORDS: Record<TypeClass, readonly Wrong['keyword'][]> = {
  string: ['type'],
  url: ['type', 'format'],
  integer: ['type'],
  float: ['type'],
  boolean: ['type'],
  date: ['type'],
  'timestamp-with-offset': ['type', 'pattern'],
  enum: ['enum'],
  object: ['type'],
  array: ['type'],
};

/** Every requirement an invalid preference may break (a test that sends them declares these). */
export function preferenceRulesBroken(): RequirementId[] {
  const ids = INDUSTRIES.flatMap((industry) =>
    preferenceFieldRules(industry).flatMap((rule) =>
      KEYWORDS[rule.type].map((keyword) => breaksAt(pointerOf(rule.path), keyword)),
    ),
  );
  return [...new Set(ids)];
}

/** A preference of some industry with one typed rule broken at one of its fields. */
export function invalidPreference(
  options: PreferenceArbitraryOptions = {},
): fc.Arbitrary<InvalidPreferenceCase> {
  return fc.constantFrom(...INDUSTRIES).chain((industry) =>
    fc
      .tuple(validPreference(industry, options), fc.constantFrom(...preferenceFieldRules(industry)))
      .chain(([valid, rule]) =>
        WRONG[rule.type].map((wrong) => {
          const pointer = pointerOf(rule.path);
          return {
            industry,
            document: withValue(valid, rule.path, wrong.value),
            pointer,
            keyword: wrong.keyword,
            breaks: breaksAt(pointer, wrong.keyword),
            rule: `${pointer} is ${wrong.what}`,
          };
        }),
      ),
  );
}

export type { PreferenceRequest };

/** The token body's fields (Endpoints 1) the spec types string. */
const TOKEN_STRING_FIELDS = {
  client_id: 'token.request.client-id-string',
  client_secret: 'token.request.client-secret-string',
  grant_type: 'token.request.grant-type-string',
  code: 'token.request.code-string',
  code_verifier: 'token.request.code-verifier-string',
  redirect_uri: 'token.request.redirect-uri-string',
  refresh_token: 'token.request.refresh-token-string',
  test_token: 'token.request.test-token-string',
} as const satisfies Record<string, RequirementId>;
type TokenField = keyof typeof TOKEN_STRING_FIELDS;

/** Required always, or for one grant type ("when grant_type is ..."). */
const TOKEN_REQUIRED: readonly { field: TokenField; breaks: RequirementId; grant?: string }[] = [
  { field: 'client_id', breaks: 'token.request.client-id-required' },
  { field: 'client_secret', breaks: 'token.request.client-secret-required' },
  { field: 'grant_type', breaks: 'token.request.grant-type-required' },
  {
    field: 'code',
    breaks: 'token.request.code-required-for-authorization-code',
    grant: 'authorization_code',
  },
  {
    field: 'refresh_token',
    breaks: 'token.request.refresh-token-required-for-refresh',
    grant: 'refresh_token',
  },
];

/**
 * The fields given a wrong type: a client_credentials request's. On the other flows a placeholder code
 * or refresh token is refused (invalid_grant) whatever else is wrong, so a case there would show nothing
 * of the broken field; those flows are drawn for their missing required fields only.
 */
const WRONG_TYPE_FIELDS: readonly TokenField[] = [
  'client_id',
  'client_secret',
  'grant_type',
  'code_verifier',
  'test_token',
];

/** Every requirement an invalid token request may break. */
export const TOKEN_RULES_BROKEN: readonly RequirementId[] = [
  ...WRONG_TYPE_FIELDS.map((field) => TOKEN_STRING_FIELDS[field]),
  ...TOKEN_REQUIRED.map((r) => r.breaks),
  'token.request.grant-type-values',
];

/** Run-time values stand in as these placeholders until a test fills them in (`fillTokenRequest`). */
export const TOKEN_PLACEHOLDERS: TokenRequestValues = {
  clientId: '<client_id>',
  clientSecret: '<client_secret>',
  redirectUri: 'https://client.example/oauth/callback',
  code: '<code>',
  refreshToken: '<refresh_token>',
};

export interface InvalidTokenCase extends InvalidCase<Record<string, unknown>> {
  /** The field changed or removed. */
  field: string;
  /** How: a value of the wrong type, a value outside the listed ones, or the field missing. */
  change: 'wrong-type' | 'unlisted-value' | 'missing';
}

const GRANT_TYPE_VALUES: RequirementId = 'token.request.grant-type-values';

/** The application's credentials: given in another type, they must be refused, not read as strings. */
const CREDENTIAL_FIELDS: readonly TokenField[] = ['client_id', 'client_secret'];

/**
 * A wrong type for `name`. A credential keeps its value inside a list (filled in with the real one), so a
 * server that turns it into a string (`String(["id"])` is "id") takes it and is caught; any other wrong
 * value is an unknown credential, refused whatever the server does with types. test_token is
 * "Boolean-like": a boolean is not clearly wrong, so it gets numbers and structures only.
 */
function wrongTokenValue(name: TokenField, body: TokenRequest): fc.Arbitrary<Wrong> {
  if (CREDENTIAL_FIELDS.includes(name))
    return fc.constant({
      value: [(body as unknown as Record<string, unknown>)[name]],
      keyword: 'type' as const,
      what: 'its value inside a list',
    });
  return name === 'test_token' ? fc.oneof(aNumber, anObject, anArray) : WRONG.string;
}

function tokenWrongType(body: TokenRequest): fc.Arbitrary<InvalidTokenCase> {
  const present = WRONG_TYPE_FIELDS.filter((f) => f in body);
  return fc.constantFrom(...present).chain((name) =>
    wrongTokenValue(name, body).map((wrong) => ({
      document: { ...body, [name]: wrong.value },
      pointer: `/${name}`,
      field: name,
      change: 'wrong-type' as const,
      breaks: TOKEN_STRING_FIELDS[name],
      rule: `${name} is ${wrong.what}`,
    })),
  );
}

function tokenMissing(body: TokenRequest): fc.Arbitrary<InvalidTokenCase> {
  const applicable = TOKEN_REQUIRED.filter((r) => r.grant === undefined || r.grant === body.grant_type);
  return fc.constantFrom(...applicable).map(({ field: name, breaks }) => {
    const { [name]: _removed, ...rest } = body as unknown as Record<string, unknown>;
    return {
      document: rest,
      pointer: `/${name}`,
      field: name,
      change: 'missing' as const,
      breaks,
      rule: `${name} is missing`,
    };
  });
}

function tokenUnlisted(body: TokenRequest): fc.Arbitrary<InvalidTokenCase> {
  return fc
    .constantFrom('password', 'implicit', 'client-credentials', 'AUTHORIZATION_CODE', 'token')
    .map((value) => ({
      document: { ...body, grant_type: value },
      pointer: '/grant_type',
      field: 'grant_type',
      change: 'unlisted-value' as const,
      breaks: GRANT_TYPE_VALUES,
      rule: `grant_type is "${value}", not one of the three flows`,
    }));
}

/**
 * A token request that breaks one rule of the body table (or the scope words), built on a valid request
 * of some grant type whose run-time values are `values` (placeholders by default).
 */
export function invalidTokenRequest(
  values: TokenRequestValues = TOKEN_PLACEHOLDERS,
): fc.Arbitrary<InvalidTokenCase> {
  // Wrong types and unlisted values on client_credentials (see WRONG_TYPE_FIELDS); missing fields on any
  // flow. No scope: the body table lists none, so a server may refuse one as an unsupported parameter,
  // which would hide the rule broken.
  const ownCredentials = validTokenRequest('client_credentials', []).chain((shape) => {
    const body = tokenRequestBody(shape, values);
    return fc.oneof(
      { weight: 2, arbitrary: tokenWrongType(body) },
      { weight: 1, arbitrary: tokenUnlisted(body) },
    );
  });
  const anyFlow = validTokenRequest(undefined, []).chain((shape) =>
    tokenMissing(tokenRequestBody(shape, values)),
  );
  return fc.oneof({ weight: 3, arbitrary: ownCredentials }, { weight: 1, arbitrary: anyFlow });
}

/** The placeholders of a case's document replaced by the run's values (a shallow body, and its lists). */
export function fillTokenRequest(
  document: Record<string, unknown>,
  values: TokenRequestValues,
): Record<string, unknown> {
  const byPlaceholder = new Map<unknown, string | undefined>([
    [TOKEN_PLACEHOLDERS.clientId, values.clientId],
    [TOKEN_PLACEHOLDERS.clientSecret, values.clientSecret],
    [TOKEN_PLACEHOLDERS.redirectUri, values.redirectUri],
    [TOKEN_PLACEHOLDERS.code, values.code],
    [TOKEN_PLACEHOLDERS.refreshToken, values.refreshToken],
  ]);
  const filled = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(filled) : byPlaceholder.has(value) ? byPlaceholder.get(value) : value;
  return Object.fromEntries(Object.entries(document).map(([key, value]) => [key, filled(value)]));
}
