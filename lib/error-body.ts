/**
 * The error body, defined once for the mock (which answers it), the OpenAPI document (its examples) and
 * the suite (which looks for documented codes in it).
 *
 * The spec leaves the body's shape "not shown"; the platform's real bodies are
 * `{message, error, status, cause: [{code, description, data}]}`, so the mock answers that shape and the
 * suite reports a different one as platform advice, never as a spec failure. A documented machine code
 * counts as present wherever such a body can carry it: `error`, `code` or any `cause[].code`.
 */
import { STORE_BAD_REQUEST_ERROR } from './requirements/errors.ts';
import type { DocumentedError } from './requirements/index.ts';

export interface ErrorCause {
  code: string | number;
  description: string;
  data: string | null;
}

export interface ErrorBody {
  message: string;
  error: string;
  status: number;
  cause: ErrorCause[];
}

/**
 * The `error` of a body per status where no more specific code applies. The 400 name is the one the spec
 * gives the store's 400 (the only 400 it names), so every 400 reads alike.
 */
export const STATUS_ERROR_NAMES: Readonly<Record<number, string>> = {
  400: STORE_BAD_REQUEST_ERROR,
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'request_header_fields_too_large',
  500: 'internal_server_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export function errorNameForStatus(status: number): string {
  return STATUS_ERROR_NAMES[status] ?? (status >= 500 ? 'internal_server_error' : STORE_BAD_REQUEST_ERROR);
}

/**
 * The key naming a documented row's example, in the OpenAPI document and in `Prefer: ..., example=KEY`:
 * its machine code, or its human label in kebab case (`Not-found` -> `not-found`).
 */
export function exampleKeyOf(row: DocumentedError): string {
  return (
    row.code ??
    row.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  );
}

/**
 * The body of a documented row. The token endpoint's codes go in `error`, as OAuth servers write them;
 * elsewhere a machine code goes in `cause[0].code` beside the status's `error` name.
 */
export function documentedErrorBody(row: DocumentedError, message: string): ErrorBody {
  const error = row.endpoint === 'token' && row.code ? row.code : errorNameForStatus(row.status);
  const cause = row.code && row.code !== error ? [{ code: row.code, description: message, data: null }] : [];
  return { message, error, status: row.status, cause };
}

/**
 * The codes a body carries: every string or number in it, wherever it sits. "Shape of the error response
 * body: not shown", so a documented code counts wherever the server put it; the platform's places
 * (`error`, `cause[].code`) are advice (platform.error-body-shape).
 */
export function documentedCodesOf(body: unknown): string[] {
  if (typeof body === 'string' || typeof body === 'number') return [String(body)];
  if (typeof body !== 'object' || body === null) return [];
  return Object.values(body as Record<string, unknown>).flatMap(documentedCodesOf);
}
