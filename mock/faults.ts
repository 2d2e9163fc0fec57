/**
 * The `faults` ability: `Prefer: code=NNN[, example=NAME]` (lib/prefer.ts) answers one of the endpoint's
 * documented errors (lib/catalogue.ts), marked `x-mock-injected: true`; a status the endpoint does not
 * document is refused with a 400 naming what it documents.
 */
import type { EndpointId } from '../lib/catalogue.ts';
import { DOCUMENTED_ERRORS, type DocumentedError } from '../lib/requirements/index.ts';
import { documentedErrorBody, exampleKeyOf } from '../lib/error-body.ts';
import { MalformedPreferError, parsePrefer, preferHeader } from '../lib/prefer.ts';
import { badRequest, cause, MESSAGES, MockHttpError } from './errors.ts';

export const INJECTED_HEADER = 'x-mock-injected';
export const INJECTED_RETRY_AFTER_SECONDS = 30;

function describe(row: DocumentedError): string {
  return `${preferHeader({ status: row.status, example: row.code })} (${row.name})`;
}

function injectedError(row: DocumentedError): MockHttpError {
  const headers: Record<string, string> = { [INJECTED_HEADER]: 'true' };
  if (row.status === 429) headers['retry-after'] = String(INJECTED_RETRY_AFTER_SECONDS);
  const message =
    row.endpoint === 'store' && row.code ? MESSAGES.invalidStoreId : MESSAGES.injected(row.name);
  const body = documentedErrorBody(row, message);
  return new MockHttpError(row.status, body.error, message, body.cause, headers);
}

function matches(row: DocumentedError, example: string): boolean {
  const wanted = example.toLowerCase();
  return [row.code, row.name, exampleKeyOf(row)].some((name) => name?.toLowerCase() === wanted);
}

/** The injected error a Prefer header asks for on this endpoint, if it asks for one. */
export function faultFor(
  endpointId: EndpointId,
  header: string | string[] | undefined,
): MockHttpError | undefined {
  let wanted;
  try {
    wanted = parsePrefer(header);
  } catch (error) {
    if (error instanceof MalformedPreferError) throw badRequest(error.message);
    throw error;
  }
  if (!wanted) return undefined;
  const documented = DOCUMENTED_ERRORS.filter((row) => row.endpoint === endpointId);
  const candidates = documented.filter((row) => row.status === wanted.status);
  const row = wanted.example ? candidates.find((r) => matches(r, wanted.example!)) : candidates[0];
  if (!row) {
    const message = MESSAGES.faultNotDocumented(preferHeader(wanted), documented.map(describe));
    throw badRequest(message, [cause('fault_not_documented', message)]);
  }
  return injectedError(row);
}
