/**
 * The arbitraries of factories/arbitraries/: valid documents pass the spec's schemas (and the industry's
 * profile) and carry the boundaries they promise; invalid ones break exactly the one rule they name; a
 * fixed seed draws the same documents.
 *
 * A property over hundreds of draws collects the draws that break it and asserts once that there are
 * none: each expect() is a reported step, and one per draw made this file take a minute.
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
  const broken: string[] = [];
  let checked = 0;
  for (const industry of INDUSTRIES) {
    const profile = `preference-request-${industry}` as SchemaName;
    for (const document of fc.sample(validPreference(industry), {
      numRuns: SAMPLES_PER_INDUSTRY,
      seed: SEED,
    })) {
      for (const name of ['preference-request', profile] as const) {
        const { violations, advice } = validate(name, document, 'strict');
        checked += 1;
        if (violations.length > 0)
          broken.push(
            `${industry} ${name}: violations ${JSON.stringify(violations)} in ${JSON.stringify(document)}`,
          );
        if (advice.length > 0) broken.push(`${industry} ${name}: advice ${JSON.stringify(advice)}`);
      }
    }
  }
  expect(checked, 'validations made').toBe(INDUSTRIES.length * SAMPLES_PER_INDUSTRY * 2);
  expect(broken, 'documents with a violation or platform advice').toEqual([]);
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
  const wrong: string[] = [];
  const cases = fc.sample(invalidPreference(), { numRuns: 600, seed: SEED });
  for (const c of cases) {
    seen.add(c.breaks);
    if (!named.has(c.breaks)) wrong.push(`${c.rule}: breaks ${c.breaks}, a rule no test declares`);
    for (const name of ['preference-request', `preference-request-${c.industry}`] as SchemaName[]) {
      const { violations } = validate(name, c.document, 'strict');
      const summary = `${c.rule} [${c.breaks}] under ${name}: ${JSON.stringify(violations.map((v) => [v.pointer, v.keyword, v.basis]))}`;
      if (violations.length === 0) wrong.push(`${summary}: no violation`);
      if (violations.some((v) => v.pointer !== c.pointer))
        wrong.push(`${summary}: a violation at another pointer than ${c.pointer}`);
      if (violations.some((v) => v.basis !== c.breaks))
        wrong.push(`${summary}: a violation of another rule than ${c.breaks}`);
    }
  }
  expect(cases, 'cases drawn').toHaveLength(600);
  expect(wrong, 'cases that break no rule, another rule, or at another place').toEqual([]);
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
  const wrong: string[] = [];
  for (const c of cases)
    if (!TOKEN_RULES_BROKEN.includes(c.breaks)) wrong.push(`${c.rule}: breaks ${c.breaks}, not a token rule`);
  // Scope words are the server's to judge (invalid_scope): such a body is otherwise valid, with one unlisted word.
  const scopeCases = cases.filter((c) => c.field === 'scope');
  for (const c of scopeCases) {
    const { violations } = validate('token-request', c.document, 'strict');
    if (violations.length > 0) wrong.push(`${c.rule}: violations ${JSON.stringify(violations)}`);
    const words = String(c.document.scope).split(' ');
    const unlisted = words.filter((w) => !(SCOPES as readonly string[]).includes(w));
    if (unlisted.length !== 1) wrong.push(`${c.rule}: ${unlisted.length} unlisted scope words, not 1`);
  }
  for (const c of cases.filter((c) => c.field !== 'scope')) {
    const { violations } = validate('token-request', c.document, 'strict');
    if (violations.length === 0) wrong.push(`${c.rule}: no violation`);
    const elsewhere = violations.filter((v) => v.pointer !== c.pointer);
    if (elsewhere.length > 0) wrong.push(`${c.rule}: violations elsewhere ${JSON.stringify(elsewhere)}`);
  }
  expect(scopeCases.length, 'scope cases drawn').toBeGreaterThan(0);
  expect(wrong, 'cases that break another rule, or more than the one they name').toEqual([]);
});

test('every token request shape is a valid body of its grant, and the shapes cover the optional fields', () => {
  const shapes = fc.sample(validTokenRequest(), { numRuns: 300, seed: SEED });
  const wrong: string[] = [];
  for (const shape of shapes) {
    const body = tokenRequestBody(shape, TOKEN_PLACEHOLDERS);
    const { violations } = validate('token-request', body, 'strict');
    if (violations.length > 0) wrong.push(`${JSON.stringify(body)}: ${JSON.stringify(violations)}`);
  }
  for (const words of shapes.flatMap((s) => (s.scope === undefined ? [] : [s.scope.split(' ')]))) {
    if (new Set(words).size !== words.length) wrong.push(`scope "${words.join(' ')}" repeats a word`);
    for (const w of words)
      if (!(SCOPES as readonly string[]).includes(w)) wrong.push(`scope word ${w} is not listed`);
  }
  expect(shapes, 'shapes drawn').toHaveLength(300);
  expect(wrong, 'invalid bodies, repeated or unlisted scope words').toEqual([]);
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
  const values = fc.sample(nonNumericValue(), { numRuns: 500, seed: SEED });
  expect(values, 'values drawn').toHaveLength(500);
  expect(
    values.filter((value) => value === ''),
    'empty values',
  ).toEqual([]);
  expect(
    values.filter((value) => Number.isFinite(Number(value)) && value.trim() !== ''),
    'numeric values',
  ).toEqual([]);
  expect(
    values.filter((value) => value.includes('/')),
    'values with a slash',
  ).toEqual([]);
  const headers = fc
    .sample(malformedAuthorization(), { numRuns: 100, seed: SEED })
    .map((malformed) => authorizationHeader(malformed, 'TOKEN-123'));
  expect(headers, 'headers drawn').toHaveLength(100);
  expect(
    headers.filter((header) => /^Bearer\s+\S+$/i.test(header)),
    'well-formed "Bearer <token>" headers',
  ).toEqual([]);
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
