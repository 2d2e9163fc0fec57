/**
 * Conformant variants: servers that read a point the spec leaves open differently from the reference mock
 * and still keep every requirement. Switched on with `npm run mock -- --variant NAME`; `npm run mutation`
 * proves the suite passes each under `strict` with zero failures (a failure would be a false alarm).
 * `reads` quotes the spec's silence (or the open wording) the variant relies on.
 */
import { DOCUMENTED_ERRORS } from '../../lib/requirements/index.ts';
import { STORE_BAD_REQUEST_ERROR } from '../../lib/requirements/errors.ts';
import { documentedCodesOf } from '../../lib/error-body.ts';
import { openPreferenceValues, openTokenRequestValues, type OpenValue } from '../../lib/sure-valid.ts';
import type { Profile } from '../../lib/profiles.ts';
import { AGREEMENT_CLIENT_ID_QUERY, endpointById } from '../../lib/catalogue.ts';
import { isNumericId, singleQueryParam } from '../routes/params.ts';
import type { Effect } from './effects.ts';
import { forbidden, MESSAGES, notFound } from '../errors.ts';
import {
  answerError,
  forEachObject,
  inUtc,
  isObject,
  isSuccess,
  mapValues,
  onError,
  onSuccess,
} from './rewrites.ts';

export interface VariantData {
  /** kebab-case. */
  name: string;
  /** One line: what the server does differently from the reference mock. */
  description: string;
  /** The open point it reads otherwise: the spec's words (or silence) that allow it. */
  reads: string;
  /**
   * The profile it must pass: strict unless set. A server that takes the platform's own forms where they
   * depart from the spec passes lenient (the profile for real targets), not strict; one proved under
   * platform is met by the whole suite, since that profile's facts apply to every endpoint.
   */
  profile?: Profile;
  effects: readonly Effect[];
}

const WEEKDAY = /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;
const SEARCH_QUERY_TOKEN = endpointById('test-user-search').queryToken!;
/** Objects keyed by data, where an extra key would be a new entry rather than an extra field. */
const MAPS = new Set(['business_hours']);

/** The documented machine codes of the row an error answers, as a minimal body carries them. */
function documentedCodes(endpoint: string, status: number, body: unknown): string[] {
  const carried = documentedCodesOf(body);
  return DOCUMENTED_ERRORS.filter((row) => row.endpoint === endpoint && row.status === status)
    .flatMap((row) =>
      row.code ? [row.code, ...(row.endpoint === 'store' ? [STORE_BAD_REQUEST_ERROR] : [])] : [],
    )
    .filter((code) => carried.includes(code));
}

/** Why a request with open values is refused: the first of them. */
const refusal = (open: readonly OpenValue[]) =>
  open[0] ? `${open[0].at}: ${open[0].why} (${JSON.stringify(open[0].value)})` : undefined;

/** A server taking a preference's fields only in the platform's forms (lib/request-forms.ts). */
export const PLATFORM_REQUEST_FORMS: readonly Effect[] = [
  { kind: 'set-rules', rules: { preferenceFieldForms: 'platform' } },
];

/**
 * The reference mock departs from the platform in one place the platform profile checks: it takes a
 * preference's fields in the spec's forms only. This variant takes the platform's, and is proved under
 * `platform` (lenient's allowances, and the platform's facts failing) over the whole suite: the base the
 * platform-fact mutants are built on (./catalogue.ts).
 */
export const PLATFORM_BASE = {
  name: 'platform-request-forms',
  description:
    "takes payer.phone and the street numbers only as strings and installments only as whole numbers, as the platform types them, and refuses the spec's forms",
  reads:
    "The platform's own OpenAPI types these fields so (lib/request-forms.ts); the lenient profile accepts the platform's known departures, and the platform profile asks for them.",
  profile: 'platform',
  effects: PLATFORM_REQUEST_FORMS,
} as const satisfies VariantData;

