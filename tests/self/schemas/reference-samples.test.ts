import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { AdviceId } from '../../../lib/advice.ts';
import { ALLOWANCES, type AllowanceName } from '../../../lib/allowances.ts';
import type { SchemaName } from '../../../lib/catalogue.ts';
import type { RequirementId } from '../../../lib/requirements/index.ts';
import { formatViolations, validate, type SchemaViolation } from '../../../schemas/registry.ts';
import { REFERENCE_SAMPLES_ABSENT, REFERENCE_SAMPLES_DIR } from './support.ts';

/**
 * Every real sample of the platform, the schema it is a body of, and how each profile judges it:
 * - strict: the requirements it breaks (none: it passes) and the platform facts it is advised on;
 * - lenient: it passes, needing exactly these allowances (the minimal set; lib/allowances.ts lists the
 *   samples of each allowance, and the last test here holds the two lists together);
 * - platform: the platform's own guide samples pass; a sample that does not says why.
 * Under lenient a sample keeps as advice exactly what fails it under platform: both apply the same allowances.
 */
interface SampleVerdicts {
  schema: SchemaName;
  breaks: RequirementId[];
  advice: AdviceId[];
  allowances: AllowanceName[];
  platform: 'passes' | { fails: AdviceId[]; why: string };
}

