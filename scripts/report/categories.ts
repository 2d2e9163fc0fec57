/**
 * Allure 3 categories (the `categories` config key, shown in the report's Categories tab): they separate
 * environment trouble — the target unreachable, hanging, rate limiting or answering 5xx — from contract
 * violations — a schema mismatch, a wrong status, a missing documented code, a documented behaviour that
 * did not happen. First match wins, so the
 * environment rules come first: "expected 200, got 503" is a server in trouble, not a wrong status.
 *
 * The patterns follow the failure messages of tests/support/checks.ts and tests/support/api-client.ts;
 * tests/self/reports/categories.test.ts feeds those modules' real messages through these rules.
 */
import type { CategoryRule } from '@allurereport/core-api';

const FAILING = ['failed', 'broken'] as const;

export const CATEGORY_PATTERNS = {
  targetUnavailable:
    /TargetUnavailable|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|socket hang up|Timeout \d+ms exceeded|Test timeout of \d+ms exceeded/,
  rateLimited: /\bgot 429\b/,
  serverError: /\bgot 5\d\d\b/,
  wrongStatus: /expected HTTP status [\d ,or]+, got \d{3}|expected a 4xx rejection, got \d{3}/,
  wrongErrorCode: /expected code \S+ in error, code or cause\[\]\.code/,
  schemaMismatch: /\bschema\b/i,
  // The suite's other checks (checkThat, checkEqual, checkOneOf, ...): a yes/no rule that did not hold, or
  // `<rule>: expected X, got Y`. Colour codes (ESC[..m) may sit around the values in Playwright's message.
  behaviour:
    // eslint-disable-next-line no-control-regex -- matching those colour codes is the point
    /Expected: (?:\u001b\[\d+m)?true(?:\u001b\[\d+m)?\s+Received: (?:\u001b\[\d+m)?false|: expected .+, got /,
} as const;

export const CATEGORY_NAMES = {
  targetUnavailable: 'Environment trouble: target unreachable or timed out',
  rateLimited: 'Environment trouble: rate limited (429)',
  serverError: 'Environment trouble: server error (5xx, injected or not)',
  wrongStatus: 'Contract violation: wrong status',
  wrongErrorCode: 'Contract violation: wrong or missing error code',
  schemaMismatch: 'Contract violation: schema mismatch',
  behaviour: 'Contract violation: behaviour',
} as const;

type CategoryId = keyof typeof CATEGORY_NAMES;

/** In the order Allure tries them. */
const ORDER: readonly CategoryId[] = [
  'targetUnavailable',
  'rateLimited',
  'serverError',
  'wrongStatus',
  'wrongErrorCode',
  'schemaMismatch',
  'behaviour',
];

export const CONFORMANCE_CATEGORIES: CategoryRule[] = ORDER.map((id) => ({
  id,
  name: CATEGORY_NAMES[id],
  matchers: [{ statuses: FAILING, message: CATEGORY_PATTERNS[id] }],
  groupBy: [{ label: 'feature' }],
  expand: true,
}));
