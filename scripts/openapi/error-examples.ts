/**
 * Named examples of the documented error responses: one per row of the spec's Errors table
 * (DOCUMENTED_ERRORS), keyed so that `Prefer: code=<status>, example=<key>` selects it in Prism and in
 * the embedded mock alike.
 */
import { STORE_BAD_REQUEST_ERROR, type DocumentedError } from '../../lib/catalogue.ts';

/** The `error` field of rows whose "Code / name" column is a human label, not a machine code. */
const ERROR_BY_STATUS: Record<number, string> = {
  400: STORE_BAD_REQUEST_ERROR,
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  429: 'too_many_requests',
  500: 'internal_server_error',
};

export function errorExampleKey(error: DocumentedError): string {
  return (
    error.code ??
    error.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  );
}

/**
 * A body in the platform's error shape `{message, error, status, cause[]}` for one documented row.
 * Token errors carry their OAuth code in `error`; elsewhere a machine code goes in `cause[0].code`.
 */
export function errorExampleBody(error: DocumentedError): object {
  const message = error.condition || error.name;
  const errorField =
    error.endpoint === 'token' && error.code ? error.code : (ERROR_BY_STATUS[error.status] ?? 'error');
  const cause = error.code && error.code !== errorField ? [{ code: error.code, description: message, data: null }] : [];
  return { message, error: errorField, status: error.status, cause };
}
