/**
 * Why `npm run authorize` ends without a code: each reason is one line on stderr, and its exit code
 * tells a script whether to fix the command line (2) or the run itself (1).
 */
import { VARIABLES } from '../lib/target.ts';

export const AUTHORIZE_EXIT_CODES = { code: 0, failed: 1, usage: 2 } as const;

/** Longest piece of text from a page or a redirect that a message repeats. */
const QUOTED_LIMIT = 200;

/** Text from outside (a page, a redirect, a browser error) made one short line. */
export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTED_LIMIT ? `${flat.slice(0, QUOTED_LIMIT)}…` : flat;
}

export const AUTHORIZE_MESSAGES = {
  wrongPassword: (pageSays: string) =>
    `wrong user name or password: the consent page says "${oneLine(pageSays)}" ` +
    `(check ${VARIABLES.consentUser} and ${VARIABLES.consentPassword})`,
  consentDenied: 'consent denied: the target redirected back with error=access_denied; no code was issued',
  targetError: (error: string) =>
    `the target redirected back with error=${oneLine(error)} instead of a code; no code was issued`,
  stateMismatch:
    'state mismatch: the redirect does not carry the state this run sent (a stale or forged redirect); its code was discarded',
  noCode: `the redirect to ${VARIABLES.redirectUri} carries neither a code nor an error`,
  timeout: (seconds: number, redirectUri: string, headless: boolean) =>
    `timeout: no redirect to ${redirectUri} within ${seconds} s` +
    (headless
      ? " (--headless can only fill in the mock's login-and-consent page; use a headed run for any other)"
      : ' (log in and consent sooner, or raise --timeout)'),
  noChromium: (path: string) =>
    `Chromium not found at ${path}: install Debian's package (sudo apt-get install chromium) and run again`,
  noDisplay:
    'no display for a browser window (DISPLAY and WAYLAND_DISPLAY are unset): run it in a desktop session, or use --headless against the mock',
  chromiumFailed: (detail: string) => `Chromium could not start: ${oneLine(detail)}`,
  pageUnreachable: (page: string, detail: string) =>
    `could not open the authorization page ${page}: ${oneLine(detail)}`,
  pageNotFilled: (detail: string) => `--headless could not fill in the consent page: ${oneLine(detail)}`,
  windowClosed: 'the browser window was closed before the target redirected back; no code was issued',
  interrupted: 'interrupted before the target redirected back; no code was issued',
} as const;

/** The run went wrong (exit 1). */
export class AuthorizeFailure extends Error {
  override name = 'AuthorizeFailure';
}

/** The command line or the environment is wrong (exit 2); nothing was started. */
export class AuthorizeUsageError extends Error {
  override name = 'AuthorizeUsageError';
}