const SAMPLES: Record<string, SampleVerdicts> = {
  'chargeback.200.json': {
    schema: 'chargeback',
    breaks: [
      'chargeback.coverage-applied-boolean-like',
      'chargeback.date-created-string',
      'chargeback.date-documentation-deadline-string',
    ],
    advice: [],
    allowances: ['chargeback-null-flags', 'chargeback-null-timestamps'],
    platform: 'passes',
  },
  'chargeback.200.legacy-guide.json': {
    schema: 'chargeback',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  'chargeback.200.api-reference-sample.json': {
    schema: 'chargeback',
    breaks: ['chargeback.amount-number'],
    advice: ['platform.chargeback-flags-boolean', 'platform.identifiers-integers'],
    allowances: ['chargeback-amount-numeric-string', 'chargeback-payment-objects'],
    platform: {
      fails: ['platform.chargeback-flags-boolean'],
      why: 'generated from a schema, not a type reference (SOURCES.md): its flags are strings, unlike the guides',
    },
  },
  'claim-open-dispute.201.json': {
    schema: 'mediation-response',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  'error.400.card-token-not-found.json': {
    schema: 'error',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  'error.400.invalid-credentials.json': {
    schema: 'error',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  'error.401.json': { schema: 'error', breaks: [], advice: [], allowances: [], platform: 'passes' },
  'error.404.json': { schema: 'error', breaks: [], advice: [], allowances: [], platform: 'passes' },
  'oauth-token.400.invalid_grant.json': {
    schema: 'error',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  'oauth-token.200.json': {
    schema: 'access-token-grant',
    breaks: ['token.grant.token-type-bearer'],
    advice: [],
    allowances: ['token-type-capitalised'],
    platform: 'passes',
  },
  'oauth-token.200.sdk-go.json': {
    schema: 'access-token-grant',
    breaks: [
      'token.grant.fields-present',
      'token.grant.scope-allowed-values',
      'token.grant.token-type-bearer',
    ],
    advice: [],
    allowances: ['grant-without-account-fields', 'scope-unlisted-words', 'token-type-capitalised'],
    platform: 'passes',
  },
  'oauth-token.200.sdk-java.json': {
    schema: 'access-token-grant',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  'oauth-token.refresh.200.sdk-java.json': {
    schema: 'access-token-grant',
    breaks: ['token.grant.fields-present'],
    advice: [],
    allowances: ['grant-without-account-fields'],
    platform: 'passes',
  },
  'preapproval-plan.200.json': {
    schema: 'subscription-plan',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  'preapproval-plan.200.sdk-go.json': {
    schema: 'subscription-plan',
    breaks: [],
    advice: [],
    allowances: [],
    platform: 'passes',
  },
  // The spec shows no preference answer, so under strict the platform's answers only get advice.
  'preference.201.json': {
    schema: 'preference',
    breaks: [],
    advice: [
      'platform.email-addresses',
      'platform.preference-answer-shape',
      'platform.timestamps-rfc3339',
      'platform.urls-http',
    ],
    allowances: ['preference-echo-blank-values'],
    platform: 'passes',
  },
  'preference.201.sdk-php.json': {
    schema: 'preference',
    breaks: [],
    advice: [
      'platform.email-addresses',
      'platform.preference-answer-shape',
      'platform.timestamps-rfc3339',
      'platform.urls-http',
    ],
    allowances: ['preference-echo-blank-values'],
    platform: 'passes',
  },
  'release-report-schedule.200.json': {
    schema: 'release-report',
    breaks: ['release-report.fields-present', 'release-report.user-id-number'],
    advice: [],
    allowances: ['release-report-missing-fields', 'release-report-user-id-placeholder'],
    platform: 'passes',
  },
  'settlement-report-config.200.json': {
    schema: 'settlement-report-config',
    breaks: [
      'settlement-report-config.fields-present',
      'settlement-report-config.frequency-coupon-detailed-boolean',
      'settlement-report-config.frequency-shipping-detail-boolean',
      'settlement-report-config.frequency-show-chargeback-cancel-boolean',
      'settlement-report-config.frequency-show-fee-prevision-boolean',
    ],
    advice: [],
    allowances: [
      'settlement-flags-beside-frequency',
      'settlement-include-withdraw-spelling',
      'settlement-missing-fields',
    ],
    platform: 'passes',
  },
  'store.200.json': {
    schema: 'store',
    breaks: ['store.id-string'],
    advice: [],
    allowances: ['store-numeric-id'],
    platform: 'passes',
  },
};

/** Files that are not a JSON body, with the reason they cannot be validated. */
const NOT_VALIDATED: Record<string, string> = {
  'SOURCES.md': 'provenance notes, not a body',
  'oauth-token.200.client_credentials.NOT-VALID-JSON.txt': 'not valid JSON (user_id redacted as xxxxx)',
};

const failsUnderPlatform = (sample: SampleVerdicts): AdviceId[] =>
  sample.platform === 'passes' ? [] : sample.platform.fails;
const verdictUnderPlatform = (sample: SampleVerdicts): string =>
  sample.platform === 'passes' ? 'passes' : `fails (${sample.platform.why})`;

const bases = (violations: readonly SchemaViolation[]) => [...new Set(violations.map((v) => v.basis))].sort();

test.describe('reference samples', () => {
  test.skip(!existsSync(REFERENCE_SAMPLES_DIR), REFERENCE_SAMPLES_ABSENT);

  test('every file in the folder is classified', () => {
    const classified = [...Object.keys(SAMPLES), ...Object.keys(NOT_VALIDATED)].sort();
    expect(readdirSync(REFERENCE_SAMPLES_DIR).sort()).toEqual(classified);
  });

  for (const [file, expected] of Object.entries(SAMPLES)) {
    const { schema } = expected;
    const read = (): unknown => JSON.parse(readFileSync(`${REFERENCE_SAMPLES_DIR}${file}`, 'utf8'));

    test(`${file} under strict: ${expected.breaks.length ? 'fails' : 'passes'}, with the advice it earns`, () => {
      const strict = validate(schema, read(), 'strict');
      expect(bases(strict.violations), formatViolations(schema, strict.violations)).toEqual(
        [...expected.breaks].sort(),
      );
      expect(strict.valid).toBe(expected.breaks.length === 0);
      expect(bases(strict.advice), formatViolations(schema, strict.advice)).toEqual(
        [...expected.advice].sort(),
      );
      expect(strict.allowances).toEqual([]);
    });

    test(`${file} under lenient: passes with exactly the allowances it needs`, () => {
      const lenient = validate(schema, read(), 'lenient');
      expect(lenient.valid, formatViolations(schema, lenient.violations)).toBe(true);
      expect(lenient.allowances).toEqual(expected.allowances);
      expect(bases(lenient.advice), formatViolations(schema, lenient.advice)).toEqual(
        [...failsUnderPlatform(expected)].sort(),
      );
    });

    test(`${file} under platform: ${verdictUnderPlatform(expected)}`, () => {
      const platform = validate(schema, read(), 'platform');
      expect(platform.advice).toEqual([]);
      expect(bases(platform.violations), formatViolations(schema, platform.violations)).toEqual(
        [...failsUnderPlatform(expected)].sort(),
      );
      expect(platform.valid).toBe(failsUnderPlatform(expected).length === 0);
      expect(platform.allowances).toEqual(platform.valid ? expected.allowances : []);
    });
  }

  test('ALLOWANCES lists, for each allowance, exactly the JSON samples that need it under lenient', () => {
    for (const [name, allowance] of Object.entries(ALLOWANCES)) {
      const needing = Object.entries(SAMPLES)
        .filter(([, sample]) => (sample.allowances as readonly string[]).includes(name))
        .map(([file]) => file);
      const listed = allowance.samples.filter((sample: string) => sample.endsWith('.json'));
      expect.soft([...listed].sort(), name).toEqual(needing.sort());
    }
  });

  test('a sample ALLOWANCES names but cannot check is one of the files that are not JSON', () => {
    const unchecked = Object.values(ALLOWANCES).flatMap((a) =>
      a.samples.filter((sample: string) => !sample.endsWith('.json')),
    );
    for (const sample of unchecked) {
      const file = sample.replace(/ \(not JSON\)$/, '');
      expect(Object.keys(NOT_VALIDATED), sample).toContain(file);
    }
  });
});
