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
import { openPreference, validPreference } from '../../../factories/arbitraries/preference.ts';
import {
  openTokenRequest,
  tokenRequestBody,
  validTokenRequest,
} from '../../../factories/arbitraries/token-request.ts';
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
import {
  ALL_IDENTIFICATION_TYPES,
  identificationNumberFrom,
  isIdentificationNumberOf,
  openPreferenceValues,
  openTokenRequestValues,
  PLATFORM_CURRENCIES,
  PREFERENCE_FIELD_KINDS,
  type IdentificationType,
} from '../../../lib/sure-valid.ts';
import { validate } from '../../../schemas/registry.ts';
import { documentProblem, documentsAndZipCodes, zipCodeProblem } from '../factories/documents.ts';

const SAMPLES_PER_INDUSTRY = 200;
const SEED = 20261123;
const REFERENCE_DATE = Date.UTC(2031, 0, 1);

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

test('generated valid preferences carry only sure-valid values, and reach every listed value and the optional fields', () => {
  const now = Date.now();
  const documents = INDUSTRIES.flatMap((industry) =>
    fc.sample(validPreference(industry), { numRuns: 100, seed: SEED }),
  );
  const open = documents.flatMap((d) => openPreferenceValues(d, now));
  expect(open, 'values not every reading of the spec must accept').toEqual([]);
  const values = documents.flatMap((d) => [...leaves(d)]);
  const of = (key: string) => values.filter(([k]) => k === key).map(([, v]) => v);
  expect(new Set(of('authentication_type'))).toEqual(new Set(AUTHENTICATION_TYPES));
  expect(new Set(of('currency_id'))).toEqual(new Set(PLATFORM_CURRENCIES));
  const strings = values.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  expect(
    strings.some((s) => /[À-ÿ]/.test(s)),
    'accented Latin letters',
  ).toBe(true);
  // Optional fields appear and stay away: combinations, not one fixed shape.
  for (const optional of ['expires', 'auto_return', 'payment_methods', 'date_of_expiration', 'back_urls']) {
    const present = documents.filter((d) => optional in d).length;
    expect(present, optional).toBeGreaterThan(0);
    expect(present, optional).toBeLessThan(documents.length);
  }
});

test('an open preference carries a value the spec leaves open, of the right type, in every kind', () => {
  const now = Date.now();
  const cases = fc.sample(openPreference(), { numRuns: 600, seed: SEED });
  const wrong: string[] = [];
  const kinds = new Set<string>();
  for (const c of cases) {
    const open = openPreferenceValues(c.preference, now);
    if (open.length === 0) wrong.push(`${c.open.at} = ${JSON.stringify(c.open.value)}: no open value found`);
    const { violations } = validate('preference-request', c.preference, 'strict');
    const typed = violations.filter((v) => v.keyword === 'type' || v.keyword === 'enum');
    if (typed.length > 0) wrong.push(`${c.open.at}: breaks a type: ${JSON.stringify(typed)}`);
    const path = c.open.at.replace(/\[\d+\]/g, '[]');
    if (PREFERENCE_FIELD_KINDS[path]) kinds.add(PREFERENCE_FIELD_KINDS[path]);
  }
  expect(wrong, 'open cases that are not open, or break a type').toEqual([]);
  for (const kind of [
    'text',
    'code',
    'quantity',
    'price',
    'currency',
    'future-timestamp',
    'past-timestamp',
    'url',
    'null',
    'item-category',
    'identification-type',
    'identification-number',
    'zip-code',
    'shipment-mode',
    'payment-method-id',
    'payment-type-id',
  ])
    expect([...kinds], kind).toContain(kind);
  expect(
    cases.some((c) => c.open.at === 'items[].currency_id'),
    'items in two currencies',
  ).toBe(true);
});

