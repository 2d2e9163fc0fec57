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
/** Every form of every remembered secret (see replaceSecrets). */
const remembered = emptyNode();
/** Values the suite made up to be refused (an unknown token, a wrong secret): shown as sent, never secrets. */
const fakes = new Set<string>();

/** Remembers a secret value so every later redaction removes it. */
export function rememberSecret(value: unknown): void {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || fakes.has(value) || secrets.has(value))
    return;
  secrets.add(value);
  for (const form of formsOf(value)) insert(remembered, form);
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
    // As given but for the credentials: a base URL is written without the slash a bare origin gains.
    const shown = parsed.toString();
    return url.endsWith('/') ? shown : shown.replace(/\/$/, '');
  } catch {
    return redact(url);
  }
}

interface TrieNode {
  /** By the UTF-16 code unit that follows. */
  children: Map<number, TrieNode>;
  /** A secret ends here. */
  end: boolean;
}

function emptyNode(): TrieNode {
  return { children: new Map(), end: false };
}

function insert(root: TrieNode, form: string): void {
  let node = root;
  for (let i = 0; i < form.length; i++) {
    const unit = form.charCodeAt(i);
    let child = node.children.get(unit);
    if (!child) node.children.set(unit, (child = emptyNode()));
    node = child;
  }
  node.end = true;
}

/** How a secret may appear: as itself, and URL-encoded, as in a query string. */
function formsOf(secret: string): string[] {
  try {
    return [secret, encodeURIComponent(secret)];
  } catch {
    // A lone surrogate has no URL encoding: it can appear only as itself.
    return [secret];
  }
}

/**
 * `text` with every secret of the trie replaced, scanning from the left; where secrets begin alike, the
 * longest that matches is removed whole. A trie, not a regular expression of every secret: a run
 * remembers thousands (every token of every target of the mutation gate), a new one arrives with nearly
 * every token request, and compiling the expression again each time made redaction half of a worker's CPU.
 */
function replaceSecrets(text: string, root: TrieNode, replacement: string): string {
  if (root.children.size === 0) return text;
  let result = '';
  let copied = 0;
  for (let start = 0; start < text.length;) {
    let end = -1;
    let node = root.children.get(text.charCodeAt(start));
    for (let next = start + 1; node; next++) {
      if (node.end) end = next;
      node = next < text.length ? node.children.get(text.charCodeAt(next)) : undefined;
    }
    if (end < 0) {
      start++;
      continue;
    }
    result += text.slice(copied, start) + replacement;
    copied = start = end;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** `text` with every form of `secrets` replaced (redaction uses the run's own; the self-tests use this). */
export function replaceSecretsIn(text: string, secrets: Iterable<string>, replacement = REDACTED): string {
  const root = emptyNode();
  for (const secret of secrets) for (const form of formsOf(secret)) insert(root, form);
  return replaceSecrets(text, root, replacement);
}

/** Returns `text` with every known secret and every token-shaped string replaced by [redacted]. */
export function redact(text: string): string {
  return replaceSecrets(text, remembered, REDACTED).replace(TOKEN_SHAPED, (match) =>
    fakes.has(match) ? match : REDACTED,
  );
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
