/**
 * Which request values every reading of the spec must accept ("sure-valid"), as data: the generated
 * acceptance checks draw only from these domains (factories/arbitraries/), and a conformant server that
 * refuses every other value (the variant `refuses-open-values`) checks against them.
 *
 * The spec states types ("quantity | integer", "unit_price | float"), not ranges, lengths or alphabets,
 * and a real server validates what the spec leaves open. So a value is sure-valid only where no reading
 * of the spec could refuse it: ordinary positive quantities and prices, the platform's own currency codes,
 * short printable text, dates near now in the platform's own format, documents and postal codes as their
 * site writes them. Every other value of a field's type (zero, negatives, extremes, unknown codes, empty,
 * long or unusual strings, far dates, unusual offsets, a document number no validator of its type takes)
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
  /**
   * Of the platform's shipment modes, the one that asks nothing of the account or the request. `me2`
   * (Mercado Envíos) needs the service switched on for the account and the package's dimensions; `custom`
   * is the seller's own table of shipping costs, for which the request shape has no field. A server may
   * refuse either without them.
   */
  shipmentMode: ['not_specified'],
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

const SITE_IDENTIFICATION_TYPES = {
  ARS: ['DNI', 'CUIL', 'CUIT'],
  BRL: ['CPF', 'CNPJ'],
  MXN: ['RFC', 'CURP'],
  CLP: ['RUT'],
  COP: ['CC', 'NIT', 'CE'],
  PEN: ['DNI', 'CE', 'RUC'],
  UYU: ['CI'],
} as const;
/** The currencies of the platform's sites: each site's documents and postal codes are its own. */
export type SiteCurrency = keyof typeof SITE_IDENTIFICATION_TYPES;
export type IdentificationType = (typeof SITE_IDENTIFICATION_TYPES)[SiteCurrency][number];

/**
 * The identification types of the platform's sites (its OpenAPI's site overlays), by the site's currency.
 * A type of another site, or an unknown one, is open: a server may check the payer's document type.
 */
export const IDENTIFICATION_TYPES: Readonly<
  Partial<Record<PlatformCurrency, readonly IdentificationType[]>>
> = SITE_IDENTIFICATION_TYPES;

/** Every site's identification types: what a preference in a currency of no site of its own may carry. */
export const ALL_IDENTIFICATION_TYPES: readonly IdentificationType[] = [
  ...new Set(Object.values(IDENTIFICATION_TYPES).flat()),
];

/** The identification types a preference in `currency` may carry (every site's where it has none of its own). */
export const identificationTypesIn = (currency: unknown): readonly IdentificationType[] =>
  IDENTIFICATION_TYPES[currency as PlatformCurrency] ?? ALL_IDENTIFICATION_TYPES;

/** A run of characters of a document number: the strings it may be, all of one length. */
type Part = readonly string[];

const DIGIT: Part = [...'0123456789'];
const NON_ZERO_DIGIT: Part = [...'123456789'];
const LETTER: Part = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const times = (count: number, part: Part): Part[] => Array.from({ length: count }, () => part);
const digits = (count: number) => times(count, DIGIT);
const twoDigits = (from: number, to: number): Part =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0'));
/** A birth date, YYMMDD: a year every reading of two digits puts decades back, a day every month has. */
const BIRTH_DATE: Part[] = [twoDigits(50, 99), twoDigits(1, 12), twoDigits(1, 28)];
/** A Mexican key's initials (first surname's initial and first inner vowel, second surname's, name's) and birth date. */
const MEXICAN_KEY_START: Part[] = [LETTER, [...'AEIOU'], LETTER, LETTER, ...BIRTH_DATE];
const MEXICAN_STATES: Part = [
  ...'AS BC BS CC CL CM CS CH DF DG GT GR HG JC MC MN MS NT NL OC PL QT QR'.split(' '),
  ...'SP SL SR TC TS TL VZ YN ZS'.split(' '),
];
const MEXICAN_CONSONANT: Part = [...'BCDFGHJKLMNPQRSTVWXYZ'];
/** The characters of an RFC's homonymy key: no zero, no O. */
const RFC_HOMONYMY: Part = [...'123456789ABCDEFGHIJKLMNPQRSTUVWXYZ'];

/** Weights from `from` down to `to`. */
const descending = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
const reversed = (text: string) => [...text].reverse().join('');

/** Each character's place in `alphabet` times its weight, summed; the weights repeat. */
function weightedSum(characters: string, weights: readonly number[], alphabet = '0123456789'): number {
  return [...characters].reduce((sum, ch, i) => sum + alphabet.indexOf(ch) * weights[i % weights.length]!, 0);
}

