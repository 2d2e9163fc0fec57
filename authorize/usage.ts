/** The text of `npm run authorize -- --help`. */
import { VARIABLE_DOCS, VARIABLES } from '../lib/target.ts';
import { CHROMIUM_PATH } from './browser.ts';
import { DEFAULT_TIMEOUT_SECONDS } from './options.ts';

const READ_VARIABLES = [
  VARIABLES.baseUrl,
  VARIABLES.authorizationUrl,
  VARIABLES.clientId,
  VARIABLES.redirectUri,
  VARIABLES.consentUser,
  VARIABLES.consentPassword,
] as const;

const variableLines = READ_VARIABLES.map((name) => {
  // Every variable has its entry; the index type is only `string` because the id names are.
  const doc = VARIABLE_DOCS[name]!;
  return `  ${name.padEnd(28)} ${doc.meaning}${doc.secret ? ' (secret: never printed)' : ''}`;
});

export const AUTHORIZE_USAGE = `Usage: npm run -s authorize -- [options]

Gets a fresh authorization code (single use, valid 10 minutes) the way a person gives one: opens the
target's authorization page in Chromium (${CHROMIUM_PATH}), where you log in and consent; catches the
browser's redirect to ${VARIABLES.redirectUri} inside the browser (no server needed), checks its state,
and prints exactly one line on stdout:

  export ${VARIABLES.authCode}=<code>

Everything else goes to stderr; the password and the code never do.

Options:
  --headless         no window: logs in on the mock's login-and-consent page itself, with
                     ${VARIABLES.consentUser} and ${VARIABLES.consentPassword}, and answers Allow
  --decline          with --headless: answer Deny on the consent page; for trying the denial path
  --timeout SECONDS  how long to wait for the redirect (default ${DEFAULT_TIMEOUT_SECONDS})
  --help             this text

Variables read:
${variableLines.join('\n')}
  The authorization page is ${VARIABLES.authorizationUrl} when set, else ${VARIABLES.baseUrl}/authorization.
  Behind a company proxy, the browser goes through the one https_proxy, HTTPS_PROXY, http_proxy or
  ALL_PROXY names (http://user:password@host:port), but for the hosts NO_PROXY lists, as the run does.

Examples:
  eval "$(npm run -s authorize)"                       # a person logs in and consents in the window
  npm run mock &                                       # the mock on http://127.0.0.1:3100
  eval "$(npm run -s mock -- --print-env)"             # the mock's client, redirect URI and consent user
  export ${VARIABLES.baseUrl}=http://127.0.0.1:3100
  eval "$(npm run -s authorize -- --headless)"         # against the mock, no person needed
  npm run -s authorize -- --headless --decline         # the denial path: exits 1, "consent denied"

Exit codes:
  0  a code was printed
  1  no code: wrong password, consent denied, state mismatch, timeout, no Chromium, page unreachable
  2  bad usage: unknown option, bad value or missing variable; nothing was started`;