export const VARIANTS = [
  {
    name: 'refuses-open-values',
    description:
      'refuses with 400 every preference and token request carrying a value outside lib/sure-valid.ts (zero, negatives, extremes, unknown currencies, long or non-Latin text, far dates, unusual offsets)',
    reads:
      'The request tables state types ("quantity | integer", "unit_price | float", "currency_id | string"), not ranges, lengths or allowed values.',
    effects: [
      {
        kind: 'refuse-request',
        endpoint: 'preference',
        refuse: (body) => refusal(openPreferenceValues(body)),
      },
      { kind: 'refuse-request', endpoint: 'token', refuse: (body) => refusal(openTokenRequestValues(body)) },
    ],
  },
  {
    name: 'one-market-account',
    description:
      'takes preferences priced in ARS only, as an account in Argentina does, and refuses any other currency with 400 (its --print-env says PAYMENTS_CURRENCY=ARS)',
    reads:
      "Allowed values of `shipments.mode`, `auto_return`, `category_id`, `currency_id`: not shown (the platform takes an account's own market's currency only).",
    effects: [{ kind: 'set-rules', rules: { preferenceCurrency: 'ARS' } }],
  },
  {
    name: 'keeps-cancelled-agreements',
    description:
      'keeps a cancelled agreement: cancelling it again succeeds again, with no body, where the reference mock answers 404',
    reads:
      'Cancel agreement: "Errors: 400, 404, 500." Nothing says what a cancelled agreement becomes, so neither a 404 nor a refusal is due for it.',
    effects: [{ kind: 'set-rules', rules: { removeCancelledAgreements: false } }],
  },
  {
    name: 'test-users-for-seller-tokens-only',
    description:
      "answers the test-user search only for a test token obtained through the authorization flow (a code, or a refresh of it), refusing the application's own client_credentials tokens with 403, and only where the Authorization header carries that same token",
    reads:
      'Query `access_token` (string, required): a test access token of the seller obtained through the authorization flow; Authentication: the search "additionally takes the token as query parameter".',
    effects: [
      { kind: 'set-rules', rules: { testUserSearchTokens: 'seller-test-only' } },
      {
        kind: 'rewrite-response',
        endpoints: ['test-user-search'],
        rewrite: onSuccess((_body, response) => {
          // The token the bearer check read from the Authorization header, against the query's.
          const { request } = response;
          if (request.accessToken?.value === singleQueryParam(request.query, SEARCH_QUERY_TOKEN)) return;
          answerError(response, forbidden(MESSAGES.searchTokensDiffer));
        }),
      },
    ],
  },
  {
    name: 'test-user-search-by-query-token',
    description:
      "takes the test-user search's access_token query as its credential: a valid one authenticates without the Authorization header, and a token it does not take there (a live one) is answered 401",
    reads:
      'Authentication: "The test-user search additionally takes the token as query parameter access_token"; its errors "401, 403, 404, 405, 500" come with no condition.',
    effects: [
      {
        kind: 'set-rules',
        rules: { testUserSearchAuthentication: 'bearer-or-query', testUserSearchRefusal: 401 },
      },
    ],
  },
  {
    name: 'checks-platform-ids',
    description:
      'refuses with 400 a cancellation whose x-platform-id names no platform it knows (it knows none)',
    reads:
      'Cancel agreement: "x-platform-id (string, optional, for platforms or modules offering the service)" gives no value a server must take.',
    effects: [{ kind: 'set-rules', rules: { checkPlatformId: true } }],
  },
  {
    name: 'application-without-offline-access',
    description:
      'an application configured with the read and write scopes only: its grants carry those, and a request asking for offline_access is invalid_scope',
    reads:
      'Access token grant: scope "Defaults to the scopes configured for the application"; invalid_scope: "scope invalid, unknown or malformed". Which scopes an application may ask beyond its own is not said.',
    effects: [{ kind: 'set-rules', rules: { defaultScope: 'read write', onlyConfiguredScopes: true } }],
  },
  {
    name: 'refuses-scheduling-again',
    description:
      'refuses with 400 a release report schedule request while the configuration is already scheduled',
    reads:
      'States and transitions: the schedule request is stated only for a "configuration with scheduled = false"; asked again once scheduled, nothing is said.',
    effects: [{ kind: 'set-rules', rules: { scheduleWhenScheduled: 'refused' } }],
  },
  {
    name: 'answers-the-scheduled-report-again',
    description:
      'answers a release report schedule request made while already scheduled with the report it generated last, id and all',
    reads:
      'States and transitions: "A report is generated and returned" by the transition from scheduled = false; a request once scheduled need not generate another.',
    effects: [{ kind: 'set-rules', rules: { scheduleWhenScheduled: 'answers-last' } }],
  },
  {
    name: 'separate-report-configurations',
    description:
      "keeps the release report's configuration apart, as the platform does: scheduling it leaves the settlement report configuration's scheduled false",
    reads:
      'The platform serves /v1/account/release_report/config beside the settlement one; the lenient profile accepts it under the allowance separate-report-configurations.',
    profile: 'lenient',
    effects: [{ kind: 'set-rules', rules: { scheduleSetsScheduled: false } }],
  },
  {
    name: 'separate-configurations-refusing-again',
    description:
      "keeps the release report's configuration apart, as the platform does, and refuses a schedule request once that configuration is scheduled",
    reads:
      'The platform serves /v1/account/release_report/config beside the settlement one (allowance separate-report-configurations); States and transitions give the request only from scheduled false.',
    profile: 'lenient',
    effects: [
      { kind: 'set-rules', rules: { scheduleSetsScheduled: false, scheduleWhenScheduled: 'refused' } },
    ],
  },
  PLATFORM_BASE,
  {
    name: 'platform-answers',
    description:
      'answers as the platform\'s own samples and OpenAPI do: token_type "Bearer", refresh grants without user_id, public_key and live_mode, client_credentials grants without refresh_token, a store id as a number; claims, claim reasons, stores, chargebacks and plans in the OpenAPI\'s shapes',
    reads:
      "The platform's published answers (reference samples oauth-token.200.json, oauth-token.refresh.200.sdk-java.json, the client_credentials issue report, store.200.json) and its official OpenAPI's response schemas (lib/allowances.ts `openapi`); the lenient profile accepts them, each under its named allowance.",
    profile: 'lenient',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['token'],
        rewrite: onSuccess((body, { request }) => {
          body.token_type = 'Bearer';
          const grantType = isObject(request.body) ? request.body.grant_type : undefined;
          if (grantType === 'refresh_token') {
            delete body.user_id;
            delete body.public_key;
            delete body.live_mode;
          }
          if (grantType === 'client_credentials') delete body.refresh_token;
        }),
      },
      {
        kind: 'rewrite-response',
        endpoints: ['store'],
        rewrite: onSuccess((body) => {
          if (typeof body.id === 'string' && /^\d+$/.test(body.id)) body.id = Number(body.id);
          // The OpenAPI's Store: date_created, and the address in parts.
          body.date_created = body.date_creation;
          delete body.date_creation;
          if (isObject(body.location)) {
            const { latitude, longitude } = body.location;
            body.location = { street_name: 'Rua Ângelo Piva', street_number: '120', latitude, longitude };
          }
        }),
      },
      {
        kind: 'rewrite-response',
        endpoints: ['claim'],
        // The OpenAPI's Claim: no resource_id, parent_id, fulfilled, quantity_type, site_id or players'
        // type; available actions by name.
        rewrite: onSuccess((body) => {
          for (const field of ['resource_id', 'parent_id', 'fulfilled', 'quantity_type', 'site_id'])
            delete body[field];
          if (!Array.isArray(body.players)) return;
          for (const player of body.players.filter(isObject)) {
            delete player.type;
            const actions: unknown = player.available_actions;
            if (Array.isArray(actions))
              player.available_actions = actions.map((a: unknown) => (isObject(a) ? a.action : a));
          }
        }),
      },
      {
        kind: 'rewrite-response',
        endpoints: ['claim-reason'],
        rewrite: (response) => {
          if (isSuccess(response.status) && isObject(response.body))
            response.body = { id: response.body.id, description: response.body.name, type: 'mediations' };
        },
      },
      {
        kind: 'rewrite-response',
        endpoints: ['chargeback'],
        rewrite: onSuccess((body) => {
          body.documentation = {};
          delete body.live_mode;
        }),
      },
      {
        kind: 'rewrite-response',
        endpoints: ['subscription-plan'],
        rewrite: onSuccess((body) => {
          if (isObject(body.auto_recurring)) body.auto_recurring.repetitions = null;
        }),
      },
    ],
  },
  {
    name: 'rate-limit-without-retry-after',
    description: 'a 429 local_rate_limited carries no Retry-After header',
    reads: 'Token | 429 | local_rate_limited | access not authorized; retry (when to retry is not said)',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['token'],
        rewrite: (response) => {
          if (response.status === 429) response.removeHeaders.push('retry-after');
        },
      },
    ],
  },
  {
    name: 'preference-created-200',
    description: 'a created preference is answered 200 instead of 201',
    reads: 'Create checkout preference: "Response: not shown."',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['preference'],
        rewrite: (response) => {
          if (response.status === 201) response.status = 200;
        },
      },
    ],
  },
  {
    name: 'preference-echo-other-types',
    description: 'the answer echoes numbers of the request as strings (phone, street numbers, quantities)',
    reads: 'Checkout preference: "Stored or returned fields of a checkout preference: not shown."',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['preference'],
        rewrite: onSuccess((body) => {
          const stringify = (value: unknown) => (typeof value === 'number' ? String(value) : value);
          forEachObject(body.payer, (object) => {
            for (const key of ['area_code', 'number', 'street_number']) object[key] = stringify(object[key]);
          });
          forEachObject(body.items, (object) => {
            for (const key of ['quantity', 'unit_price']) object[key] = stringify(object[key]);
          });
        }),
      },
    ],
  },
  {
    name: 'preference-minimal-answer',
    description: 'a created preference is answered with its id only',
    reads: 'Create checkout preference: "Response: not shown."',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['preference'],
        rewrite: (response) => {
          if (isSuccess(response.status) && isObject(response.body)) response.body = { id: response.body.id };
        },
      },
    ],
  },
  {
    name: 'scope-not-a-parameter',
    description:
      'takes no scope in a token request: a requested one, known or not, is ignored and the grant carries the scopes configured for the application',
    reads:
      'Create or refresh token: the body table lists client_id, client_secret, grant_type, code, code_verifier, redirect_uri, refresh_token and test_token, no scope.',
    effects: [{ kind: 'set-rules', rules: { scopeParameter: 'ignored' } }],
  },
  {
    name: 'refuses-scope-parameter',
    description:
      'refuses a token request carrying scope with 400 invalid_request, as an unsupported parameter',
    reads:
      'The token body table lists no scope; invalid_request: "missing required parameter, unsupported parameter or value".',
    effects: [{ kind: 'set-rules', rules: { scopeParameter: 'refused' } }],
  },
  {
    name: 'another-error-order',
    description:
      "answers requests that meet two rows with the other one: another application's code or refresh token unauthorized_client, a non-numeric client.id on an agreement 404 (agreements are looked up with their client), a test-user search with neither token nor query 404",
    reads:
      'Errors: invalid_grant "belonging to another client" and unauthorized_client "application has no grant with the user" are not ordered; Cancel agreement "Errors: 400, 404, 500" and Test user search "401, 403, 404, 405, 500" carry no condition.',
    effects: [
      { kind: 'set-rules', rules: { anotherClientsGrant: 'unauthorized_client' } },
      {
        kind: 'rewrite-response',
        endpoints: ['cancel-agreement'],
        rewrite: onError((body, response) => {
          const clientId = singleQueryParam(response.request.query, AGREEMENT_CLIENT_ID_QUERY);
          if (response.status !== 400 || clientId === undefined || isNumericId(clientId ?? '')) return;
          answerError(response, notFound(MESSAGES.notFound('Agreement')));
        }),
      },
      {
        kind: 'rewrite-response',
        endpoints: ['test-user-search'],
        rewrite: onError((_body, response) => {
          const { request } = response;
          if (request.headers.authorization !== undefined) return;
          if (singleQueryParam(request.query, SEARCH_QUERY_TOKEN) !== undefined) return;
          answerError(response, notFound(MESSAGES.missingAccessTokenQuery));
        }),
      },
    ],
  },
  {
    name: 'minimal-error-bodies',
    description: 'error bodies are {message, status} plus the documented code where the row names one',
    reads: 'Errors: "Shape of the error response body: not shown."',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: 'all',
        rewrite: onError((body, response) => {
          const [first, second] = documentedCodes(response.endpoint, response.status, body);
          response.body = {
            message: typeof body.message === 'string' ? body.message : 'error',
            status: response.status,
            ...(first ? { code: first } : {}),
            ...(second ? { error: second } : {}),
          };
        }),
      },
    ],
  },
  {
    name: 'error-codes-in-a-list',
    description:
      'error bodies are {message, status, errors: [{code}]}: the documented codes in a list of errors, none in error, code or cause',
    reads: 'Errors: "Shape of the error response body: not shown."',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: 'all',
        rewrite: onError((body, response) => {
          const codes = documentedCodes(response.endpoint, response.status, body);
          response.body = {
            message: typeof body.message === 'string' ? body.message : 'error',
            status: response.status,
            errors: codes.map((code) => ({ code })),
          };
        }),
      },
    ],
  },
  {
    name: 'token-lifetime-six-hours',
    description: 'access tokens live 21600 seconds (six hours), as a captured real grant says',
    reads:
      'Access token grant: "expires_in | number | Fixed lifetime in seconds. Default 15552000 (180 days)."',
    effects: [{ kind: 'set-rules', rules: { accessTokenLifetimeSeconds: 21_600 } }],
  },
  {
    name: 'extra-fields-everywhere',
    description: 'every object of every JSON answer carries fields the spec does not list',
    reads: 'The resource tables list fields a resource has; none says a resource has no others.',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: 'all',
        rewrite: (response) => {
          const visit = (value: unknown, key: string) => {
            if (Array.isArray(value)) for (const item of value) visit(item, key);
            else if (isObject(value)) {
              for (const [name, inner] of Object.entries(value)) visit(inner, name);
              if (!MAPS.has(key)) value.x_variant_note = 'an undocumented field';
            }
          };
          visit(response.body, '');
        },
      },
    ],
  },
  {
    name: 'other-id-formats',
    description: 'plans, agreements, chargebacks, reasons, preferences and tokens use other id formats',
    reads:
      'Identifiers the spec types string (plan, agreement, chargeback, reason, preference ids, tokens) have no stated form.',
    effects: [
      {
        kind: 'set-seeded-ids',
        ids: {
          planId: '3f6c2a1e-8b4d-4c2a-9e1f-5d7b8a9c0e12',
          agreementId: 'agr_7Q2mX9pL4vK8',
          chargebackId: 'CB-2024-000062890',
          claimReasonId: 'PDD-9939',
        },
      },
      { kind: 'set-rules', rules: { tokenFormat: 'opaque' } },
      {
        kind: 'rewrite-response',
        endpoints: ['preference'],
        rewrite: onSuccess((body) => {
          if (typeof body.id === 'string') body.id = `pref_${body.id.replace(/[^A-Za-z0-9]/g, '')}`;
        }),
      },
    ],
  },
  {
    name: 'weekday-names-capitalised',
    description: 'store business hours are keyed Monday..Sunday',
    reads:
      'Store: "business_hours (object keyed by weekday name ...)" does not say how the names are written.',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['store'],
        rewrite: onSuccess((body) => {
          if (!isObject(body.business_hours)) return;
          body.business_hours = Object.fromEntries(
            Object.entries(body.business_hours).map(([day, ranges]) => [
              WEEKDAY.test(day) ? `${day[0]!.toUpperCase()}${day.slice(1)}` : day,
              ranges,
            ]),
          );
        }),
      },
    ],
  },
  {
    name: 'open-dispute-answered-200',
    description: 'a mediation request is answered with HTTP 200 (the body still says status 201)',
    reads: 'Request claim mediation: the response is `status` and `message`; the HTTP status is not stated.',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['open-dispute'],
        rewrite: (response) => {
          if (response.status === 201) response.status = 200;
        },
      },
    ],
  },
  {
    name: 'cancel-agreement-answered-204',
    description: 'a cancellation is answered 204 No Content',
    reads: 'Cancel agreement: "Response: no body." (the status is not stated)',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['cancel-agreement'],
        rewrite: (response) => {
          if (response.status === 200) response.status = 204;
        },
      },
    ],
  },
  {
    name: 'refresh-tokens-expire-in-ten-minutes',
    description: 'a refresh token older than 10 minutes is invalid_grant',
    reads:
      'Errors: invalid_grant covers a refresh token "invalid, expired, revoked"; the spec gives a refresh token no lifetime.',
    effects: [{ kind: 'set-rules', rules: { refreshTokenLifetimeSeconds: 600 } }],
  },
  {
    name: 'revokes-after-reuse',
    description:
      'a used code or refresh token presented again revokes what it issued: the access and refresh tokens of its chain',
    reads:
      'Errors: invalid_grant covers a refresh token "revoked"; the spec says nothing of what a reused code or refresh token does to what it issued (RFC 6749 §4.1.2: a server SHOULD revoke for a code).',
    effects: [{ kind: 'set-rules', rules: { revokeOnReuse: true } }],
  },
  {
    name: 'refresh-tokens-reusable',
    description: 'a refresh token can be exchanged again after its first use',
    reads:
      'Errors: invalid_grant lists refresh tokens "invalid, expired, revoked, used in the wrong flow, belonging to another client"; a used one is not listed.',
    effects: [{ kind: 'set-rules', rules: { refreshTokensSingleUse: false } }],
  },
  {
    name: 'authorization-codes-reusable',
    description: 'an authorization code can be exchanged again within its 10 minutes',
    reads: 'Create or refresh token: a code is "Valid 10 minutes from generation"; single use is not stated.',
    effects: [{ kind: 'set-rules', rules: { codesSingleUse: false } }],
  },
  {
    name: 'timestamps-in-utc',
    description: 'every timestamp with an offset is written in UTC with a trailing Z',
    reads: '"Timestamp with offset": Z is the zero offset.',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: 'all',
        rewrite: (response) => {
          if (isSuccess(response.status)) response.body = mapValues(response.body, (value) => inUtc(value));
        },
      },
    ],
  },
  {
    name: 'chargeback-boolean-like-strings',
    description: 'the boolean-like chargeback fields are the strings "true" and "false"',
    reads:
      'Chargeback: coverage_applied, coverage_elegible, documentation_required and live_mode are "boolean-like".',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: ['chargeback'],
        rewrite: onSuccess((body) => {
          for (const key of [
            'coverage_applied',
            'coverage_elegible',
            'documentation_required',
            'live_mode',
          ]) {
            if (typeof body[key] === 'boolean') body[key] = String(body[key]);
          }
        }),
      },
    ],
  },
  {
    name: 'scope-read-only-by-default',
    description: 'a grant without a requested scope carries only "read"',
    reads: 'Access token grant: scope "Defaults to the scopes configured for the application."',
    effects: [{ kind: 'set-rules', rules: { defaultScope: 'read' } }],
  },
  {
    name: 'method-not-allowed-without-allow',
    description: 'a 405 answer carries no Allow header',
    reads: 'Errors: "Test user search | 401, 403, 404, 405, 500" says nothing of headers.',
    effects: [
      {
        kind: 'rewrite-response',
        endpoints: 'all',
        rewrite: (response) => {
          if (response.status === 405) response.removeHeaders.push('allow');
        },
      },
    ],
  },
] as const satisfies readonly VariantData[];

export type VariantName = (typeof VARIANTS)[number]['name'];
