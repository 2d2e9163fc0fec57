/**
 * A URL as a person typed it, for an error that says it could not be read. A base URL may carry a
 * staging build's password (`https://user:password@host`), and one that does not parse cannot be
 * cleaned by a URL parser: everything between the scheme and the last `@` is masked instead, which may
 * hide more than the password, never less.
 */
export function typedUrlShown(raw: string): string {
  const at = raw.lastIndexOf('@');
  if (at < 0) return JSON.stringify(raw);
  const scheme = raw.indexOf('://');
  const start = scheme >= 0 && scheme < at ? scheme + 3 : 0;
  return JSON.stringify(`${raw.slice(0, start)}***${raw.slice(at)}`);
}
