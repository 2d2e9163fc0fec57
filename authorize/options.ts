/** What a run of `npm run authorize` is asked to do: its options and the target variables it reads. */
import { typedUrlShown } from '../lib/typed-url.ts';
import { parseArgs } from 'node:util';
import { NO_PROXY_VARIABLES, proxyFor, type ProxyRoute } from '../lib/proxy.ts';
import { VARIABLES } from '../lib/target.ts';
import { AuthorizeUsageError } from './failures.ts';

export const DEFAULT_TIMEOUT_SECONDS = 300;
const AUTHORIZATION_PATH = '/authorization';

export interface Autofill {
  username: string;
  password: string;
  decision: 'allow' | 'deny';
}

export interface AuthorizeOptions {
  authorizationPage: URL;
  clientId: string;
  redirectUri: URL;
  timeoutSeconds: number;
  headless: boolean;
  /** Who logs in on the mock's page in a headless run, and what they answer; absent when headed. */
  autofill?: Autofill;
  /** The proxy the authorization page is reached through, chosen as the run chooses its target's. */
  proxy?: BrowserProxy;
}

export interface BrowserProxy {
  route: ProxyRoute;
  /** The hosts that go direct, as NO_PROXY lists them. */
  bypass?: string;
}

export type AuthorizeRequest = { help: true } | ({ help: false } & AuthorizeOptions);

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

function readArgs(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        headless: { type: 'boolean', default: false },
        decline: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    // Node's own text goes on to explain `--` for positionals; its first sentence is the point.
    const message = error instanceof Error ? error.message : String(error);
    throw new AuthorizeUsageError(message.split(/\.\s/)[0]!.replace(/\.$/, ''));
  }
}

function parseTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_SECONDS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new AuthorizeUsageError(
      `--timeout must be a whole number of seconds, at least 1, got ${JSON.stringify(raw)}`,
    );
  }
  return Number(raw);
}

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const value = env[name];
  if (!present(value)) throw new AuthorizeUsageError(`${name} is not set: ${why}`);
  return value;
}

function httpUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AuthorizeUsageError(`${name} is not a URL: ${typedUrlShown(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AuthorizeUsageError(`${name} must be an http or https URL, got ${url.protocol}`);
  }
  return url;
}

function authorizationPage(env: NodeJS.ProcessEnv): URL {
  const page = env[VARIABLES.authorizationUrl];
  if (present(page)) return httpUrl(VARIABLES.authorizationUrl, page);
  const base = env[VARIABLES.baseUrl];
  if (!present(base)) {
    throw new AuthorizeUsageError(
      `neither ${VARIABLES.authorizationUrl} nor ${VARIABLES.baseUrl} is set: the command needs the target's authorization page`,
    );
  }
  const url = httpUrl(VARIABLES.baseUrl, base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${AUTHORIZATION_PATH}`;
  return url;
}

function browserProxy(page: URL, env: NodeJS.ProcessEnv): BrowserProxy | undefined {
  const choice = proxyFor(page, env);
  if ('problem' in choice) throw new AuthorizeUsageError(choice.problem);
  if (!choice.route) return undefined;
  const bypass = NO_PROXY_VARIABLES.map((name) => env[name]?.trim()).find(present);
  return { route: choice.route, ...(bypass ? { bypass } : {}) };
}

/** Reads `argv` (without node and the script) and `env`; throws one AuthorizeUsageError naming the first problem. */
export function parseAuthorizeRequest(argv: readonly string[], env: NodeJS.ProcessEnv): AuthorizeRequest {
  const values = readArgs(argv);
  if (values.help) return { help: true };
  const timeoutSeconds = parseTimeout(values.timeout);
  if (values.decline && !values.headless) {
    throw new AuthorizeUsageError(
      '--decline only applies with --headless: in a window, the person chooses Deny',
    );
  }
  const page = authorizationPage(env);
  const proxy = browserProxy(page, env);
  const options: AuthorizeOptions = {
    authorizationPage: page,
    clientId: required(env, VARIABLES.clientId, 'the application to authorize'),
    redirectUri: httpUrl(
      VARIABLES.redirectUri,
      required(env, VARIABLES.redirectUri, 'the redirect URI configured for the application'),
    ),
    timeoutSeconds,
    headless: values.headless,
    ...(proxy ? { proxy } : {}),
  };
  if (!values.headless) return { help: false, ...options };
  const why = '--headless logs in on the consent page itself';
  return {
    help: false,
    ...options,
    autofill: {
      username: required(env, VARIABLES.consentUser, why),
      password: required(env, VARIABLES.consentPassword, why),
      decision: values.decline ? 'deny' : 'allow',
    },
  };
}
