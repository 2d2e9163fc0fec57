/**
 * Values of the types the spec names (string, integer, float, boolean, URL string, timestamp with UTC
 * offset), drawn with their boundaries on purpose: empty, long (over 200 characters) and non-ASCII
 * strings; 0, negative and very large numbers; offsets from -12:00 to +14:00 and `Z`. Every value is
 * valid for its type, so a server that refuses one deviates from the type the spec states.
 */
import fc from 'fast-check';
import { DAY_MS } from '../timestamps.ts';

/** Over this many characters a string counts as long (a common column width a server might cut at). */
export const LONG_STRING_LENGTH = 200;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ASCII_PRINTABLE = `${LOWER}${LOWER.toUpperCase()}0123456789 .,-_'"/()&#@!?+:;*%$=<>[]{}|\\^~\``;
/** Latin letters with diacritics (Portuguese, Spanish, French, German) and beyond Latin-1: CJK, Hangul, emoji. */
const NON_ASCII = [
  'á',
  'é',
  'í',
  'ó',
  'ú',
  'ã',
  'õ',
  'ç',
  'ñ',
  'ü',
  'ß',
  '€',
  '中',
  '文',
  '日',
  '本',
  '한',
  '😀',
  '🚀',
  '🇧🇷',
];

const char = (alphabet: string) => fc.constantFrom(...alphabet);
const joined = (arb: fc.Arbitrary<string>, minLength: number, maxLength: number) =>
  fc.array(arb, { minLength, maxLength }).map((parts) => parts.join(''));
const nonAsciiChar = fc.oneof(char(ASCII_PRINTABLE), fc.constantFrom(...NON_ASCII));

/** Any string: short ASCII, empty, long, non-ASCII, long non-ASCII. */
export function anyText(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: joined(char(ASCII_PRINTABLE), 1, 40) },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: joined(char(ASCII_PRINTABLE), LONG_STRING_LENGTH + 1, 300) },
    { weight: 2, arbitrary: joined(nonAsciiChar, 1, 40) },
    { weight: 1, arbitrary: joined(nonAsciiChar, LONG_STRING_LENGTH + 1, 260) },
  );
}

/** A non-empty string of letters and digits (codes, currencies): the values whose form a platform checks least. */
export function code(minLength = 1, maxLength = 12): fc.Arbitrary<string> {
  return joined(char(`${LOWER.toUpperCase()}0123456789`), minLength, maxLength);
}

const INT32_MAX = 2_147_483_647;

/** Any integer: 0, ±1, negative, the 32-bit and the safe-integer bounds, and ordinary values. */
export function anyInteger(): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(0, 1, -1, INT32_MAX, -INT32_MAX - 1) },
    { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 99_999 }) },
    { weight: 1, arbitrary: fc.integer({ min: -99_999, max: -1 }) },
    { weight: 1, arbitrary: fc.maxSafeInteger() },
  );
}

/** Above this an amount no longer fits a DECIMAL(10,2) column: the "very large" prices. */
export const LARGE_AMOUNT = 1e8;

/** Any finite number (the spec's "float"): 0, cents, negative, fractional and very large amounts. */
export function anyAmount(): fc.Arbitrary<number> {
  const cents = (min: number, max: number) => fc.integer({ min, max }).map((n) => n / 100);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(0, 0.01, -0.01, 0.1, 1, 999_999_999.99, 1e15) },
    { weight: 3, arbitrary: cents(1, 100_000_000) },
    { weight: 1, arbitrary: cents(-100_000, -1) },
    {
      weight: 2,
      arbitrary: fc.double({ min: LARGE_AMOUNT, max: 1e15, noNaN: true, noDefaultInfinity: true }),
    },
    // 0 and -0 both read as 0; -0 is left out so a sent document prints as it was drawn.
    { weight: 1, arbitrary: fc.double({ min: 1e-6, max: 1e6, noNaN: true, noDefaultInfinity: true }) },
  );
}

