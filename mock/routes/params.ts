/** Path and query parameter checks shared by the routes. */

/** Platform numeric ids: digits only, at most 19 of them (a 64-bit integer). */
export function isNumericId(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,19}$/.test(value);
}

export function pathParam(params: unknown, name: string): string {
  const value = (params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** A query parameter given once; undefined when absent, null when repeated or not a string. */
export function singleQueryParam(query: unknown, name: string): string | null | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}
