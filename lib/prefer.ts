/**
 * The `Prefer` header the `faults` ability answers: `Prefer: code=NNN` or `Prefer: code=NNN, example=NAME`
 * asks a target for one documented error of the endpoint (the syntax Prism uses for its examples). The
 * suite builds it, the mock parses it; this is its one definition.
 */
export const PREFER_HEADER = 'prefer';

export interface FaultPreference {
  status: number;
  /** A documented row's code or name, to pick one row where several share the status. */
  example?: string;
}

export function preferHeader({ status, example }: FaultPreference): string {
  return `code=${status}${example ? `, example=${example}` : ''}`;
}

export class MalformedPreferError extends Error {
  override name = 'MalformedPreferError';
  constructor() {
    super('Prefer must look like "code=NNN" or "code=NNN, example=NAME"');
  }
}

/**
 * The fault a `Prefer` header asks for; undefined when it asks for none (no `code` preference). Several
 * headers, `;`-separated parameters and quoted values are read as RFC 7240 allows. A `code` that is not
 * three digits throws MalformedPreferError.
 */
export function parsePrefer(header: string | readonly string[] | undefined): FaultPreference | undefined {
  if (header === undefined || header.length === 0) return undefined;
  const pairs = new Map(
    [header]
      .flat()
      .join(',')
      .split(/[,;]/)
      .map((part) => part.trim().split('='))
      .filter((kv): kv is [string, string] => kv.length === 2)
      .map(([key, value]) => [key.trim().toLowerCase(), value.trim().replace(/^"|"$/g, '')]),
  );
  const code = pairs.get('code');
  if (code === undefined) return undefined;
  if (!/^\d{3}$/.test(code)) throw new MalformedPreferError();
  const example = pairs.get('example');
  return { status: Number(code), ...(example ? { example } : {}) };
}
