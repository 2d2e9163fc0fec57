/**
 * Mutants that change what an endpoint answers, not what it does: each rewrites the status, body or
 * headers of a response of its endpoint, after the clean handler ran. Keyed by mutant name.
 */
import type { FastifyRequest } from 'fastify';
import { timestampWithOffset } from '../clock.ts';
import type { MutantName } from './catalogue.ts';

export interface MutableResponse {
  request: FastifyRequest;
  status: number;
  /** Parsed JSON body; undefined for an empty body. */
  body: unknown;
  /** Header names to remove from the response. */
  removeHeaders: string[];
}

type Rewrite = (response: MutableResponse) => void;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies `change` to the body of a 2xx JSON object response. */
function onSuccess(change: (body: JsonObject, response: MutableResponse) => void): Rewrite {
  return (response) => {
    if (response.status >= 200 && response.status < 300 && isObject(response.body)) {
      change(response.body, response);
    }
  };
}

/** Applies `change` to an error response (status >= 400) whose body is the error shape. */
function onError(change: (body: JsonObject, response: MutableResponse) => void): Rewrite {
  return (response) => {
    if (response.status >= 400 && isObject(response.body)) change(response.body, response);
  };
}

function setStatus(response: MutableResponse, body: JsonObject, status: number) {
  response.status = status;
  body.status = status;
}

/** `2024-10-17T12:48:24.000-04:00` -> `2024-10-17T12:48:24.000`: the same local time, offset dropped. */
function withoutOffset(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/(Z|[+-]\d{2}:\d{2})$/, '') : value;
}

const numericString = (value: unknown) => (typeof value === 'number' ? String(value) : value);

