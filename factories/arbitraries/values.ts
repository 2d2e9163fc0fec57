/**
 * Values of the kinds of lib/sure-valid.ts, drawn by fast-check in two families:
 * - sure-valid (`sureValue`): what every reading of the spec must accept (ordinary positive quantities
 *   and prices, the platform's currency codes, short printable text, dates near now with the platform's
 *   offsets): the generated acceptance checks draw only these;
 * - open (`openValue`): the other values of the same type, which the spec neither allows nor forbids
 *   (zero, negatives, extremes, unknown codes, empty, long or non-Latin text, far dates, unusual
 *   offsets): the generated robustness checks send these, and take a success or a documented refusal.
 * Every open value of a kind fails lib/sure-valid.ts's `isSureValue` for that kind (tests/self/generative/).
 */
import fc from 'fast-check';
import {
  IDENTIFICATION_NUMBER_FORMS,
  identificationNumberFrom,
  identificationTypesIn,
  PLATFORM_CURRENCIES,
  SURE,
  SURE_OFFSETS_MINUTES,
  WHOLE_AMOUNT_CURRENCIES,
  zipCodeFormatsIn,
  type IdentificationType,
  type PlatformCurrency,
  type SureKind,
} from '../../lib/sure-valid.ts';
import { DAY_MS } from '../timestamps.ts';

/** Over this many characters a string counts as long (a common column width a server might cut at). */
export const LONG_STRING_LENGTH = 200;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const LATIN1_LAST = 0xff;
const DIGITS = '0123456789';
/** Beyond Latin-1: CJK, Hangul, emoji, a flag. */
const BEYOND_LATIN = ['中', '文', '日', '本', '한', '😀', '🚀', '🇧🇷'];

const char = (alphabet: string) => fc.constantFrom(...alphabet);
const joined = (arb: fc.Arbitrary<string>, minLength: number, maxLength: number) =>
  fc.array(arb, { minLength, maxLength }).map((parts) => parts.join(''));

/** Sure-valid text: the characters of SURE.textCharacters, no space at either end, no double space. */
function sureText(): fc.Arbitrary<string> {
  const { min, max } = SURE.textLength;
  return joined(char(SURE.textCharacters), min, Math.min(max, 40)).map((text) => {
    const tidy = text.replace(/\s+/g, ' ').trim();
    return tidy === '' ? 'x' : tidy;
  });
}

/** A sure-valid code: letters and digits (hyphens and underscores inside). */
export function sureCode(minLength = 1, maxLength = 16): fc.Arbitrary<string> {
  return joined(char(`${LOWER}${LOWER.toUpperCase()}${DIGITS}`), minLength, maxLength);
}