test("codes of the platform's lists are sure-valid where they fit the preference; other codes, another site's document and an id excluded twice are open", () => {
  const now = Date.now();
  // A number each type takes (a PASSPORT's is any: the type itself is open).
  const numbers: Record<string, string> = { CNPJ: '16727230000197', CPF: '39053344705', RUT: '125319092' };
  const preference = (currency: string, type: string, methods: string[], category = 'electronics') => ({
    items: [
      { id: 'A1', title: 'Phone', category_id: category, quantity: 1, unit_price: 10, currency_id: currency },
    ],
    payer: {
      identification: { identification_type: type, identification_number: numbers[type] ?? '12345678' },
    },
    payment_methods: { excluded_payment_methods: methods.map((id) => ({ id })) },
  });
  const openAt = (document: unknown) =>
    openPreferenceValues(document, now).map(({ at, why }) => `${at}: ${why}`);
  expect(openAt(preference('ARS', 'DNI', ['visa', 'master']))).toEqual([]);
  expect(openAt(preference('BRL', 'CNPJ', ['master'], 'others'))).toEqual([]);
  expect(openAt(preference('ARS', 'CPF', ['visa']))).toEqual([
    'payer.identification.identification_type: not a document type of the site whose currency is "ARS"',
  ]);
  expect(openAt(preference('ARS', 'PASSPORT', ['visa']))).toEqual([
    'payer.identification.identification_type: not a sure-valid identification-type',
  ]);
  expect(openAt(preference('ARS', 'DNI', ['visa', 'visa']))).toEqual([
    'payment_methods.excluded_payment_methods: an id excluded twice',
  ]);
  expect(openAt(preference('ARS', 'DNI', ['amex'], 'eletronico'))).toEqual([
    'items[0].category_id: not a sure-valid item-category',
    'payment_methods.excluded_payment_methods[0].id: not a sure-valid payment-method-id',
  ]);
  // A currency of no site of its own takes any site's document.
  expect(openAt(preference('USD', 'RUT', ['visa']))).toEqual([]);
});

test("generated documents are numbers their type takes (a CPF's check digits, an RFC's real birth date), postal codes are the site's, and no shipment mode needs a service", () => {
  const documents = INDUSTRIES.flatMap((industry) =>
    fc.sample(validPreference(industry), { numRuns: 100, seed: SEED }),
  );
  const wrong: string[] = [];
  const types = new Set<unknown>();
  for (const preference of documents) {
    const { documents: identifications, zipCodes } = documentsAndZipCodes(preference);
    for (const { at, type, number } of identifications) {
      types.add(type);
      const problem = documentProblem(String(type), number);
      if (problem) wrong.push(`${at} ${String(type)} ${JSON.stringify(number)}: ${problem}`);
    }
    for (const { at, zip } of zipCodes) {
      const problem = zipCodeProblem(preference.items?.[0]?.currency_id, zip);
      if (problem) wrong.push(`${at}: ${problem}`);
    }
  }
  expect(wrong, 'documents and postal codes a validator may refuse').toEqual([]);
  expect([...types].sort(), 'every site type drawn').toEqual([...ALL_IDENTIFICATION_TYPES].sort());
  const modes = new Set(documents.map((d) => d.shipments?.mode).filter((mode) => mode !== undefined));
  expect([...modes], 'shipment modes').toEqual(['not_specified']);
});

