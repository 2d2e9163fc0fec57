/**
 * `npm run authorize`: a fresh authorization code from a person's consent in a real browser, printed as
 * `export PAYMENTS_AUTH_CODE=<code>` (the only line on stdout). `runAuthorizeCli` is the whole command,
 * so another CLI can offer it too.
 */
import { throughProxyLine } from '../lib/proxy.ts';
import { isEntryPoint } from '../lib/runtime.ts';
import { VARIABLES } from '../lib/target.ts';
import { authorizationUrl, codeOfRedirect, newState } from './authorization-request.ts';
import { openBrowser } from './browser.ts';
import { awaitRedirect } from './consent.ts';
import { AUTHORIZE_EXIT_CODES, AuthorizeFailure, AuthorizeUsageError } from './failures.ts';
import { parseAuthorizeRequest, type AuthorizeOptions } from './options.ts';
import { AUTHORIZE_USAGE } from './usage.ts';

export interface AuthorizeIo {
  env: NodeJS.ProcessEnv;
  /** The code line, and --help. */
  out: (line: string) => void;
  /** Progress and the one failure line. */
  err: (line: string) => void;
}

const PROCESS_IO: AuthorizeIo = {
  env: process.env,
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

const PREFIX = 'authorize:';
const HELP_HINT = '(npm run authorize -- --help lists the options and variables)';

/** A code as a shell reads it back: bare when it is plain, else single-quoted. */
function shellValue(value: string): string {
  return /^[A-Za-z0-9._~+/=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

async function obtainCode(options: AuthorizeOptions, io: AuthorizeIo): Promise<string> {
  const state = newState();
  const url = authorizationUrl(options.authorizationPage, options.clientId, options.redirectUri, state);
  const browser = await openBrowser(options.headless, io.env, options.proxy);
  try {
    const page = `${url.origin}${url.pathname}`;
    io.err(
      options.autofill
        ? `${PREFIX} opening ${page} headless; logging in as ${VARIABLES.consentUser} and answering ${options.autofill.decision === 'allow' ? 'Allow' : 'Deny'}`
        : `${PREFIX} opening ${page} in a Chromium window: log in and consent there`,
    );
    if (options.proxy) io.err(`${PREFIX} ${throughProxyLine(options.proxy.route)}`);
    io.err(
      `${PREFIX} waiting up to ${options.timeoutSeconds} s for the redirect to ${options.redirectUri.href}`,
    );
    const redirect = await awaitRedirect(browser, options, url);
    return codeOfRedirect(redirect, state);
  } finally {
    await browser.close();
  }
}

/** Runs the command with `argv` (without node and the script); resolves with its exit code. */
export async function runAuthorizeCli(
  argv: readonly string[],
  io: AuthorizeIo = PROCESS_IO,
): Promise<number> {
  let options: AuthorizeOptions;
  try {
    const request = parseAuthorizeRequest(argv, io.env);
    if (request.help) {
      io.out(AUTHORIZE_USAGE);
      return AUTHORIZE_EXIT_CODES.code;
    }
    options = request;
  } catch (error) {
    if (!(error instanceof AuthorizeUsageError)) throw error;
    io.err(`${PREFIX} ${error.message} ${HELP_HINT}`);
    return AUTHORIZE_EXIT_CODES.usage;
  }
  try {
    const code = await obtainCode(options, io);
    io.err(`${PREFIX} got a fresh code (single use, valid 10 minutes); it is printed on stdout only`);
    io.out(`export ${VARIABLES.authCode}=${shellValue(code)}`);
    return AUTHORIZE_EXIT_CODES.code;
  } catch (error) {
    const message =
      error instanceof AuthorizeFailure
        ? error.message
        : `unexpected error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
    io.err(`${PREFIX} ${message}`);
    return AUTHORIZE_EXIT_CODES.failed;
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runAuthorizeCli(process.argv.slice(2));
}
