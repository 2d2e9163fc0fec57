/** Every requirement quotes the spec verbatim (markdown and whitespace aside: lib/spec-text.ts). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { REQUIREMENTS } from '../../../lib/requirements/index.ts';
import { quoteOccursIn } from '../../../lib/spec-text.ts';

const SPEC = path.join(PROJECT_ROOT, '..', 'shared', 'spec', 'payments-platform-api.md');

test.describe('requirement quotes', () => {
  test.skip(
    !existsSync(SPEC),
    'the spec ../shared/spec/payments-platform-api.md is absent (only present beside a full checkout)',
  );

  test('every requirement quote occurs in the spec', () => {
    const spec = readFileSync(SPEC, 'utf8');
    const missing = REQUIREMENTS.filter((r) => !quoteOccursIn(r.quote, spec)).map(
      (r) => `${r.id}: ${r.quote}`,
    );
    expect(missing).toEqual([]);
  });

  test('a quote that is not in the spec is caught', () => {
    const spec = readFileSync(SPEC, 'utf8');
    const [first] = REQUIREMENTS;
    expect(first).toBeDefined();
    expect(quoteOccursIn(`${first!.quote} and something the spec never says`, spec)).toBe(false);
  });
});
