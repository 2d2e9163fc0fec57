/**
 * Path, query and header values that break one typed rule of an endpoint other than the body: a path or
 * query parameter the spec types "number" given a value that is no number (claim_id, client.id), and an
 * Authorization header that is not `Bearer <ACCESS_TOKEN>` although it carries a valid token.
 */
import fc from 'fast-check';

/** A JSON or JavaScript numeric literal: such strings are numbers, so they are never drawn as non-numbers. */
const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const DOTS_ONLY = /^\.+$/;

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const piece = (alphabet: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((c) => c.join(''));

/**
 * A non-empty value that is not a number: letters, digits mixed with letters, punctuation, spaces or
 * non-ASCII. Never only dots (a path segment `..` would change the route) and never a slash.
 */
export function nonNumericValue(): fc.Arbitrary<string> {
  return fc
    .oneof(
      piece(letters, 1, 12),
      fc.tuple(piece('0123456789', 1, 10), piece(letters, 1, 4)).map(([d, l]) => `${d}${l}`),
      fc.tuple(piece(letters, 1, 4), piece('0123456789', 1, 10)).map(([l, d]) => `${l}${d}`),
      fc
        .tuple(
          piece('0123456789', 1, 6),
          fc.constantFrom(' ', '-', '_', ',', '#', '%', ':'),
          piece('0123456789', 1, 6),
        )
        .map(([a, sep, b]) => `${a}${sep}${b}`),
      fc.constantFrom('NaN', 'Infinity', 'null', 'true', 'ñ', '中文', '😀', 'x1F'),
    )
    .filter(
      (value) =>
        // Number() reads hex, octal and binary literals too ("0x1F"): none of those either.
        !NUMERIC.test(value) &&
        !Number.isFinite(Number(value)) &&
        !DOTS_ONLY.test(value) &&
        !value.includes('/'),
    );
}

/** How an Authorization header departs from `Bearer <ACCESS_TOKEN>` (spec: Authentication 1). */
export type MalformedAuthorization =
  { form: 'other-scheme'; scheme: string } | { form: 'no-scheme' } | { form: 'scheme-only' };

export function malformedAuthorization(): fc.Arbitrary<MalformedAuthorization> {
  return fc.oneof(
    fc.constantFrom('Basic', 'Token', 'MAC', 'Digest', 'OAuth').map((scheme) => ({
      form: 'other-scheme' as const,
      scheme,
    })),
    fc.constant({ form: 'no-scheme' as const }),
    fc.constant({ form: 'scheme-only' as const }),
  );
}

/** The header value of a malformed Authorization carrying `token`. */
export function authorizationHeader(malformed: MalformedAuthorization, token: string): string {
  if (malformed.form === 'other-scheme') return `${malformed.scheme} ${token}`;
  if (malformed.form === 'no-scheme') return token;
  return 'Bearer';
}
