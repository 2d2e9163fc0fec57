/**
 * Generated requests to this area's endpoints that each break one typed rule of the spec (a field's
 * type or enum, a numeric path or query parameter, the Authorization header's form) are refused with
 * a 4xx; tests/support/typed-refusals.ts says why and how.
 */
import { test } from '../../support/fixtures.ts';
import { typedRuleRefusals } from '../../support/typed-refusals.ts';

test.describe('typed rules: one broken, the request refused (generated)', () => {
  for (const refusal of typedRuleRefusals('account-reports'))
    test(refusal.title, refusal.details, refusal.body);
});
