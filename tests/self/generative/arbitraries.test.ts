/**
 * The arbitraries of factories/arbitraries/: valid documents pass the spec's schemas (and the industry's
 * profile) and carry the boundaries they promise; invalid ones break exactly the one rule they name; a
 * fixed seed draws the same documents.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { INDUSTRIES, SCOPES, type SchemaName } from '../../../lib/catalogue.ts';
import { AUTHENTICATION_TYPES } from '../../../factories/preference.ts';
import { GRANT_TYPES } from '../../../factories/token-request.ts';
import { validPreference } from '../../../factories/arbitraries/preference.ts';
import { tokenRequestBody, validTokenRequest } from '../../../factories/arbitraries/token-request.ts';
import {
  invalidPreference,
  invalidTokenRequest,
  preferenceRulesBroken,
  TOKEN_PLACEHOLDERS,
  TOKEN_RULES_BROKEN,
} from '../../../factories/arbitraries/invalid.ts';
import {
  authorizationHeader,
  malformedAuthorization,
  nonNumericValue,
} from '../../../factories/arbitraries/parameters.ts';
import { LARGE_AMOUNT, LONG_STRING_LENGTH, OFFSET_SUFFIX } from '../../../factories/arbitraries/values.ts';
import { validate } from '../../../schemas/registry.ts';

const SAMPLES_PER_INDUSTRY = 200;
const SEED = 20261123;
const REFERENCE_DATE = Date.UTC(2031, 0, 1);
const LATIN1_LAST = 0xff;

/** Every value of a document with the key it sits under. */
function* leaves(value: unknown, key = ''): Generator<[string, unknown]> {
  if (Array.isArray(value)) for (const item of value) yield* leaves(item, key);
  else if (typeof value === 'object' && value !== null) {
    for (const [name, inner] of Object.entries(value)) yield* leaves(inner, name);
  } else yield [key, value];
}

test(`${SAMPLES_PER_INDUSTRY} preferences per industry pass preference-request and the industry's profile, with no platform advice`, () => {
  for (const industry of INDUSTRIES) {
    const profile = `preference-request-${industry}` as SchemaName;
    for (const document of fc.sample(validPreference(industry), {
      numRuns: SAMPLES_PER_INDUSTRY,
      seed: SEED,
    })) {
      for (const name of ['preference-request', profile] as const) {
        const outcome = validate(name, document, 'strict');
        expect(outcome.violations, `${industry} ${name}: ${JSON.stringify(document)}`).toEqual([]);
        expect(outcome.advice, `${industry} ${name}`).toEqual([]);
      }
    }
  }
});

test('generated preferences reach every listed value and boundary of their types', () => {
  const documents = INDUSTRIES.flatMap((industry) =>
    fc.sample(validPreference(industry, { referenceDate: REFERENCE_DATE }), { numRuns: 100, seed: SEED }),
  );
  const values = documents.flatMap((d) => [...leaves(d)]);
  const of = (key: string) => values.filter(([k]) => k === key).map(([, v]) => v);
  const strings = values.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  const offsets = new Set(
    strings.filter((v) => /^\d{4}-\d{2}-\d{2}T/.test(v)).map((v) => OFFSET_SUFFIX.exec(v)?.[1]),
  );

  expect(new Set(of('authentication_type'))).toEqual(new Set(AUTHENTICATION_TYPES));
  for (const nullable of ['default_installments', 'default_payment_method_id', 'installments']) {
    expect(of(nullable), nullable).toContain(null);
    expect(
      of(nullable).some((v) => v !== null),
      nullable,
    ).toBe(true);
  }
  for (const offset of ['+14:00', '-12:00', 'Z', '+05:45']) expect([...offsets]).toContain(offset);
  expect(strings.some((s) => s.length > LONG_STRING_LENGTH)).toBe(true);
  expect(strings.some((s) => s === '')).toBe(true);
  expect(strings.some((s) => [...s].some((ch) => ch.codePointAt(0)! > LATIN1_LAST))).toBe(true);
  expect(of('quantity')).toContain(0);
  expect(of('quantity').some((q) => typeof q === 'number' && q < 0)).toBe(true);
  expect(of('unit_price').some((p) => typeof p === 'number' && p > LARGE_AMOUNT)).toBe(true);
  const paymentMethods = documents.flatMap((d) => (d.payment_methods ? [d.payment_methods] : []));
  expect(
    paymentMethods.some(
      (p) => Array.isArray(p.excluded_payment_methods) && p.excluded_payment_methods.length === 0,
    ),
  ).toBe(true);
  expect(documents.some((d) => d.expires === false && d.date_of_expiration !== undefined)).toBe(true);
  // Optional fields appear and stay away: combinations, not one fixed shape.
  for (const optional of ['expires', 'auto_return', 'payment_methods', 'date_of_expiration', 'back_urls']) {
    const present = documents.filter((d) => optional in d).length;
    expect(present, optional).toBeGreaterThan(0);
    expect(present, optional).toBeLessThan(documents.length);
  }
});

