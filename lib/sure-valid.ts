/**
 * Which request values every reading of the spec must accept ("sure-valid"), as data: the generated
 * acceptance checks draw only from these domains (factories/arbitraries/), and a conformant server that
 * refuses every other value (the variant `refuses-open-values`) checks against them.
 *
 * The spec states types ("quantity | integer", "unit_price | float"), not ranges, lengths or alphabets,
 * and a real server validates what the spec leaves open. So a value is sure-valid only where no reading
 * of the spec could refuse it: ordinary positive quantities and prices, the platform's own currency codes,
 * short printable text, dates near now in the platform's own format. Every other value of a field's type
 * (zero, negatives, extremes, unknown codes, empty, long or unusual strings, far dates, unusual offsets)
 * is open: a server may take it or refuse it with a 4xx (docs/decisions.md, "Sure-valid and open values").
 */

/** The currency codes of the platform's own OpenAPI (components.schemas.CurrencyId). */
export const PLATFORM_CURRENCIES = [
  'ARS',
  'BRL',
  'MXN',
  'CLP',
  'COP',
  'PEN',
  'UYU',
  'BOB',
  'PYG',
  'USD',
  'CRC',
  'DOP',
  'HNL',
  'NIO',
  'GTQ',
  'VES',
] as const;
export type PlatformCurrency = (typeof PLATFORM_CURRENCIES)[number];

/** Currencies without minor units (ISO 4217); the platform refuses CLP amounts with decimals. */
export const WHOLE_AMOUNT_CURRENCIES: readonly PlatformCurrency[] = ['CLP', 'PYG'];

/** The UTC offsets of the platform's markets, in minutes: -03:00 to -06:00. */
export const SURE_OFFSETS_MINUTES = [-180, -240, -300, -360] as const;

const DAY_MS = 86_400_000;

export const SURE = {
  /**
   * Letters (ASCII and the accented ones of Portuguese and Spanish), digits, spaces and common punctuation;
   * no angle brackets, braces or backslashes, which a server may take for markup or escapes.
   */
  textCharacters: `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-'"&/()#:!?+%$*@_ÁÉÍÓÚÂÊÔÃÕÇÀÜÑáéíóúâêôãõçàüñ`,
  textLength: { min: 1, max: 100 },
  /** Identifiers and codes: ASCII letters, digits, hyphen and underscore. */
  codeCharacters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  codeLength: { min: 1, max: 40 },
  quantity: { min: 1, max: 99 },
  price: { min: 0.01, max: 10_000_000 },
  /** Area codes, street numbers. */
  positiveInteger: { min: 1, max: 99_999 },
  phoneNumber: { min: 1_000_000, max: 9_999_999_999 },
  /** How far a date may lie from now: the future ones, the past ones. */
  futureDays: { min: 0, max: 800 },
  pastDays: { min: 0, max: 3650 },
  urlLength: { max: 150 },
  emailLength: { max: 60 },
  listLength: { min: 1, max: 3 },
  /** The platform's enums (its OpenAPI) for fields whose allowed values the spec does not show. */
  autoReturn: ['approved', 'all'],
  shipmentMode: ['custom', 'me2', 'not_specified'],
  authenticationType: ['Gmail', 'Facebook', 'Native web', 'Other'],
  /**
   * The platform's item categories (its `GET /item_categories` list): the spec shows no allowed value of
   * `category_id`, as of `auto_return`, and a reading may take only its own list.
   */
  itemCategories: [
    'art',
    'baby',
    'coupons',
    'donations',
    'computing',
    'cameras',
    'video_games',
    'television',
    'car_electronics',
    'electronics',
    'automotive',
    'entertainment',
    'fashion',
    'games',
    'home',
    'musical',
    'phones',
    'services',
    'learnings',
    'tickets',
    'travels',
    'virtual_goods',
    'others',
  ],
  /**
   * Payment methods to exclude: Visa and Mastercard, whose ids (`visa`, `master`) every site of the platform
   * lists. An id the account's site does not know may be refused.
   */
  paymentMethodIds: ['visa', 'master'],
  /**
   * Payment types to exclude, of the platform's `payment_type_id` enum (its OpenAPI) those every site has;
   * `account_money`, the platform's own wallet, is not among them: a reading may keep it from exclusion.
   */
  paymentTypeIds: ['ticket', 'credit_card', 'debit_card'],
} as const;

/**
 * The identification types of the platform's sites (its OpenAPI's site overlays), by the site's currency.
 * A type of another site, or an unknown one, is open: a server may check the payer's document type.
 */