/** A price in `currency`: cents where it has minor units, whole otherwise. */
export function surePrice(currency: PlatformCurrency | undefined): fc.Arbitrary<number> {
  const whole = currency !== undefined && WHOLE_AMOUNT_CURRENCIES.includes(currency);
  const cents = fc.integer({ min: Math.round(SURE.price.min * 100), max: 100_000_000 });
  return whole ? cents.map((c) => Math.max(1, Math.round(c / 100))) : cents.map((c) => c / 100);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `2027-03-01T20:00:00.000-03:00`: the wall-clock time of `epochMs` at `offsetMinutes`, or in UTC with `Z`. */
export function formatTimestamp(epochMs: number, offsetMinutes: number | 'Z', milliseconds = true): string {
  const minutes = offsetMinutes === 'Z' ? 0 : offsetMinutes;
  const wallClock = new Date(epochMs + minutes * 60_000).toISOString();
  const local = milliseconds ? wallClock.slice(0, 23) : wallClock.slice(0, 19);
  if (offsetMinutes === 'Z') return `${local}Z`;
  const sign = minutes < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** The numeric offset or `Z` a timestamp ends with. */
export const OFFSET_SUFFIX = /(Z|[+-]\d{2}:\d{2})$/;

/** Days after the reference date (1 January of this year) sure-valid future dates lie in: the next months. */
export const SURE_FUTURE_DAYS = [367, 730] as const;
/** Days before it sure-valid past dates lie in: the last years. */
export const SURE_PAST_DAYS = [-2900, -1] as const;

/** A timestamp between `fromDays` and `toDays` after `referenceDate`, in the platform's form. */
export function sureTimestamp(referenceDate: number, fromDays: number, toDays: number): fc.Arbitrary<string> {
  return fc
    .record({
      at: fc.integer({ min: referenceDate + fromDays * DAY_MS, max: referenceDate + toDays * DAY_MS }),
      offset: fc.constantFrom(...SURE_OFFSETS_MINUTES),
    })
    .map(({ at, offset }) => formatTimestamp(at, offset));
}

/** An https URL of the platform's markets' kind: a host, a short path, sometimes a query. */
function sureUrl(): fc.Arbitrary<string> {
  const label = joined(char(`${LOWER}${DIGITS}`), 1, 12);
  const host = fc
    .tuple(
      fc.array(label, { minLength: 1, maxLength: 2 }),
      fc.constantFrom('com', 'com.br', 'com.mx', 'example'),
    )
    .map(([labels, tld]) => `${labels.join('.')}.${tld}`);
  const path = fc.array(joined(char(`${LOWER}${DIGITS}-`), 1, 12), { maxLength: 3 });
  const query = fc.option(
    fc
      .tuple(joined(char(LOWER), 1, 8), joined(char(`${LOWER}${DIGITS}`), 1, 8))
      .map(([k, v]) => `?${k}=${v}`),
    { nil: '' },
  );
  return fc.tuple(host, path, query).map(([h, p, q]) => `https://${h}/${p.join('/')}${q}`);
}

function sureEmail(): fc.Arbitrary<string> {
  const word = joined(char(`${LOWER}${DIGITS}`), 1, 12);
  return fc
    .tuple(fc.array(word, { minLength: 1, maxLength: 2 }), word)
    .map(([local, domain]) => `${local.join('.')}@${domain}.example.com`);
}

/** A number of `type` every validator of the type accepts: a choice for each part of its form, then its check. */
export function sureIdentificationNumber(type: IdentificationType): fc.Arbitrary<string> {
  return fc
    .tuple(...IDENTIFICATION_NUMBER_FORMS[type].body.map((part) => fc.constantFrom(...part)))
    .map((parts) => identificationNumberFrom(type, parts.join('')))
    .filter((number): number is string => number !== undefined);
}

/** A document of the site whose currency is `currency` (any site's where it has none): a type and its number. */
export function sureIdentification(
  currency: PlatformCurrency | undefined,
): fc.Arbitrary<{ identification_type: IdentificationType; identification_number: string }> {
  return fc.constantFrom(...identificationTypesIn(currency)).chain((type) =>
    sureIdentificationNumber(type).map((number) => ({
      identification_type: type,
      identification_number: number,
    })),
  );
}

/** A postal code in the format of the site whose currency is `currency` (any site's where it has none). */
function sureZipCode(currency: PlatformCurrency | undefined): fc.Arbitrary<string> {
  return fc
    .constantFrom(...zipCodeFormatsIn(currency))
    .chain((format) =>
      fc
        .array(char(DIGITS), { minLength: format.length, maxLength: format.length })
        .map((digits) => [...format].map((ch, i) => (ch === '#' ? digits[i] : ch)).join('')),
    );
}

export interface SureValueOptions {
  /** Epoch ms dates are drawn around (1 January of the current year by default, as the factories). */
  referenceDate: number;
  /** The preference's currency, for its prices, documents and postal codes. */
  currency?: PlatformCurrency;
}

/** A sure-valid value of `kind`. */
export function sureValue(
  kind: SureKind,
  { referenceDate, currency }: SureValueOptions,
): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'text':
      return sureText();
    case 'code':
      return sureCode();
    case 'quantity':
      return fc.integer(SURE.quantity);
    case 'price':
      return surePrice(currency);
    case 'positive-integer':
      return fc.integer(SURE.positiveInteger);
    case 'phone-number':
      return fc.integer(SURE.phoneNumber);
    case 'currency':
      return fc.constantFrom(...PLATFORM_CURRENCIES);
    case 'future-timestamp':
      return sureTimestamp(referenceDate, ...SURE_FUTURE_DAYS);
    case 'past-timestamp':
      return sureTimestamp(referenceDate, ...SURE_PAST_DAYS);
    case 'url':
      return sureUrl();
    case 'email':
      return sureEmail();
    case 'boolean':
      return fc.boolean();
    case 'auto-return':
      return fc.constantFrom(...SURE.autoReturn);
    case 'shipment-mode':
      return fc.constantFrom(...SURE.shipmentMode);
    case 'authentication-type':
      return fc.constantFrom(...SURE.authenticationType);
    case 'item-category':
      return fc.constantFrom(...SURE.itemCategories);
    case 'identification-type':
      return fc.constantFrom(...identificationTypesIn(currency));
    // A number of one of the site's types; a preference draws it with its type (sureIdentification).
    case 'identification-number':
      return sureIdentification(currency).map((document) => document.identification_number);
    case 'zip-code':
      return sureZipCode(currency);
    case 'payment-method-id':
      return fc.constantFrom(...SURE.paymentMethodIds);
    case 'payment-type-id':
      return fc.constantFrom(...SURE.paymentTypeIds);
    case 'null':
      return fc.constant(null);
  }
}