export const RESPONSE_REWRITES: Partial<Record<MutantName, Rewrite>> = {
  // Token.
  'token-type-not-bearer': onSuccess((body) => {
    body.token_type = 'mac';
  }),
  'token-expires-in-string': onSuccess((body) => {
    body.expires_in = numericString(body.expires_in);
  }),
  'token-expires-in-six-hours': onSuccess((body) => {
    body.expires_in = 21_600;
  }),
  'token-scope-extra-word': onSuccess((body) => {
    body.scope = `${String(body.scope)} payments`;
  }),
  'token-access-token-missing': onSuccess((body) => {
    delete body.access_token;
  }),
  'token-test-token-reported-live': onSuccess((body, { request }) => {
    const asked = isObject(request.body) ? request.body.test_token : undefined;
    if (asked === 'true' || asked === true) body.live_mode = true;
  }),
  'token-invalid-client-as-401': onError((body, response) => {
    if (body.error === 'invalid_client') setStatus(response, body, 401);
  }),
  'token-invalid-grant-as-invalid-request': onError((body) => {
    if (body.error === 'invalid_grant') body.error = 'invalid_request';
  }),
  'token-rate-limit-without-retry-after': (response) => {
    if (response.status === 429) response.removeHeaders.push('retry-after');
  },

  // Checkout preference.
  'preference-success-200': (response) => {
    if (response.status === 201) response.status = 200;
  },
  'preference-init-point-missing': onSuccess((body) => {
    delete body.init_point;
  }),
  'preference-date-created-without-offset': onSuccess((body) => {
    body.date_created = withoutOffset(body.date_created);
  }),

  // Reports.
  'release-report-schedule-begin-date-with-offset': onSuccess((body) => {
    if (typeof body.begin_date === 'string')
      body.begin_date = timestampWithOffset(Date.parse(body.begin_date));
  }),
  'release-report-schedule-generation-date-without-offset': onSuccess((body) => {
    body.generation_date = withoutOffset(body.generation_date);
  }),
  'release-report-schedule-created-from-automatic': onSuccess((body) => {
    body.created_from = 'automatic';
  }),
  'release-report-schedule-invalid-token-as-403': onError((body, response) => {
    if (response.status === 401) {
      setStatus(response, body, 403);
      body.error = 'forbidden';
    }
  }),
  'settlement-report-config-success-202': (response) => {
    if (response.status === 200) response.status = 202;
  },
  'settlement-report-config-scheduled-string': onSuccess((body) => {
    body.scheduled = String(body.scheduled);
  }),
  'settlement-report-config-file-name-prefix-empty': onSuccess((body) => {
    body.file_name_prefix = '';
  }),
  'settlement-report-config-frequency-missing': onSuccess((body) => {
    delete body.frequency;
  }),

  // Subscription plan.
  'subscription-plan-last-modified-without-offset': onSuccess((body) => {
    body.last_modified = withoutOffset(body.last_modified);
  }),
  'subscription-plan-init-point-missing': onSuccess((body) => {
    delete body.init_point;
  }),
  'subscription-plan-transaction-amount-string': onSuccess((body) => {
    if (isObject(body.auto_recurring)) {
      body.auto_recurring.transaction_amount = numericString(body.auto_recurring.transaction_amount);
    }
  }),
  'subscription-plan-unknown-as-400': onError((body, response) => {
    if (response.status === 404) {
      setStatus(response, body, 400);
      body.error = 'bad_request';
    }
  }),
  'subscription-plan-error-without-cause': onError((body) => {
    delete body.cause;
  }),

  // Test users.
  'test-user-search-total-off-by-one': onSuccess((body) => {
    if (typeof body.total === 'number') body.total += 1;
  }),
  'test-user-search-post-as-404': onError((body, response) => {
    if (response.status === 405) {
      setStatus(response, body, 404);
      body.error = 'not_found';
      response.removeHeaders.push('allow');
    }
  }),

  // Claims.
  'claim-reason-flow-mediation': onSuccess((body) => {
    body.flow = 'mediation';
  }),
  'claim-status-open': onSuccess((body) => {
    if (body.status === 'opened') body.status = 'open';
  }),
  'claim-players-missing': onSuccess((body) => {
    delete body.players;
  }),
  'claim-last-updated-without-offset': onSuccess((body) => {
    body.last_updated = withoutOffset(body.last_updated);
  }),
  'open-dispute-status-string': onSuccess((body) => {
    body.status = numericString(body.status);
  }),
  'open-dispute-success-202': (response) => {
    if (response.status >= 200 && response.status < 300) response.status = 202;
  },

  // Chargeback.
  'chargeback-amount-string': onSuccess((body) => {
    if (typeof body.amount === 'number') body.amount = body.amount.toFixed(2);
  }),
  'chargeback-date-created-without-offset': onSuccess((body) => {
    body.date_created = withoutOffset(body.date_created);
  }),

  // Store.
  'store-hours-without-leading-zero': onSuccess((body) => {
    if (!isObject(body.business_hours)) return;
    for (const ranges of Object.values(body.business_hours)) {
      for (const range of Array.isArray(ranges) ? ranges : []) {
        if (!isObject(range)) continue;
        for (const edge of ['open', 'close'] as const) {
          if (typeof range[edge] === 'string') range[edge] = range[edge].replace(/^0(\d:)/, '$1');
        }
      }
    }
  }),
  'store-invalid-id-as-404': onError((body, response) => {
    if (response.status === 400) {
      setStatus(response, body, 404);
      body.error = 'not_found';
    }
  }),
  'store-invalid-id-code-renamed': onError((body) => {
    for (const c of Array.isArray(body.cause) ? body.cause : []) {
      if (isObject(c) && c.code === 'INVALID_STORE_ID') c.code = 'INVALID_ID';
    }
  }),

  // Wallet agreement.
  'cancel-agreement-unknown-as-200': (response) => {
    if (response.status === 404) {
      response.status = 200;
      response.body = undefined;
    }
  },
  'cancel-agreement-with-body': (response) => {
    if (response.status >= 200 && response.status < 300) response.body = { status: 'cancelled' };
  },
};