test('an invalid preference breaks exactly the one rule it names, in the request shape and its industry profile', () => {
  const named = new Set(preferenceRulesBroken());
  const seen = new Set<string>();
  for (const c of fc.sample(invalidPreference(), { numRuns: 600, seed: SEED })) {
    seen.add(c.breaks);
    expect(named.has(c.breaks), c.breaks).toBe(true);
    for (const name of ['preference-request', `preference-request-${c.industry}`] as SchemaName[]) {
      const { violations } = validate(name, c.document, 'strict');
      const summary = `${c.rule} [${c.breaks}] under ${name}: ${JSON.stringify(violations.map((v) => [v.pointer, v.keyword, v.basis]))}`;
      expect(violations.length, summary).toBeGreaterThan(0);
      for (const v of violations) {
        expect(v.pointer, summary).toBe(c.pointer);
        expect(v.basis, summary).toBe(c.breaks);
      }
    }
  }
  // The draws reach most of the rules a test declares it may break.
  expect(seen.size).toBeGreaterThan(named.size * 0.6);
});

test('an invalid token request breaks exactly the one rule it names', () => {
  const cases = fc.sample(invalidTokenRequest(), { numRuns: 400, seed: SEED });
  expect([...new Set(cases.map((c) => c.change))].sort()).toEqual([
    'missing',
    'unlisted-value',
    'wrong-type',
  ]);
  for (const c of cases) expect(TOKEN_RULES_BROKEN).toContain(c.breaks);
  // Scope words are the server's to judge (invalid_scope): such a body is otherwise valid, with one unlisted word.
  for (const c of cases.filter((c) => c.field === 'scope')) {
    expect(validate('token-request', c.document, 'strict').violations, c.rule).toEqual([]);
    const words = String(c.document.scope).split(' ');
    expect(
      words.filter((w) => !(SCOPES as readonly string[]).includes(w)),
      c.rule,
    ).toHaveLength(1);
  }
  for (const c of cases.filter((c) => c.field !== 'scope')) {
    const { violations } = validate('token-request', c.document, 'strict');
    expect(violations.length, c.rule).toBeGreaterThan(0);
    expect(
      violations.filter((v) => v.pointer !== c.pointer),
      c.rule,
    ).toEqual([]);
  }
});

test('every token request shape is a valid body of its grant, and the shapes cover the optional fields', () => {
  const shapes = fc.sample(validTokenRequest(), { numRuns: 300, seed: SEED });
  for (const shape of shapes) {
    const body = tokenRequestBody(shape, TOKEN_PLACEHOLDERS);
    expect(validate('token-request', body, 'strict').violations, JSON.stringify(body)).toEqual([]);
  }
  for (const words of shapes.flatMap((s) => (s.scope === undefined ? [] : [s.scope.split(' ')]))) {
    expect(new Set(words).size).toBe(words.length);
    for (const w of words) expect(SCOPES).toContain(w);
  }
  expect(new Set(shapes.map((s) => s.grantType))).toEqual(new Set(GRANT_TYPES));
  expect(new Set(shapes.map((s) => s.testToken))).toEqual(new Set(['true', 'false', undefined]));
  expect(
    shapes.some((s) => s.codeVerifier !== undefined && /^[A-Za-z0-9\-._~]{43,128}$/.test(s.codeVerifier)),
  ).toBe(true);
  expect(
    shapes.some((s) => s.codeVerifier !== undefined && !/^[A-Za-z0-9\-._~]{43,128}$/.test(s.codeVerifier)),
  ).toBe(true);
  expect(shapes.some((s) => s.scope === undefined)).toBe(true);
});

test('a non-numeric value is never a number, and a malformed Authorization header is never "Bearer <token>"', () => {
  for (const value of fc.sample(nonNumericValue(), { numRuns: 500, seed: SEED })) {
    expect(value).not.toBe('');
    expect(Number.isFinite(Number(value)) && value.trim() !== '', value).toBe(false);
    expect(value).not.toContain('/');
  }
  for (const malformed of fc.sample(malformedAuthorization(), { numRuns: 100, seed: SEED })) {
    expect(authorizationHeader(malformed, 'TOKEN-123')).not.toMatch(/^Bearer\s+\S+$/i);
  }
});

test('a fixed seed draws the same cases; another seed draws others', () => {
  const draw = (seed: number) =>
    JSON.stringify([
      fc.sample(validPreference('tourism', { referenceDate: REFERENCE_DATE }), { numRuns: 20, seed }),
      fc.sample(invalidPreference({ referenceDate: REFERENCE_DATE }), { numRuns: 20, seed }),
      fc.sample(validTokenRequest(), { numRuns: 20, seed }),
      fc.sample(invalidTokenRequest(), { numRuns: 20, seed }),
      fc.sample(nonNumericValue(), { numRuns: 20, seed }),
    ]);
  expect(draw(SEED)).toBe(draw(SEED));
  expect(draw(SEED + 1)).not.toBe(draw(SEED));
});
