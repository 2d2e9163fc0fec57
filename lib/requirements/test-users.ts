/**
 * Requirements of test users: the test user resource (element of `results`), endpoint 5 (search test user)
 * and the Authentication item about its `access_token` query parameter.
 */
import type { RequirementData } from './types.ts';

const USER = 'Resources and their fields › Test user (element of results)';
const ENDPOINT = 'Endpoints › 5. Search test user';
const AUTH = 'Authentication';

export const TEST_USERS_REQUIREMENTS = [
  {
    id: 'test-user.fields-present',
    section: USER,
    quote: 'Test user (element of results)',
    kind: 'required-field',
    endpoints: ['test-user-search'],
    fields: [
      { schema: 'test-user-search-result', pointer: '/results/*/id' },
      { schema: 'test-user-search-result', pointer: '/results/*/nickname' },
      { schema: 'test-user-search-result', pointer: '/results/*/site_status' },
      { schema: 'test-user-search-result', pointer: '/results/*/site_id' },
      { schema: 'test-user-search-result', pointer: '/results/*/email' },
      { schema: 'test-user-search-result', pointer: '/results/*/date_created' },
      { schema: 'test-user-search-result', pointer: '/results/*/date_last_updated' },
    ],
    testable: true,
  },
  {
    id: 'test-user.id-number',
    section: USER,
    quote: 'id (number), nickname (string)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results/*/id' }],
    testable: true,
  },
  {
    id: 'test-user.nickname-string',
    section: USER,
    quote: 'nickname (string)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results/*/nickname' }],
    testable: true,
  },
  {
    id: 'test-user.site-status-string',
    section: USER,
    quote: 'site_status (string)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results/*/site_status' }],
    testable: true,
  },
  {
    id: 'test-user.site-id-string',
    section: USER,
    quote: 'site_id (string)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results/*/site_id' }],
    testable: true,
  },
  {
    id: 'test-user.email-string',
    section: USER,
    quote: 'email (string)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results/*/email' }],
    testable: true,
  },
  {
    id: 'test-user.date-created-timestamp',
    section: USER,
    quote: 'date_created (timestamp), date_last_updated (timestamp)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results/*/date_created' }],
    testable: true,
  },
  {
    id: 'test-user.date-last-updated-timestamp',
    section: USER,
    quote: 'date_last_updated (timestamp)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results/*/date_last_updated' }],
    testable: true,
  },

  // Endpoint 5: Search test user
  {
    id: 'test-user-search.route',
    section: ENDPOINT,
    quote: 'GET {base_url}/test_user/search',
    kind: 'flow-rule',
    endpoints: ['test-user-search'],
    testable: true,
  },
  {
    id: 'test-user-search.query-access-token-required',
    section: ENDPOINT,
    quote: 'Query access_token (string, required)',
    kind: 'flow-rule',
    endpoints: ['test-user-search'],
    testable: true,
  },
  {
    id: 'test-user-search.query-access-token-test-token',
    section: ENDPOINT,
    quote:
      'Query access_token (string, required): a test access token of the seller obtained through the authorization flow.',
    kind: 'flow-rule',
    endpoints: ['test-user-search'],
    testable: true,
  },
  {
    id: 'test-user-search.response-fields-present',
    section: ENDPOINT,
    quote: 'Response: total (integer, count found), results (array of test users).',
    kind: 'required-field',
    endpoints: ['test-user-search'],
    fields: [
      { schema: 'test-user-search-result', pointer: '/total' },
      { schema: 'test-user-search-result', pointer: '/results' },
    ],
    testable: true,
  },
  {
    id: 'test-user-search.total-integer',
    section: ENDPOINT,
    quote: 'total (integer, count found)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/total' }],
    testable: true,
  },
  {
    // "count found" read with "results (array of test users)": total counts the users the answer returns.
    // "count found" cannot be fewer than the users answered; equal counts are the platform's (advice),
    // since a target may answer one page of what it found.
    id: 'test-user-search.total-counts-results',
    section: ENDPOINT,
    quote: 'total (integer, count found), results (array of test users)',
    kind: 'flow-rule',
    endpoints: ['test-user-search'],
    testable: true,
  },
  {
    id: 'test-user-search.results-array',
    section: ENDPOINT,
    quote: 'results (array of test users)',
    kind: 'field-type',
    endpoints: ['test-user-search'],
    fields: [{ schema: 'test-user-search-result', pointer: '/results' }],
    testable: true,
  },

  // Authentication
  {
    id: 'auth.test-user-search-query-token',
    section: AUTH,
    quote: 'The test-user search additionally takes the token as query parameter access_token.',
    kind: 'authentication',
    endpoints: ['test-user-search'],
    testable: true,
  },
] as const satisfies readonly RequirementData[];
