import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { SchemaName } from '../../../lib/catalogue.ts';
import { ALLOWANCES, formatViolations, validate } from '../../../schemas/registry.ts';
import { REFERENCE_SAMPLES_ABSENT, REFERENCE_SAMPLES_DIR } from './support.ts';

/**
 * Every real sample, the schema it is a body of, and what it needs: [] = passes strict; otherwise the
 * exact (minimal) set of lenient allowances. docs/decisions.md "## Schemas" explains each departure.
 */
const SAMPLES: Record<string, { schema: SchemaName; allowances: string[] }> = {
  'chargeback.200.json': {
    schema: 'chargeback',
    allowances: ['chargeback-null-flags', 'chargeback-null-timestamps'],
  },
  'chargeback.200.legacy-guide.json': { schema: 'chargeback', allowances: [] },
  // Generated from a schema, "not a type reference" (SOURCES.md): checked leniently so its departures are named.
  'chargeback.200.api-reference-sample.json': {
    schema: 'chargeback',
    allowances: [
      'chargeback-amount-numeric-string',
      'chargeback-boolean-like-strings',
      'chargeback-empty-payment-objects',
    ],
  },
  'claim-open-dispute.201.json': { schema: 'mediation-response', allowances: [] },
  'error.400.card-token-not-found.json': { schema: 'error', allowances: [] },
  'error.400.invalid-credentials.json': { schema: 'error', allowances: [] },
  'error.401.json': { schema: 'error', allowances: [] },
  'error.404.json': { schema: 'error', allowances: [] },
  'oauth-token.400.invalid_grant.json': { schema: 'error', allowances: [] },
  'oauth-token.200.json': { schema: 'access-token-grant', allowances: ['token-type-capitalised'] },
  'oauth-token.200.sdk-go.json': {
    schema: 'access-token-grant',
    allowances: ['grant-without-account-fields', 'scope-unlisted-words', 'token-type-capitalised'],
  },
  'oauth-token.200.sdk-java.json': { schema: 'access-token-grant', allowances: [] },
  'oauth-token.refresh.200.sdk-java.json': {
    schema: 'access-token-grant',
    allowances: ['grant-without-account-fields'],
  },
  'preapproval-plan.200.json': { schema: 'subscription-plan', allowances: [] },
  'preapproval-plan.200.sdk-go.json': { schema: 'subscription-plan', allowances: [] },
  'preference.201.json': { schema: 'preference', allowances: ['preference-echo-blank-values'] },
  'preference.201.sdk-php.json': { schema: 'preference', allowances: ['preference-echo-blank-values'] },
  'release-report-schedule.200.json': {
    schema: 'release-report',
    allowances: ['release-report-missing-fields', 'release-report-user-id-placeholder'],
  },
  'settlement-report-config.200.json': {
    schema: 'settlement-report-config',
    allowances: [
      'settlement-flags-beside-frequency',
      'settlement-include-withdraw-spelling',
      'settlement-missing-fields',
    ],
  },
  'store.200.json': { schema: 'store', allowances: ['store-numeric-id'] },
};

/** Files that are not a JSON body, with the reason they cannot be validated. */
const NOT_VALIDATED: Record<string, string> = {
  'SOURCES.md': 'provenance notes, not a body',
  'oauth-token.200.client_credentials.NOT-VALID-JSON.txt': 'not valid JSON (user_id redacted as xxxxx)',
};

test.describe('reference samples', () => {
  test.skip(!existsSync(REFERENCE_SAMPLES_DIR), REFERENCE_SAMPLES_ABSENT);

  test('every file in the folder is classified', () => {
    const classified = [...Object.keys(SAMPLES), ...Object.keys(NOT_VALIDATED)].sort();
    expect(readdirSync(REFERENCE_SAMPLES_DIR).sort()).toEqual(classified);
  });

  for (const [file, { schema, allowances }] of Object.entries(SAMPLES)) {
    test(`${file} is a valid '${schema}' ${allowances.length ? 'under lenient only' : 'under strict'}`, () => {
      const body: unknown = JSON.parse(readFileSync(`${REFERENCE_SAMPLES_DIR}${file}`, 'utf8'));
      const strict = validate(schema, body, 'strict');
      const lenient = validate(schema, body, 'lenient');
      expect(lenient.valid, formatViolations(schema, lenient.violations)).toBe(true);
      expect(lenient.allowances).toEqual(allowances);
      expect(strict.valid, formatViolations(schema, strict.violations)).toBe(allowances.length === 0);
    });
  }

  test('ALLOWANCES lists, for each allowance, exactly the JSON samples that need it', () => {
    for (const [name, allowance] of Object.entries(ALLOWANCES)) {
      const needing = Object.entries(SAMPLES)
        .filter(([, sample]) => sample.allowances.includes(name))
        .map(([file]) => file);
      const listed = allowance.samples.filter((sample) => sample.endsWith('.json'));
      expect.soft(listed.sort(), name).toEqual(needing.sort());
    }
  });
});
