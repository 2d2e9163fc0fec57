import { expect, test } from '@playwright/test';
import { INDUSTRIES, type SchemaName } from '../../../lib/catalogue.ts';
import {
  INVALID_PREFERENCE_VARIANTS,
  INVALID_TOKEN_REQUEST_VARIANTS,
  invalidPreference,
  invalidTokenRequest,
  type InvalidPreferenceVariant,
  type InvalidVariant,
} from '../../../factories/invalid.ts';
import { buildPreference } from '../../../factories/preference.ts';
import { buildTokenRequest } from '../../../factories/token-request.ts';
import { validate, type SchemaViolation } from '../../../schemas/registry.ts';

const SEEDS = [1, 2, 3, 42, 1234];

/** The keyword of a registry violation: its rule reads `<keyword> at <schema path>`. */
const keywordOf = (violation: SchemaViolation) => violation.rule.slice(0, violation.rule.indexOf(' at '));

/**
 * Rejected for the named rule, and for nothing else: every violation sits at the named pointer (a
 * timestamp or URL may fail its pattern and its format there, both the same broken rule). The rule is
 * the spec's, so the strict profile rejects it; the named keyword may be the spec layer's or, for a URL or
 * timestamp, the platform layer's stricter form of the same rule, so it is looked for with both layers on.
 */
function checkRejectedForItsRule(
  variant: InvalidVariant<unknown>,
  schema: SchemaName,
  broken: unknown,
): void {
  const strict = validate(schema, broken, 'strict');
  expect(strict.valid, `${schema} rejects it under strict`).toBe(false);
  expect(new Set(strict.violations.map((v) => v.pointer))).toEqual(new Set([variant.expect.pointer]));
  const bothLayers = validate(schema, broken, 'platform').violations;
  const found = bothLayers.map((v) => `${v.pointer} ${keywordOf(v)}`);
  expect(found).toContain(`${variant.expect.pointer} ${variant.expect.keyword}`);
  expect(new Set(bothLayers.map((v) => v.pointer))).toEqual(new Set([variant.expect.pointer]));
}

/**
 * 'request' variants are judged as a server would, without knowing the industry; 'profile' ones by the
 * industry's profile. Both must also fail the industry profile itself.
 */
function schemasJudging(variant: InvalidPreferenceVariant): SchemaName[] {
  const profile = `preference-request-${variant.industry}` as const;
  return variant.target === 'request' ? ['preference-request', profile] : [profile];
}

function firstOf<T>(list: readonly T[]): T {
  const [first] = list;
  if (first === undefined) throw new Error('the list is empty');
  return first;
}

test('variant names are unique across preference and token request variants', () => {
  const names = [...INVALID_PREFERENCE_VARIANTS, ...INVALID_TOKEN_REQUEST_VARIANTS].map((v) => v.name);
  expect(names).toHaveLength(new Set(names).size);
  for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test('preference variants cover both targets and every industry profile is exercised', () => {
  const targets = new Set(INVALID_PREFERENCE_VARIANTS.map((v) => v.target));
  expect(targets).toEqual(new Set(['request', 'profile']));
  const profileIndustries = new Set(
    INVALID_PREFERENCE_VARIANTS.filter((v) => v.target === 'profile').map((v) => v.industry),
  );
  expect(profileIndustries).toEqual(new Set(INDUSTRIES));
});

for (const variant of INVALID_PREFERENCE_VARIANTS) {
  test(`preference variant ${variant.name} (${variant.target}) is rejected for its rule`, () => {
    const schemas = schemasJudging(variant);
    for (const seed of SEEDS) {
      const valid = buildPreference(variant.industry, { seed });
      const before = JSON.stringify(valid);
      const broken = variant.apply(valid);
      expect(JSON.stringify(valid), 'apply must not change its input').toBe(before);
      expect(validate(`preference-request-${variant.industry}`, valid).valid).toBe(true);
      for (const schema of schemas) checkRejectedForItsRule(variant, schema, broken);
    }
  });
}

for (const variant of INVALID_TOKEN_REQUEST_VARIANTS) {
  test(`token request variant ${variant.name} is rejected for its rule`, () => {
    for (const seed of SEEDS) {
      const valid = buildTokenRequest(variant.grantType, { seed });
      const before = JSON.stringify(valid);
      const broken = variant.apply(valid);
      expect(JSON.stringify(valid), 'apply must not change its input').toBe(before);
      expect(validate('token-request', valid).valid).toBe(true);
      checkRejectedForItsRule(variant, 'token-request', broken);
    }
  });
}

test('the helpers build a variant from its own industry or grant type', () => {
  const preferenceVariant = firstOf(INVALID_PREFERENCE_VARIANTS);
  const tokenVariant = firstOf(INVALID_TOKEN_REQUEST_VARIANTS);
  expect(invalidPreference(preferenceVariant, { seed: 9 })).toEqual(
    preferenceVariant.apply(buildPreference(preferenceVariant.industry, { seed: 9 })),
  );
  expect(invalidTokenRequest(tokenVariant, { seed: 9 })).toEqual(
    tokenVariant.apply(buildTokenRequest(tokenVariant.grantType, { seed: 9 })),
  );
});