const INT32_MAX = 2_147_483_647;
const longAscii = () => joined(char(`${LOWER}${DIGITS} `), LONG_STRING_LENGTH + 1, 300);
const beyondLatin = () =>
  joined(fc.oneof(char(LOWER), fc.constantFrom(...BEYOND_LATIN)), 1, 20).filter((s) =>
    [...s].some((ch) => ch.codePointAt(0)! > LATIN1_LAST),
  );
/** Text that breaks none of the string type, only the sure domain: empty, blank, long, non-Latin, markup, controls. */
function openText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      ' padded ',
      'two  spaces',
      'line\nbreak',
      'tab\there',
      '<b>bold</b>',
      'back\\slash',
    ),
    longAscii(),
    beyondLatin(),
  );
}

/** Far from now: a century away either side, or just over the sure window. */
function farDate(referenceDate: number, future: boolean): fc.Arbitrary<number> {
  return future
    ? fc.oneof(
        fc.integer({ min: referenceDate - 3650 * DAY_MS, max: referenceDate - 30 * DAY_MS }),
        fc.integer({ min: referenceDate + 1500 * DAY_MS, max: referenceDate + 36_500 * DAY_MS }),
      )
    : fc.oneof(
        fc.integer({ min: referenceDate - 36_500 * DAY_MS, max: referenceDate - 4500 * DAY_MS }),
        fc.integer({ min: referenceDate + 400 * DAY_MS, max: referenceDate + 3650 * DAY_MS }),
      );
}

/** A timestamp far from now, or near now in a form the platform does not write (other offsets, Z, no ms). */
function openTimestamp(referenceDate: number, future: boolean): fc.Arbitrary<string> {
  const near = future
    ? fc.integer({ min: referenceDate + 367 * DAY_MS, max: referenceDate + 700 * DAY_MS })
    : fc.integer({ min: referenceDate - 700 * DAY_MS, max: referenceDate - DAY_MS });
  return fc.oneof(
    fc
      .tuple(farDate(referenceDate, future), fc.constantFrom(...SURE_OFFSETS_MINUTES))
      .map(([at, offset]) => formatTimestamp(at, offset)),
    fc
      .tuple(near, fc.constantFrom<number | 'Z'>(840, -720, 345, 330, -570, 0, 'Z'))
      .map(([at, offset]) => formatTimestamp(at, offset)),
    fc
      .tuple(near, fc.constantFrom(...SURE_OFFSETS_MINUTES))
      .map(([at, offset]) => formatTimestamp(at, offset, false)),
  );
}