/** 11 minus the weighted sum modulo 11: most of these documents' check, each writing 10 and 11 its own way. */
const elevenMinusSum = (characters: string, weights: readonly number[], alphabet?: string) =>
  11 - (weightedSum(characters, weights, alphabet) % 11);

/** Brazil's two digits, 10 and 11 written 0; the second weighs the first too. */
function brazilianCheck(body: string, weights: readonly number[]): string {
  const digitOf = (characters: string, of: readonly number[]) =>
    String((elevenMinusSum(characters, of) % 11) % 10);
  const first = digitOf(body, weights);
  return first + digitOf(body + first, [weights[0]! + 1, ...weights]);
}

/** Argentina's digit, 11 written 0; a body whose digit would be 10 has none (its holder gets another prefix). */
function argentineCheck(body: string): string | undefined {
  const digit = elevenMinusSum(body, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return digit === 10 ? undefined : String(digit % 11);
}

const noCheck = () => '';

export interface IdentificationNumberForm {
  /** What each run of the number before its check characters may be. */
  body: readonly Part[];
  /** The check characters `body` ends with ('' where the type has none); undefined where no number has that body. */
  check: (body: string) => string | undefined;
}

/**
 * The numbers of each identification type every validator of the type accepts: its length, its digits or
 * letters, its check digits, dates inside it a birth date could be; without the dots and hyphens people
 * write them with. A server may check the payer's document, so any other number under the type (the wrong
 * length, letters where it has digits, a wrong check digit, a thirteenth month) is open.
 */
export const IDENTIFICATION_NUMBER_FORMS: Readonly<Record<IdentificationType, IdentificationNumberForm>> = {
  // Argentina's are 7 or 8 digits, Peru's 8.
  DNI: { body: [NON_ZERO_DIGIT, ...digits(7)], check: noCheck },
  // A person's prefix (20, 27), the DNI, a check digit.
  CUIL: { body: [['20', '27'], ...digits(8)], check: argentineCheck },
  // A person's or a company's (30) prefix.
  CUIT: { body: [['20', '27', '30'], ...digits(8)], check: argentineCheck },
  // Eleven equal digits pass the arithmetic and no validator.
  CPF: {
    body: digits(9),
    check: (body) => (/^(\d)\1*$/.test(body) ? undefined : brazilianCheck(body, descending(10, 2))),
  },
  // A company's root and its head office (0001).
  CNPJ: {
    body: [...digits(8), ['0001']],
    check: (body) => brazilianCheck(body, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]),
  },
  // A person's: initials, birth date, homonymy key, a check character (A for 10).
  RFC: {
    body: [...MEXICAN_KEY_START, RFC_HOMONYMY, RFC_HOMONYMY],
    check: (body) => {
      const digit = elevenMinusSum(body, descending(13, 2), '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ');
      return digit === 10 ? 'A' : String(digit % 11);
    },
  },
  // Initials, birth date, sex, state of birth, inner consonants, a digit for a birth before 2000, check digit.
  CURP: {
    body: [...MEXICAN_KEY_START, ['H', 'M'], MEXICAN_STATES, ...times(3, MEXICAN_CONSONANT), DIGIT],
    check: (body) => {
      const sum = weightedSum(body, descending(18, 2), '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ');
      return String((10 - (sum % 10)) % 10);
    },
  },
  // A person's eight-digit body and a check character (K for 10), weights 2 to 7 from the right.
  RUT: {
    body: [['1', '2'], ...digits(7)],
    check: (body) => {
      const digit = elevenMinusSum(reversed(body), [2, 3, 4, 5, 6, 7]);
      return digit === 10 ? 'K' : String(digit % 11);
    },
  },
  // The ten digits, from 1, of the newer citizenship cards.
  CC: { body: [['1'], ...digits(9)], check: noCheck },
  // A company's nine digits (from 8 or 9) and a check digit, prime weights from the right.
  NIT: {
    body: [['8', '9'], ...digits(8)],
    check: (body) => {
      const sum = weightedSum(reversed(body), [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71]);
      return String(sum % 11 < 2 ? sum % 11 : 11 - (sum % 11));
    },
  },
  // Nine digits, the length of Peru's cards.
  CE: { body: [NON_ZERO_DIGIT, ...digits(8)], check: noCheck },
  // A person's (10) or a company's (20) prefix, eight digits, a check digit (10 written 0, 11 written 1).
  RUC: {
    body: [['10', '20'], ...digits(8)],
    check: (body) => String(elevenMinusSum(body, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 10),
  },
  // Seven digits and a check digit.
  CI: {
    body: [[...'123456'], ...digits(6)],
    check: (body) => String((10 - (weightedSum(body, [2, 9, 8, 7, 6, 3, 4]) % 10)) % 10),
  },
};

const isIdentificationType = (type: unknown): type is IdentificationType =>
  (ALL_IDENTIFICATION_TYPES as readonly unknown[]).includes(type);

/** The number of `type` that `body` (one choice of each part of its form) begins, or undefined where none does. */
export function identificationNumberFrom(type: IdentificationType, body: string): string | undefined {
  const check = IDENTIFICATION_NUMBER_FORMS[type].check(body);
  return check === undefined ? undefined : `${body}${check}`;
}

/** Whether `value` is a number of `type` every validator of the type accepts. */
export function isIdentificationNumberOf(type: unknown, value: unknown): boolean {
  if (!isIdentificationType(type) || typeof value !== 'string') return false;
  let at = 0;
  for (const part of IDENTIFICATION_NUMBER_FORMS[type].body) {
    const next = at + part[0]!.length;
    if (!part.includes(value.slice(at, next))) return false;
    at = next;
  }
  return identificationNumberFrom(type, value.slice(0, at)) === value;
}

/**
 * Each site's postal code, `#` a digit: its digits, with the hyphen Brazil writes. Letters (Argentina's
 * CPA), other separators, lengths or punctuation are open: a server may check the address it ships to.
 */
export const ZIP_CODE_FORMATS: Readonly<Record<SiteCurrency, string>> = {
  ARS: '####',
  BRL: '#####-###',
  MXN: '#####',
  CLP: '#######',
  COP: '######',
  PEN: '#####',
  UYU: '#####',
};

/** The postal code formats a preference in `currency` may carry (every site's where it has none of its own). */
export const zipCodeFormatsIn = (currency: unknown): readonly string[] => {
  const own = ZIP_CODE_FORMATS[currency as SiteCurrency] as string | undefined;
  return own === undefined ? Object.values(ZIP_CODE_FORMATS) : [own];
};

/** Whether `value` is a postal code of `format`. */
export const isZipCodeOf = (format: string, value: unknown): boolean =>
  typeof value === 'string' &&
  value.length === format.length &&
  [...format].every((ch, i) => (ch === '#' ? /\d/.test(value[i]!) : ch === value[i]));

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
  | 'identification-number'
  | 'zip-code'
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
  'items[].category_descriptor.passenger.identification_number': 'identification-number',
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
  'payer.identification.identification_number': 'identification-number',
  'payer.phone.area_code': 'positive-integer',
  'payer.phone.number': 'phone-number',
  'payer.address.zip_code': 'zip-code',
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
  'shipments.receiver_address.zip_code': 'zip-code',
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
      return isIdentificationType(value);
    // Beside its type, a number must be one of that type (openPreferenceValues); alone, of any.
    case 'identification-number':
      return ALL_IDENTIFICATION_TYPES.some((type) => isIdentificationNumberOf(type, value));
    // Beside a currency, a site's own (openPreferenceValues); alone, any site's.
    case 'zip-code':
      return Object.values(ZIP_CODE_FORMATS).some((format) => isZipCodeOf(format, value));
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
 * identification type or a postal code of another site than the items' currency's, a number of another
 * identification type than the one beside it). Fields the request shape does not name are not judged here.
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
  // A payer's document of another site than the one whose currency the items carry, or a number not of its type.
  const currency = JSON.stringify([...currencies][0]);
  const documents = [
    ...valuesAt(preference, 'payer.identification'),
    ...valuesAt(preference, 'items[].category_descriptor.passenger'),
  ];
  for (const { at, value } of documents) {
    const { identification_type: type, identification_number: number } = object(value);
    if (!isIdentificationType(type)) continue;
    if (!identificationTypesIn([...currencies][0]).includes(type))
      open.push({
        at: `${at}.identification_type`,
        value: type,
        why: `not a document type of the site whose currency is ${currency}`,
      });
    if (isSureValue('identification-number', number, now) && !isIdentificationNumberOf(type, number))
      open.push({ at: `${at}.identification_number`, value: number, why: `not a ${type} number` });
  }
  // A postal code of another site.
  for (const path of ['payer.address.zip_code', 'shipments.receiver_address.zip_code'])
    for (const { at, value } of valuesAt(preference, path))
      if (
        isSureValue('zip-code', value, now) &&
        !zipCodeFormatsIn([...currencies][0]).some((format) => isZipCodeOf(format, value))
      )
        open.push({ at, value, why: `not a postal code of the site whose currency is ${currency}` });
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
