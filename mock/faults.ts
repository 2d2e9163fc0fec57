/**
 * `Prefer: code=NNN[, example=NAME]` answers one of the endpoint's DOCUMENTED errors (lib/catalogue.ts),
 * marked `x-mock-injected: true`; any other code is refused with a 400 naming what is documented.
 */
import { DOCUMENTED_ERRORS, endpointById, type DocumentedError, type EndpointId } from '../lib/catalogue.ts';
import { badRequest, cause, errorNameForStatus, MESSAGES, MockHttpError, tokenError } from './errors.ts';
import { INVALID_STORE_ID } from './routes/stores.ts';

export const INJECTED_HEADER = 'x-mock-injected';
export const INJECTED_RETRY_AFTER_SECONDS = 30;

interface FaultRequest {
  code: number;
  example?: string;
}

/** The `code` and `example` preferences of a Prefer header; undefined when it asks for no fault. */
export function parsePrefer(header: string | string[] | undefined): FaultRequest | undefined {
  if (!header) return undefined;
  const pairs = new Map(
    [header]
      .flat()
      .join(',')
      .split(/[,;]/)
      .map((part) => part.trim().split('='))
      .filter((kv): kv is [string, string] => kv.length === 2)
      .map(([k, v]) => [k.trim().toLowerCase(), v.trim().replace(/^"|"$/g, '')]),
  );
  const code = pairs.get('code');
  if (code === undefined) return undefined;
  if (!/^\d{3}$/.test(code)) throw badRequest(MESSAGES.faultMalformed);
  return { code: Number(code), example: pairs.get('example') };
}

function describe(row: DocumentedError): string {
  return `code=${row.status}${row.code ? `, example=${row.code}` : ''} (${row.name})`;
}

function injectedError(row: DocumentedError, endpointId: EndpointId): MockHttpError {
  const headers: Record<string, string> = { [INJECTED_HEADER]: 'true' };
  if (row.status === 429) headers['retry-after'] = String(INJECTED_RETRY_AFTER_SECONDS);
  const message = row.code === INVALID_STORE_ID ? MESSAGES.invalidStoreId : MESSAGES.injected(row.name);
  // Token errors carry their OAuth code in `error`, as the endpoint's natural errors do.
  if (endpointById(endpointId).auth === 'client' && row.code) {
    return tokenError(row.code, message, row.status, headers);
  }
  const causes = row.code ? [cause(row.code, message)] : [];
  return new MockHttpError(row.status, errorNameForStatus(row.status), message, causes, headers);
}

/** The injected error a Prefer header asks for on this endpoint, if it asks for one. */
export function faultFor(
  endpointId: EndpointId,
  header: string | string[] | undefined,
): MockHttpError | undefined {
  const wanted = parsePrefer(header);
  if (!wanted) return undefined;
  const documented = DOCUMENTED_ERRORS.filter((row) => row.endpoint === endpointId);
  const candidates = documented.filter((row) => row.status === wanted.code);
  const example = wanted.example?.toLowerCase();
  const row = example
    ? candidates.find((r) => r.code?.toLowerCase() === example || r.name.toLowerCase() === example)
    : candidates[0];
  if (!row) {
    throw badRequest(MESSAGES.faultNotDocumented(wanted.code, wanted.example, documented.map(describe)), [
      cause(
        'fault_not_documented',
        MESSAGES.faultNotDocumented(wanted.code, wanted.example, documented.map(describe)),
      ),
    ]);
  }
  return injectedError(row, endpointId);
}
