/**
 * Allure 3 categories (the `categories` config key, shown in the report's Categories tab): they separate
 * environment trouble — the target unreachable, hanging, rate limiting or answering 5xx — from contract
 * violations — a schema mismatch, a wrong status, a missing documented code. First match wins, so the
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
} as const;

export const CATEGORY_NAMES = {
  targetUnavailable: 'Environment trouble: target unreachable or timed out',
  rateLimited: 'Environment trouble: rate limited (429)',
  serverError: 'Environment trouble: server error (5xx, injected or not)',
  wrongStatus: 'Contract violation: wrong status',
  wrongErrorCode: 'Contract violation: wrong or missing error code',
  schemaMismatch: 'Contract violation: schema mismatch',
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
];

export const CONFORMANCE_CATEGORIES: CategoryRule[] = ORDER.map((id) => ({
  id,
  name: CATEGORY_NAMES[id],
  matchers: [{ statuses: FAILING, message: CATEGORY_PATTERNS[id] }],
  groupBy: [{ label: 'feature' }],
  expand: true,
}));
