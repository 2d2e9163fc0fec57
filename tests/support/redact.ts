/**
 * The one redaction used for everything the suite writes: attachments, error messages, step titles.
 *
 * Secrets are the client secret, every token and authorization code the run has seen (remembered as
 * they pass through the API client) and anything shaped like a platform token, seen or not.
 */

export const REDACTED = '[redacted]';

/** Platform token and code shapes: `APP_USR-…` (live), `TEST-…` (test), `TG-…` (authorization code). */
const TOKEN_SHAPED = /\b(?:APP_USR|TEST|TG)-[A-Za-z0-9][A-Za-z0-9._~+/=-]*/g;

/** Shorter values would redact ordinary words; no real secret is this short. */
const MIN_SECRET_LENGTH = 4;

const secrets = new Set<string>();
/** Every remembered secret as one pattern, built again only when a new secret is remembered. */
let secretsPattern: RegExp | undefined;
/** Values the suite made up to be refused (an unknown token, a wrong secret): shown as sent, never secrets. */
const fakes = new Set<string>();

/** Remembers a secret value so every later redaction removes it. */
export function rememberSecret(value: unknown): void {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || fakes.has(value) || secrets.has(value))
    return;
  secrets.add(value);
  secretsPattern = undefined;
}

/**
 * Declares a value the suite invented to be refused (a token nobody issued, a wrong secret): redaction
 * leaves it as sent, so a failure can be reproduced with it. Returns the value.
 */
export function declareFake<T extends string>(value: T): T {
  fakes.add(value);
  return value;
}

/** Body and query fields whose values are secrets wherever they appear in a request or a token grant. */
export const SECRET_FIELDS = [
  'client_secret',
  'access_token',
  'refresh_token',
  'code',
  'code_verifier',
] as const;

/** Fields of a response that carry secrets: the token grant's tokens (an error's `code` is not one). */
export const SECRET_RESPONSE_FIELDS = ['access_token', 'refresh_token'] as const;

/** Remembers the top-level secret `fields` of a token request, a token grant or a query. */
export function rememberSecretFields(record: unknown, fields: readonly string[] = SECRET_FIELDS): void {
  if (typeof record !== 'object' || record === null) return;
  for (const field of fields) rememberSecret((record as Record<string, unknown>)[field]);
}

/** A URL as it may be shown in a report: user name and password removed. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return redact(url);
  }
}

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternOfSecrets(): RegExp | undefined {
  if (secretsPattern || secrets.size === 0) return secretsPattern;
  // Each secret also URL-encoded, as it appears in a query string.
  const forms = new Set([...secrets].flatMap((secret) => [secret, encodeURIComponent(secret)]));
  // Longest first: where two secrets start at the same place, the longer is removed whole.
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeForRegExp);
  secretsPattern = new RegExp(alternatives.join('|'), 'g');
  return secretsPattern;
}

/** Returns `text` with every known secret and every token-shaped string replaced by [redacted]. */
export function redact(text: string): string {
  const pattern = patternOfSecrets();
  const result = pattern ? text.replace(pattern, REDACTED) : text;
  return result.replace(TOKEN_SHAPED, (match) => (fakes.has(match) ? match : REDACTED));
}

/** Redacts an error in place (message and stack, which reporters print) and returns it. */
export function redactError(error: unknown): unknown {
  if (error instanceof Error) {
    error.message = redact(error.message);
    if (error.stack) error.stack = redact(error.stack);
    return error;
  }
  return new Error(redact(String(error)));
}

/** Runs `action`; anything it throws leaves redacted. */
export async function redactingErrors<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw redactError(error);
  }
}
