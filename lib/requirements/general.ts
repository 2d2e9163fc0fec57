/**
 * Requirements that belong to no single area: the introduction and "What the service does", the bearer
 * rule of the Endpoints section and of Authentication, Events, the Errors section's two "not shown" lines
 * (its table rows are in errors.ts), Limits and Versioning.
 */
import type { EndpointId } from '../catalogue.ts';
import { CONFIGURABLE_LIFETIME, type RequirementData } from './types.ts';

const INTRO = 'Payments Platform API Specification';

const BEARER_ENDPOINTS = [
  'preference',
  'release-report-schedule',
  'subscription-plan',
  'test-user-search',
  'claim-reason',
  'claim',
  'settlement-report-config',
  'chargeback',
  'open-dispute',
  'store',
  'cancel-agreement',
] as const satisfies readonly EndpointId[];

const ALL_ENDPOINTS = ['token', ...BEARER_ENDPOINTS] as const satisfies readonly EndpointId[];

export const GENERAL_REQUIREMENTS = [
  // Introduction and What the service does
  {
    id: 'general.document-scope',
    section: INTRO,
    quote:
      'This document covers the whole service interface in one place: token issuing, checkout preference creation with industry-specific fields, account reports, subscription plans, test users, post-purchase claims, chargebacks, physical stores and wallet agreements.',
    kind: 'flow-rule',
    endpoints: [],
    testable: false,
    untestable: "describes the document's contents; each part is checked through its own requirements",
  },
  {
    id: 'general.addresses-relative-to-base-url',
    section: INTRO,
    quote: 'All addresses are relative to {base_url}.',
    kind: 'flow-rule',
    endpoints: ALL_ENDPOINTS,
    testable: false,
    untestable:
      "a notation of the document: the base URL is the target's configuration; the paths under it are checked by each endpoint's route requirement",
  },
  {
    // Every endpoint but cancel agreement ("Response: no body.") answers a body; token and preference take one.
    id: 'general.bodies-json',
    section: INTRO,
    quote: 'Bodies are JSON.',
    kind: 'flow-rule',
    endpoints: [
      'token',
      'preference',
      'release-report-schedule',
      'subscription-plan',
      'test-user-search',
      'claim-reason',
      'claim',
      'settlement-report-config',
      'chargeback',
      'open-dispute',
      'store',
    ],
    testable: true,
  },
  {
    id: 'general.service-functions',
    section: 'What the service does',
    quote: 'The service is a payments platform with a REST interface. It provides these functions:',
    kind: 'flow-rule',
    endpoints: [],
    testable: false,
    untestable:
      "describes the service's purpose; each function is checked through its endpoint's requirements",
  },

  // Endpoints and Authentication
  {
    id: 'auth.bearer-on-every-endpoint',
    section: 'Endpoints',
    quote: 'All endpoints except the token endpoint take Authorization: Bearer <ACCESS_TOKEN>.',
    kind: 'authentication',
    endpoints: BEARER_ENDPOINTS,
    testable: true,
  },
  {
    id: 'auth.bearer-header-on-requests',
    section: 'Authentication',
    quote:
      'Requests carry the header Authorization: Bearer <ACCESS_TOKEN>. The token is obtained through the token endpoint and sent on all requests except the token endpoint itself.',
    kind: 'authentication',
    endpoints: BEARER_ENDPOINTS,
    testable: true,
  },
  {
    id: 'auth.scopes-per-endpoint-not-shown',
    section: 'Authentication',
    quote: 'Scopes required per endpoint: not shown.',
    kind: 'authentication',
    endpoints: BEARER_ENDPOINTS,
    testable: false,
    untestable: "the spec says 'not shown'",
  },

  // Events
  {
    id: 'events.not-shown',
    section: 'Events',
    quote: 'Events: not shown.',
    kind: 'flow-rule',
    endpoints: [],
    testable: false,
    untestable: "the spec says 'not shown'",
  },
  {
    id: 'events.no-kinds-payloads-delivery',
    section: 'Events',
    quote: 'no event kinds, payloads or delivery rules are given.',
    kind: 'flow-rule',
    endpoints: ['preference'],
    testable: false,
    untestable: 'the spec gives no event kinds, payloads or delivery rules to check a notification against',
  },

  // Errors: the two lines after the table
  {
    id: 'errors.other-endpoints-not-shown',
    section: 'Errors',
    quote: 'Errors of the claim, claim-reason, chargeback and mediation endpoints: not shown.',
    kind: 'flow-rule',
    endpoints: ['claim', 'claim-reason', 'chargeback', 'open-dispute'],
    testable: false,
    untestable: "the spec says 'not shown'",
  },
  {
    id: 'errors.body-shape-not-shown',
    section: 'Errors',
    quote: 'Shape of the error response body: not shown.',
    kind: 'field-type',
    endpoints: ALL_ENDPOINTS,
    testable: false,
    untestable: "the spec says 'not shown'",
  },

  // Limits
  {
    id: 'limits.code-validity-10-minutes',
    section: 'Limits',
    quote:
      'Authorization code validity | 10 minutes from generation | Token endpoint, authorization_code flow',
    kind: 'limit',
    endpoints: ['token'],
    testable: true,
  },
  {
    id: 'limits.token-lifetime-default',
    section: 'Limits',
    quote:
      'Access token lifetime | 15552000 seconds (180 days) by default | Token endpoint response expires_in',
    kind: 'limit',
    endpoints: ['token'],
    fields: [{ schema: 'access-token-grant', pointer: '/expires_in' }],
    testable: false,
    untestable: CONFIGURABLE_LIFETIME,
  },
  {
    id: 'limits.rate-limit-429',
    section: 'Limits',
    quote: 'A rate-limit rejection is returned as HTTP 429 local_rate_limited by the token endpoint.',
    kind: 'flow-rule',
    endpoints: ['token'],
    testable: true,
  },
  {
    id: 'limits.numeric-limits-not-shown',
    section: 'Limits',
    quote: 'Numeric rate limits and size limits: not shown.',
    kind: 'limit',
    endpoints: ALL_ENDPOINTS,
    testable: false,
    untestable: "the spec says 'not shown'",
  },

  // Versioning
  {
    id: 'versioning.version-in-path',
    section: 'Versioning',
    quote:
      'The version is part of the path: /v1/ (account reports, chargebacks, claims actions), /v2/ (wallet agreements), /post-purchase/v1/ (claims and claim reasons). Other paths carry no version segment.',
    kind: 'flow-rule',
    endpoints: ALL_ENDPOINTS,
    testable: true,
  },
  {
    id: 'versioning.policy-not-shown',
    section: 'Versioning',
    quote: 'Versioning policy, deprecation and version headers: not shown.',
    kind: 'flow-rule',
    endpoints: ALL_ENDPOINTS,
    testable: false,
    untestable: "the spec says 'not shown'",
  },
] as const satisfies readonly RequirementData[];