/** UTC offsets in minutes: the extremes (-12:00, +14:00), half and three-quarter hours, and zero. */
export const OFFSETS_MINUTES = [0, -180, -240, 330, 345, -570, 765, 840, -720] as const;
/** `Z` instead of a numeric offset. */
const ZULU = 'Z' as const;
export type Offset = (typeof OFFSETS_MINUTES)[number] | typeof ZULU;

export function offset(): fc.Arbitrary<Offset> {
  return fc.oneof(
    // The extremes and Z twice as often as the rest.
    { weight: 2, arbitrary: fc.constantFrom<Offset>(840, -720, ZULU) },
    { weight: 1, arbitrary: fc.constantFrom<Offset>(...OFFSETS_MINUTES) },
  );
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `2027-03-01T20:00:00.000+14:00`: the wall-clock time of `epochMs` at `zone`, with or without milliseconds. */
export function formatTimestamp(epochMs: number, zone: Offset, milliseconds: boolean): string {
  const minutes = zone === ZULU ? 0 : zone;
  const wallClock = new Date(epochMs + minutes * 60_000).toISOString();
  const local = milliseconds ? wallClock.slice(0, 23) : wallClock.slice(0, 19);
  if (zone === ZULU) return `${local}Z`;
  const sign = minutes < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** The numeric offset or `Z` a timestamp ends with. */
export const OFFSET_SUFFIX = /(Z|[+-]\d{2}:\d{2})$/;

/**
 * A timestamp with offset between `fromDays` and `toDays` days after `referenceDate` (negative: before),
 * to the millisecond, in one of the offsets above.
 */
export function timestamp(referenceDate: number, fromDays: number, toDays: number): fc.Arbitrary<string> {
  return fc
    .record({
      at: fc.integer({ min: referenceDate + fromDays * DAY_MS, max: referenceDate + toDays * DAY_MS }),
      zone: offset(),
      milliseconds: fc.boolean(),
    })
    .map(({ at, zone, milliseconds }) => formatTimestamp(at, zone, milliseconds));
}

const URL_SEGMENT_CHARS = `${LOWER}0123456789-._~`;

/** An absolute http(s) URL: ordinary, long (path over 200 characters), or with a percent-encoded non-ASCII path. */
export function url(): fc.Arbitrary<string> {
  const label = joined(char(`${LOWER}0123456789`), 1, 12);
  const host = fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'com.br', 'mx', 'example'))
    .map(([labels, tld]) => `${labels.join('.')}.${tld}`);
  const segment = fc.oneof(
    { weight: 4, arbitrary: joined(char(URL_SEGMENT_CHARS), 1, 16) },
    { weight: 1, arbitrary: fc.constantFrom(...NON_ASCII).map((c) => encodeURIComponent(c)) },
  );
  const path = fc.oneof(
    { weight: 4, arbitrary: fc.array(segment, { maxLength: 4 }).map((s) => s.join('/')) },
    { weight: 1, arbitrary: joined(char(URL_SEGMENT_CHARS), LONG_STRING_LENGTH + 1, 260) },
  );
  const query = fc.option(
    fc.tuple(joined(char(LOWER), 1, 8), joined(char(URL_SEGMENT_CHARS), 0, 12)).map(([k, v]) => `?${k}=${v}`),
    { nil: '' },
  );
  return fc
    .tuple(fc.constantFrom('https', 'http'), host, path, query)
    .map(([scheme, h, p, q]) => `${scheme}://${h}/${p}${q}`);
}

/** An e-mail address: ordinary or with a long local part, plus tags and dots. */
export function email(): fc.Arbitrary<string> {
  const word = joined(char(`${LOWER}0123456789`), 1, 20);
  const local = fc.oneof(
    { weight: 4, arbitrary: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join('.')) },
    { weight: 1, arbitrary: fc.tuple(word, word).map(([a, b]) => `${a}+${b}`) },
    { weight: 1, arbitrary: joined(char(LOWER), 60, 64) },
  );
  return fc.tuple(local, word).map(([l, domain]) => `${l}@${domain}.example.com`);
}