export const IDENTIFICATION_TYPES: Readonly<Partial<Record<PlatformCurrency, readonly string[]>>> = {
  ARS: ['DNI', 'CUIL', 'CUIT'],
  BRL: ['CPF', 'CNPJ'],
  MXN: ['RFC', 'CURP'],
  CLP: ['RUT'],
  COP: ['CC', 'NIT', 'CE'],
  PEN: ['DNI', 'CE', 'RUC'],
  UYU: ['CI'],
};

/** Every site's identification types: what a preference in a currency of no site of its own may carry. */
export const ALL_IDENTIFICATION_TYPES: readonly string[] = [
  ...new Set(Object.values(IDENTIFICATION_TYPES).flat()),
];

/** The identification types a preference in `currency` may carry (every site's where it has none of its own). */
export const identificationTypesIn = (currency: unknown): readonly string[] =>
  IDENTIFICATION_TYPES[currency as PlatformCurrency] ?? ALL_IDENTIFICATION_TYPES;

/** ISO 8601 with milliseconds and a numeric offset, the platform's own form. */
const SURE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}([+-])(\d{2}):(\d{2})$/;
const SURE_URL = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(\/[A-Za-z0-9._~-]*)*(\?[A-Za-z0-9._~=&-]*)?$/;
const SURE_EMAIL = /^[a-z0-9]+([.+][a-z0-9]+)*@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** What a request field's value must be to be sure-valid. */
export type SureKind =
  | 'text'
  | 'code'
  | 'quantity'
  | 'price'
  | 'positive-integer'
  | 'phone-number'
  | 'currency'
  | 'future-timestamp'
  | 'past-timestamp'
  | 'url'
  | 'email'
  | 'boolean'
  | 'auto-return'
  | 'shipment-mode'
  | 'authentication-type'
  | 'item-category'
  | 'identification-type'
  | 'payment-method-id'
  | 'payment-type-id'
  /** "nullable" with no type given: null is the one value every reading takes. */
  | 'null';

/** Every field of the preference request shape, by path (`[]` for each element of a list), and its kind. */
export const PREFERENCE_FIELD_KINDS: Readonly<Record<string, SureKind>> = {
  auto_return: 'auto-return',
  'back_urls.failure': 'url',
  'back_urls.pending': 'url',
  'back_urls.success': 'url',
  notification_url: 'url',
  expires: 'boolean',
  external_reference: 'code',
  date_of_expiration: 'future-timestamp',
  'items[].id': 'code',
  'items[].title': 'text',
  'items[].type': 'text',
  'items[].description': 'text',
  'items[].picture_url': 'url',
  'items[].category_id': 'item-category',
  'items[].currency_id': 'currency',
  'items[].quantity': 'quantity',
  'items[].unit_price': 'price',
  'items[].warranty': 'boolean',
  'items[].event_date': 'future-timestamp',
  'items[].category_descriptor.passenger.first_name': 'text',
  'items[].category_descriptor.passenger.last_name': 'text',
  'items[].category_descriptor.passenger.identification_type': 'identification-type',
  'items[].category_descriptor.passenger.identification_number': 'code',
  'items[].category_descriptor.route.departure': 'text',
  'items[].category_descriptor.route.destination': 'text',
  'items[].category_descriptor.route.departure_date_time': 'future-timestamp',
  'items[].category_descriptor.route.arrival_date_time': 'future-timestamp',
  'items[].category_descriptor.route.company': 'text',
  'payer.first_name': 'text',
  'payer.last_name': 'text',
  'payer.email': 'email',
  'payer.date_created': 'past-timestamp',
  'payer.identification.identification_type': 'identification-type',
  'payer.identification.identification_number': 'code',
  'payer.phone.area_code': 'positive-integer',
  'payer.phone.number': 'phone-number',
  'payer.address.zip_code': 'text',
  'payer.address.street_name': 'text',
  'payer.address.street_number': 'positive-integer',
  'payer.authentication_type': 'authentication-type',
  'payer.registration_date': 'past-timestamp',
  'payer.is_prime_user': 'boolean',
  'payer.is_first_purchase_online': 'boolean',
  'payer.last_purchase': 'past-timestamp',
  'payment_methods.excluded_payment_methods[].id': 'payment-method-id',
  'payment_methods.excluded_payment_types[].id': 'payment-type-id',
  'payment_methods.default_installments': 'null',
  'payment_methods.default_payment_method_id': 'null',
  'payment_methods.installments': 'null',
  'shipments.mode': 'shipment-mode',
  'shipments.receiver_address.zip_code': 'text',
  'shipments.receiver_address.street_name': 'text',
  'shipments.receiver_address.state_name': 'text',
  'shipments.receiver_address.city_name': 'text',
  'shipments.receiver_address.street_number': 'positive-integer',
  'shipments.express_shipment': 'boolean',
  'shipments.local_pickup': 'boolean',
};