/**
 * The kinds with open values. A boolean has none (both values are sure); nor has `authentication_type`,
 * an enum the spec lists: its other values break the type, so a server must refuse them (typed refusals).
 */
export type OpenKind = Exclude<SureKind, 'boolean' | 'authentication-type'>;
export const hasOpenValues = (kind: SureKind): kind is OpenKind =>
  kind !== 'boolean' && kind !== 'authentication-type';

/** A value of `kind`'s type that is not sure-valid: the spec leaves it open. */
export function openValue(kind: OpenKind, referenceDate: number): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'text':
      return openText();
    case 'code':
      return fc.oneof(fc.constantFrom('', ' ', 'with space', 'ç-ñ'), longAscii());
    case 'quantity':
      return fc.constantFrom(0, -1, -100, 100, 10_000, INT32_MAX, Number.MAX_SAFE_INTEGER);
    case 'price':
      return fc.constantFrom(0, -0.01, -100, 0.001, 1.999, 1e-6, 99_999_999.99, 1e15);
    case 'positive-integer':
      return fc.constantFrom(0, -1, 100_000, INT32_MAX + 1, Number.MAX_SAFE_INTEGER);
    case 'phone-number':
      return fc.constantFrom(0, -1, 1, 999_999, 10_000_000_000, Number.MAX_SAFE_INTEGER);
    case 'currency':
      return fc.constantFrom('UDZ', 'brl', 'EUR', 'XXX', '', 'BRLX', 'R$');
    case 'future-timestamp':
      return openTimestamp(referenceDate, true);
    case 'past-timestamp':
      return openTimestamp(referenceDate, false);
    case 'url':
      return fc.oneof(
        fc.constantFrom(
          'http://seller.example.com/back',
          'https://seller.example.com:8443/back',
          'https://seller.example.com/caf%C3%A9',
          'HTTPS://SELLER.EXAMPLE.COM/BACK',
        ),
        joined(char(`${LOWER}${DIGITS}`), LONG_STRING_LENGTH, 260).map(
          (p) => `https://seller.example.com/${p}`,
        ),
      );
    case 'email':
      return fc.oneof(
        fc.constantFrom('First.Last@Example.com', 'name+tag@example.com.', 'quote"d@example.com'),
        joined(char(LOWER), 60, 64).map((local) => `${local}@example.com`),
      );
    case 'auto-return':
      return fc.constantFrom('', 'APPROVED', 'always', 'pending');
    // The platform's modes that need more than the request shape carries, and unknown ones.
    case 'shipment-mode':
      return fc.constantFrom('me2', 'custom', '', 'me1', 'CUSTOM', 'pickup');
    // Unknown codes: the platform's own forms in another case, near misses, codes of no list.
    case 'item-category':
      return fc.constantFrom('', 'ELECTRONICS', 'eletronico', 'MLB1000', 'unknown_category');
    case 'identification-type':
      return fc.constantFrom('', 'cpf', 'PASSPORT', 'SSN', 'Other');
    // Free text, a check digit off, eleven equal digits, punctuation, lower case, a thirteenth month.
    case 'identification-number':
      return fc.oneof(
        fc.constantFrom(
          '',
          'Pmmr',
          '9ovfPzKnP',
          '12345678901',
          '11111111111',
          '390.533.447-05',
          'gode561231gr8',
          'GODE561331GR8',
        ),
        longAscii(),
      );
    // Text, punctuation, Argentina's CPA, a CEP without its hyphen, a space.
    case 'zip-code':
      return fc.oneof(
        fc.constantFrom('', '/ÔBÇe:Ída', 'C1425ABC', '01310200', '1234-567', '12 345', 'ABCDE'),
        openText(),
      );
    case 'payment-method-id':
      return fc.constantFrom('', 'VISA', 'mastercard', 'unknown_method');
    case 'payment-type-id':
      return fc.constantFrom('', 'account_money', 'CREDIT_CARD', 'cash');
    case 'null':
      return fc.constantFrom(0, 1, 12, 36, 99, 'master', '');
  }
}
