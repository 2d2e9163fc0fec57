import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DOCUMENTED_ERRORS } from '../../../lib/catalogue.ts';
import { ANNOTATION, labelsFor, neededAbilities, SPEC_DOCUMENT, specLinkFor } from '../../support/labels.ts';

test.describe('label contract', () => {
  test('covers() gives epic, feature, story, severity and ability tags', () => {
    const details = labelsFor('store')('store.400.INVALID_STORE_ID', { needs: ['faults'] });
    expect(details.annotation).toEqual([
      { type: ANNOTATION.epic, description: 'stores' },
      { type: ANNOTATION.feature, description: 'GET /stores/{id}' },
      { type: ANNOTATION.story, description: 'store.400.INVALID_STORE_ID' },
      { type: ANNOTATION.severity, description: 'normal' },
    ]);
    expect(details.tag).toEqual(['@needs-faults']);
    expect(neededAbilities(['@needs-faults', '@industry-retail'])).toEqual(['faults']);
  });

  test("every test of a destructive endpoint needs 'destructive', once", () => {
    expect(labelsFor('cancel-agreement')('cancel-agreement.success').tag).toEqual(['@needs-destructive']);
    expect(
      labelsFor('open-dispute')('open-dispute.success', { needs: ['fixtures', 'destructive'] }).tag,
    ).toEqual(['@needs-destructive', '@needs-fixtures']);
    expect(labelsFor('store')('store.success').tag).toEqual([]);
  });

  test('every Errors-table row is accepted as a story of its own endpoint', () => {
    for (const row of DOCUMENTED_ERRORS) {
      expect(() => labelsFor(row.endpoint)(row.key)).not.toThrow();
    }
  });

  test("a typo, another endpoint's key or an empty behaviour stops collection", () => {
    const covers = labelsFor('store');
    expect(() => covers('store.404')).toThrow(/neither/);
    expect(() => covers('token.400.invalid_client')).toThrow(/neither/);
    expect(() => covers('behaviour:')).toThrow(/neither/);
    expect(() => covers('behaviour:rejects-missing-token')).not.toThrow();
  });

  test('links a documented error to the Errors table and a success to its endpoint section', () => {
    expect(specLinkFor('GET /stores/{id}', 'store.400.INVALID_STORE_ID')?.name).toContain('Errors table');
    expect(specLinkFor('GET /stores/{id}', 'store.success')?.name).toContain('§11');
  });

  test('links the spec by an absolute file URL, only where the spec is beside the checkout', () => {
    const { url } = specLinkFor('GET /stores/{id}', 'store.400.INVALID_STORE_ID') ?? {};
    const specPresent = existsSync(new URL(`../../../${SPEC_DOCUMENT}`, import.meta.url));
    expect(url).toBe(
      specPresent ? `${new URL(`../../../${SPEC_DOCUMENT}`, import.meta.url).href}#errors` : undefined,
    );
  });
});