/** A value a request carries that not every reading of the spec must accept, and why. */
export interface OpenValue {
  /** Where it sits, e.g. `items[0].quantity`. */
  at: string;
  value: unknown;
  why: string;
}

const inRange = (n: unknown, { min, max }: { min: number; max: number }) =>
  typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max;

const madeOf = (text: string, characters: string) => [...text].every((ch) => characters.includes(ch));

function isSureText(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    inRange([...value].length, SURE.textLength) &&
    madeOf(value, SURE.textCharacters) &&
    value.trim() === value &&
    !value.includes('  ')
  );
}

/** The offset in minutes of a timestamp in the platform's form, or undefined when it is not in that form. */
function sureOffsetOf(value: string): number | undefined {
  const match = SURE_TIMESTAMP.exec(value);
  if (!match) return undefined;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

function isSureTimestamp(value: unknown, now: number, days: { min: number; max: number }, future: boolean) {
  if (typeof value !== 'string') return false;
  const offset = sureOffsetOf(value);
  if (offset === undefined || !(SURE_OFFSETS_MINUTES as readonly number[]).includes(offset)) return false;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return false;
  const daysAway = (future ? at - now : now - at) / DAY_MS;
  return daysAway >= days.min && daysAway <= days.max;
}

/** Whether `value` is a sure-valid value of `kind`; `now` places the dates. */
export function isSureValue(kind: SureKind, value: unknown, now: number): boolean {
  switch (kind) {
    case 'text':
      return isSureText(value);
    case 'code':
      return (
        typeof value === 'string' &&
        inRange(value.length, SURE.codeLength) &&
        madeOf(value, SURE.codeCharacters)
      );
    case 'quantity':
      return Number.isInteger(value) && inRange(value, SURE.quantity);
    case 'price':
      return (
        inRange(value, SURE.price) &&
        Math.abs((value as number) * 100 - Math.round((value as number) * 100)) < 1e-6
      );
    case 'positive-integer':
      return Number.isInteger(value) && inRange(value, SURE.positiveInteger);
    case 'phone-number':
      return Number.isInteger(value) && inRange(value, SURE.phoneNumber);
    case 'currency':
      return (PLATFORM_CURRENCIES as readonly unknown[]).includes(value);
    case 'future-timestamp':
      return isSureTimestamp(value, now, SURE.futureDays, true);
    case 'past-timestamp':
      return isSureTimestamp(value, now, SURE.pastDays, false);
    case 'url':
      return typeof value === 'string' && value.length <= SURE.urlLength.max && SURE_URL.test(value);
    case 'email':
      return typeof value === 'string' && value.length <= SURE.emailLength.max && SURE_EMAIL.test(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'auto-return':
      return (SURE.autoReturn as readonly unknown[]).includes(value);
    case 'shipment-mode':
      return (SURE.shipmentMode as readonly unknown[]).includes(value);
    case 'authentication-type':
      return (SURE.authenticationType as readonly unknown[]).includes(value);
    case 'item-category':
      return (SURE.itemCategories as readonly unknown[]).includes(value);
    case 'identification-type':
      return ALL_IDENTIFICATION_TYPES.includes(value as string);
    case 'payment-method-id':
      return (SURE.paymentMethodIds as readonly unknown[]).includes(value);
    case 'payment-type-id':
      return (SURE.paymentTypeIds as readonly unknown[]).includes(value);
    case 'null':
      return value === null;
  }
}

/** Every value at `path` (`[]` for each element of a list) under `root`, with where it sits. */
function valuesAt(root: unknown, path: string): { at: string; value: unknown }[] {
  let found: { at: string; value: unknown }[] = [{ at: '', value: root }];
  for (const segment of path.split('.')) {
    const list = segment.endsWith('[]');
    const key = list ? segment.slice(0, -2) : segment;
    found = found.flatMap(({ at, value }) => {
      if (typeof value !== 'object' || value === null || !(key in value)) return [];
      const inner = (value as Record<string, unknown>)[key];
      const here = at === '' ? key : `${at}.${key}`;
      if (!list) return [{ at: here, value: inner }];
      return Array.isArray(inner)
        ? inner.map((item: unknown, i) => ({ at: `${here}[${i}]`, value: item }))
        : [];
    });
  }
  return found;
}

const object = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Values of a preference request that not every reading of the spec must accept: each field outside its
 * sure domain, and combinations a reading may refuse (currencies that differ between items, cents in a
 * currency without minor units, an arrival before its departure, `expires` false beside a
 * `date_of_expiration`, `auto_return` without `back_urls.success`, an empty list or an id twice in one, an
 * identification type of another site than the items' currency's). Fields the request shape does not
 * name are not judged here.
 */
export function openPreferenceValues(preference: unknown, now: number = Date.now()): OpenValue[] {
  const open: OpenValue[] = [];
  for (const [path, kind] of Object.entries(PREFERENCE_FIELD_KINDS)) {
    for (const { at, value } of valuesAt(preference, path))
      if (!isSureValue(kind, value, now)) open.push({ at, value, why: `not a sure-valid ${kind}` });
  }
  const body = object(preference);
  const items = Array.isArray(body.items) ? body.items.map(object) : [];
  if (items.length === 0) open.push({ at: 'items', value: body.items, why: 'no item' });
  const currencies = new Set(items.map((item) => item.currency_id).filter((c) => c !== undefined));
  if (currencies.size > 1)
    open.push({ at: 'items[].currency_id', value: [...currencies], why: 'items in different currencies' });
  items.forEach((item, i) => {
    if (
      (WHOLE_AMOUNT_CURRENCIES as readonly unknown[]).includes(item.currency_id) &&
      !Number.isInteger(item.unit_price)
    )
      open.push({
        at: `items[${i}].unit_price`,
        value: item.unit_price,
        why: `cents in ${String(item.currency_id)}`,
      });
    const route = object(object(item.category_descriptor).route);
    if (
      typeof route.departure_date_time === 'string' &&
      typeof route.arrival_date_time === 'string' &&
      !(Date.parse(route.arrival_date_time) > Date.parse(route.departure_date_time))
    )
      open.push({
        at: `items[${i}].category_descriptor.route`,
        value: route,
        why: 'arrival not after departure',
      });
  });
  if (body.expires === false && body.date_of_expiration !== undefined)
    open.push({ at: 'expires', value: false, why: 'expires false beside a date_of_expiration' });
  // The platform refuses an automatic return with nowhere to return to (back_urls.success).
  if (body.auto_return !== undefined && object(body.back_urls).success === undefined)
    open.push({ at: 'auto_return', value: body.auto_return, why: 'auto_return without back_urls.success' });
  for (const list of ['excluded_payment_methods', 'excluded_payment_types']) {
    const value = object(body.payment_methods)[list];
    if (!Array.isArray(value)) continue;
    if (!inRange(value.length, SURE.listLength))
      open.push({ at: `payment_methods.${list}`, value, why: `a list of ${value.length}` });
    const ids = value.map((entry) => object(entry).id);
    if (new Set(ids).size < ids.length)
      open.push({ at: `payment_methods.${list}`, value, why: 'an id excluded twice' });
  }
  // A payer's document of another site than the one whose currency the items carry.
  const currency = JSON.stringify([...currencies][0]);
  const documents = [
    ...valuesAt(preference, 'payer.identification.identification_type'),
    ...valuesAt(preference, 'items[].category_descriptor.passenger.identification_type'),
  ];
  for (const { at, value } of documents)
    if (
      ALL_IDENTIFICATION_TYPES.includes(value as string) &&
      !identificationTypesIn([...currencies][0]).includes(value as string)
    )
      open.push({ at, value, why: `not a document type of the site whose currency is ${currency}` });
  return open;
}

/** RFC 7636's code verifier: 43 to 128 unreserved characters. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * Values of a token request that not every reading of the spec must accept: a `test_token` that is not
 * the string "true" or "false" (the table's samples send a string), a `code_verifier` outside RFC 7636's
 * form ("Accepted in the body" says nothing of its form, and a server may check it).
 */
export function openTokenRequestValues(request: unknown): OpenValue[] {
  const body = object(request);
  const open: OpenValue[] = [];
  if ('test_token' in body && body.test_token !== 'true' && body.test_token !== 'false')
    open.push({ at: 'test_token', value: body.test_token, why: 'not the string "true" or "false"' });
  if (
    'code_verifier' in body &&
    !(typeof body.code_verifier === 'string' && PKCE_VERIFIER.test(body.code_verifier))
  )
    open.push({ at: 'code_verifier', value: body.code_verifier, why: "outside RFC 7636's form" });
  return open;
}