test("the document table's check digits are the issuers': published numbers are taken, one character off refused; another type's number and another site's postal code are open", () => {
  // Numbers the issuers and public registries show: [type, number, check characters, sure-valid].
  const published: [IdentificationType, string, number, boolean][] = [
    ['CPF', '39053344705', 2, true],
    ['CNPJ', '16727230000197', 2, true],
    ['CUIT', '20267565393', 1, true],
    ['RUT', '125319092', 1, true],
    ['RUC', '20512333797', 1, true],
    ['NIT', '8001972684', 1, true],
    ['CI', '12345672', 1, true],
    // Right, but outside the dates every reading takes: a 31st, a birth in 1931.
    ['RFC', 'GODE561231GR8', 1, false],
    ['CURP', 'BOXW310820HNERXN09', 1, false],
  ];
  const wrong: string[] = [];
  for (const [type, number, checkLength, sure] of published) {
    const computed = identificationNumberFrom(type, number.slice(0, -checkLength));
    if (computed !== number) wrong.push(`${type} ${number}: the table computes ${computed}`);
    if (documentProblem(type, number)) wrong.push(`${type} ${number}: ${documentProblem(type, number)}`);
    if (isIdentificationNumberOf(type, number) !== sure)
      wrong.push(`${type} ${number}: sure-valid is not ${sure}`);
    const off = `${number.slice(0, -1)}${number.at(-1) === '0' ? '1' : '0'}`;
    if (isIdentificationNumberOf(type, off)) wrong.push(`${type} ${off} taken`);
  }
  // Taken by the arithmetic, refused by every validator; a thirteenth month.
  for (const [type, number] of [
    ['CPF', '11111111111'],
    ['RFC', 'KOKR286845DFU'],
    ['CPF', 'Pmmr'],
  ] as const)
    if (isIdentificationNumberOf(type, number)) wrong.push(`${type} ${number} taken`);
  expect(wrong).toEqual([]);
  const now = Date.now();
  const openAt = (currency: string, number: string, zip: string) =>
    openPreferenceValues(
      {
        items: [{ id: 'A1', title: 'Phone', quantity: 1, unit_price: 10, currency_id: currency }],
        payer: {
          identification: { identification_type: 'CPF', identification_number: number },
          address: { zip_code: zip, street_name: 'Av. Paulista', street_number: 1000 },
        },
      },
      now,
    ).map(({ at, why }) => `${at}: ${why}`);
  expect(openAt('BRL', '39053344705', '01310-200')).toEqual([]);
  expect(openAt('BRL', '16727230000197', '1425')).toEqual([
    'payer.identification.identification_number: not a CPF number',
    'payer.address.zip_code: not a postal code of the site whose currency is "BRL"',
  ]);
  expect(openAt('BRL', '9ovfPzKnP', '/ÔBÇe:Ída')).toEqual([
    'payer.identification.identification_number: not a sure-valid identification-number',
    'payer.address.zip_code: not a sure-valid zip-code',
  ]);
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
  // No scope anywhere: the body table lists none, so a server may refuse one as an unsupported parameter,
  // which would hide the rule broken.
  for (const c of cases) {
    if ('scope' in c.document) wrong.push(`${c.rule}: carries scope ${String(c.document.scope)}`);
    const { violations } = validate('token-request', c.document, 'strict');
    if (violations.length === 0) wrong.push(`${c.rule}: no violation`);
    const elsewhere = violations.filter((v) => v.pointer !== c.pointer);
    if (elsewhere.length > 0) wrong.push(`${c.rule}: violations elsewhere ${JSON.stringify(elsewhere)}`);
  }
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
  expect(shapes.some((s) => s.codeVerifier !== undefined)).toBe(true);
  const open = shapes.flatMap((s) => openTokenRequestValues(tokenRequestBody(s, TOKEN_PLACEHOLDERS)));
  expect(open, 'values not every reading of the spec must accept').toEqual([]);
  expect(shapes.some((s) => s.scope === undefined)).toBe(true);
});

test('an open token request carries exactly one value the spec leaves open, of the right type', () => {
  const cases = fc.sample(openTokenRequest(), { numRuns: 300, seed: SEED });
  const wrong: string[] = [];
  for (const c of cases) {
    const body = tokenRequestBody(c.shape, TOKEN_PLACEHOLDERS);
    const open = openTokenRequestValues(body);
    if (open.length !== 1 || open[0]!.at !== c.open.at)
      wrong.push(`${JSON.stringify(c.open)}: found ${JSON.stringify(open)}`);
  }
  expect(wrong).toEqual([]);
  expect(new Set(cases.map((c) => c.open.at))).toEqual(new Set(['code_verifier', 'test_token']));
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
