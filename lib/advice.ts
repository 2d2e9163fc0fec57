/**
 * Facts a check may rest on that are not statements of the spec: published facts of the real platform
 * (`platform`: its captured answers, SDK fixtures and documentation examples) and rules of HTTP and OAuth
 * (`http`: an RFC). Under the `strict` and `lenient` profiles they never fail a test: a target that does
 * not follow one gets advice. Under `platform` they fail like requirements (lib/profiles.ts).
 */

export type AdviceSource = 'platform' | 'http';

export interface AdviceData {
  /** `platform.<rule>` or `http.<rule>`. */
  id: string;
  source: AdviceSource;
  /** What a target should do, in one sentence. */
  statement: string;
  /** Where the fact is published: the samples or documents, or the RFC and section. */
  evidence: string;
}

export const ADVICE = [
  // The platform's published answers.
  {
    id: 'platform.success-status',
    source: 'platform',
    statement: 'A successful read, token grant or release report schedule is answered 200.',
    evidence:
      "every captured success of the platform (reference samples *.200*.json) and the platform's OpenAPI (200 for each of these operations)",
  },
  {
    id: 'platform.preference-created-status',
    source: 'platform',
    statement: 'A created checkout preference is answered 201 or 200.',
    evidence:
      "the platform's OpenAPI (paths['/checkout/preferences'].post: 200 and 201, each \"Preference created\"); its SDK fixtures are named 201",
  },
  {
    id: 'platform.preference-answer-shape',
    source: 'platform',
    statement:
      'A created preference is answered with its id and init_point (the checkout URL), echoing the request fields in their request types.',
    evidence: 'preference.201.json and preference.201.sdk-php.json',
  },
  {
    id: 'platform.dispute-created-status',
    source: 'platform',
    statement: 'A mediation request is answered 201 or 200.',
    evidence:
      'the platform\'s OpenAPI (its open-dispute action: 200 "Mediation requested") and claim-open-dispute.201.json (a body whose status is 201)',
  },
  {
    id: 'platform.cancel-agreement-200',
    source: 'platform',
    statement: 'A cancelled agreement is answered 200 with no body.',
    evidence: 'the platform documentation ("200 Agreement cancelled")',
  },
  {
    id: 'platform.error-body-shape',
    source: 'platform',
    statement:
      'An error body is {message, error, status}, with cause: [{code, description, data}] where it has one.',
    evidence:
      'every captured error of the platform (error.*.json, oauth-token.400.invalid_grant.json) and its OpenAPI (components.schemas.Error, ErrorCause)',
  },
  {
    id: 'platform.refresh-token-single-use',
    source: 'platform',
    statement: 'A refresh token is rotated: once exchanged it is invalid_grant.',
    evidence:
      'oauth-token.400.invalid_grant.json ("your authorization code or refresh token may be expired or it was already used")',
  },
  {
    id: 'platform.identifiers-integers',
    source: 'platform',
    statement: 'Identifiers and counts the spec types "number" are whole numbers.',
    evidence:
      "the captured answers and the platform's OpenAPI (a grant's user_id, claim and player ids, plan application_id and collector_id, a release report's id, chargeback payments)",
  },
  {
    id: 'platform.timestamps-rfc3339',
    source: 'platform',
    statement:
      'Timestamps are RFC 3339 date-times (upper-case T, seconds, optional fraction, Z or ±HH:MM) of a real calendar day.',
    evidence: 'every captured timestamp (e.g. 2024-10-17T12:48:24.000-04:00)',
  },
  {
    id: 'platform.urls-http',
    source: 'platform',
    statement: 'URL fields (init_point, back_url, documentation url) are absolute http(s) URLs.',
    evidence: 'preapproval-plan.200.json, chargeback.200.json',
  },
  {
    id: 'platform.non-empty-values',
    source: 'platform',
    statement:
      'Tokens, keys, codes and names are non-empty strings, and a token lifetime (expires_in) is positive.',
    evidence: 'every captured grant and resource',
  },
  {
    id: 'platform.store-weekday-names',
    source: 'platform',
    statement: 'Store business hours are keyed by lower-case English weekday names (monday .. sunday).',
    evidence: 'store.200.json',
  },
  {
    id: 'platform.coordinates-in-range',
    source: 'platform',
    statement: 'A store latitude is within -90..90 and a longitude within -180..180 degrees.',
    evidence: 'store.200.json (coordinates in degrees)',
  },
  {
    id: 'platform.email-addresses',
    source: 'platform',
    statement: "A preference payer's email is an e-mail address.",
    evidence: "the platform's OpenAPI (components.schemas.PreferencePayer: email, format email)",
  },
  {
    id: 'platform.claim-reason-group-prefix',
    source: 'platform',
    statement: 'A claim reason id starts with its general reason group (PNR, PDD or CS).',
    evidence: "the platform's OpenAPI (components.schemas.ClaimReason: id, example PNR)",
  },
  {
    id: 'platform.chargeback-flags-boolean',
    source: 'platform',
    statement: 'The boolean-like chargeback fields are JSON booleans.',
    evidence: 'chargeback.200.legacy-guide.json',
  },
  {
    id: 'platform.payment-methods-types',
    source: 'platform',
    statement:
      'payment_methods.default_installments and installments are whole numbers, default_payment_method_id a string, each or null.',
    evidence: 'preference.201.json and preference.201.sdk-php.json',
  },
  {
    id: 'platform.preference-request-forms',
    source: 'platform',
    statement:
      'A preference is taken with payer.phone.area_code and number and the street numbers as strings, and installments as whole numbers.',
    evidence:
      "the platform's OpenAPI (mercadopago/openapi spec3.json: components.schemas.Phone, Address, PreferencePaymentMethods)",
  },
  {
    id: 'platform.retry-after-on-429',
    source: 'platform',
    statement: 'A 429 says when to retry with a Retry-After header (delay-seconds or an HTTP date).',
    evidence:
      "the platform's OpenAPI (components.responses.TooManyRequests: Retry-After, seconds to wait before retrying); RFC 6585 §4 allows it",
  },
  // HTTP and OAuth.
  {
    id: 'http.oauth-code-single-use',
    source: 'http',
    statement: 'An authorization code used more than once is denied.',
    evidence:
      'RFC 6749 §4.1.2: "If an authorization code is used more than once, the authorization server MUST deny the request"',
  },
  {
    id: 'http.allow-on-405',
    source: 'http',
    statement: 'A 405 answer lists the allowed methods in an Allow header.',
    evidence: 'RFC 9110 §15.5.6: "The origin server MUST generate an Allow header field in a 405 response"',
  },
  {
    id: 'http.json-content-type',
    source: 'http',
    statement: 'A JSON body is labelled Content-Type: application/json.',
    evidence: 'RFC 8259 §11 and RFC 9110 §8.3',
  },
  {
    id: 'http.no-server-error',
    source: 'http',
    statement: 'A request a server can judge is answered 4xx when it is wrong, never 5xx.',
    evidence: 'RFC 9110 §15.5 (4xx: the client seems to have erred) and §15.6 (5xx: the server failed)',
  },
] as const satisfies readonly AdviceData[];

export type AdviceId = (typeof ADVICE)[number]['id'];
export type Advice = AdviceData & { id: AdviceId };

const BY_ID = new Map<string, Advice>(ADVICE.map((a) => [a.id, a]));

export function isAdviceId(id: string): id is AdviceId {
  return BY_ID.has(id);
}

export function adviceById(id: AdviceId): Advice {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`no advice ${id} in lib/advice.ts`);
  return found;
}
