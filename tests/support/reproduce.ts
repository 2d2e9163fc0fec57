/**
 * Shell commands that reproduce a test's requests, runnable as they are once the target variables are
 * exported (`eval "$(npm run -s mock -- --print-env)"` and PAYMENTS_BASE_URL for the mock). Secrets never
 * appear: configured ones are environment references (`$PAYMENTS_CLIENT_SECRET`), the run's test token is
 * `$PAYMENTS_TEST_ACCESS_TOKEN` (obtained first when unset), and a token or code an earlier request of the
 * test received is read from that answer into a shell variable. Values the suite made up to be refused
 * (an unknown token, a wrong secret) are written as they were sent.
 */
import { proxyLabel, proxyNamed, type ProxyRoute } from '../../lib/proxy.ts';
import { VARIABLES } from '../../lib/target.ts';

/** A value to write as a shell expression instead of itself. */
export interface Reference {
  /** The shell expression, e.g. `$PAYMENTS_CLIENT_SECRET` or `$ACCESS_TOKEN_2`. */
  expression: string;
  /** Lines that give the expression a value first (e.g. obtain a token), written once when it is used. */
  preamble?: readonly string[];
}

/** Response fields whose values later requests may send back (tokens), and where codes arrive. */
const CAPTURED_FIELDS = ['access_token', 'refresh_token'] as const;
const LOCATION_CODE = 'code';

/** Lines that set `variable` to a client_credentials token unless it is set; test or live. */
export function tokenPreamble(variable: string, test: boolean): string[] {
  const body = `{"grant_type":"client_credentials","client_id":"'"$${VARIABLES.clientId}"'","client_secret":"'"$${VARIABLES.clientSecret}"'"${test ? ',"test_token":"true"' : ''}}`;
  return [
    `# The run used a ${test ? 'test' : 'live (non-test)'} token; this obtains one when ${variable} is not set.`,
    `: "\${${variable}:=$(curl -sS -X POST "$${VARIABLES.baseUrl}/oauth/token" -H 'Content-Type: application/json' -d '${body}' | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')}"`,
  ];
}

/** Quotes `text` for a POSIX shell, with references spliced in as double-quoted expansions. */
export function shellWord(text: string, references: ReadonlyMap<string, Reference>): string {
  const values = [...references.keys()].filter((v) => v !== '').sort((a, b) => b.length - a.length);
  const parts: string[] = [];
  let rest = text;
  while (rest !== '') {
    let at = -1;
    let found = '';
    for (const value of values) {
      const index = rest.indexOf(value);
      if (index !== -1 && (at === -1 || index < at)) {
        at = index;
        found = value;
      }
    }
    if (at === -1) {
      parts.push(`'${rest.replace(/'/g, `'\\''`)}'`);
      break;
    }
    if (at > 0) parts.push(`'${rest.slice(0, at).replace(/'/g, `'\\''`)}'`);
    parts.push(`"${references.get(found)!.expression}"`);
    rest = rest.slice(at + found.length);
  }
  return parts.length === 0 ? "''" : parts.join('');
}

export interface ReproducedRequest {
  method: string;
  /** Path and query, relative to the base URL. */
  pathAndQuery: string;
  headers: Record<string, string>;
  body?: string;
}

/** The reproduction of one test: every request in order, each captured into `R<n>` and printed. */
export class Reproduction {
  private readonly lines: string[] = [];
  private readonly references = new Map<string, Reference>();
  private readonly preambles: string[] = [];

  /** `proxy`: the one the run reached the target through, named in the script (curl reads its variable). */
  /**
   * Whether the run went direct though the environment names a proxy (a loopback target, or one NO_PROXY
   * lists): curl is then told so, as it would send even a loopback request through the proxy.
   */
  private readonly directPastProxy: boolean;

  constructor(
    private readonly baseUrl: string,
    private readonly proxy?: ProxyRoute,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.directPastProxy = !proxy && proxyNamed(new URL(baseUrl), env);
  }

  /** Writes `value` as `expression` from now on (configured secrets, the run's tokens). */
  refer(value: string | undefined, expression: string, preamble?: readonly string[]): void {
    if (value) this.references.set(value, { expression, ...(preamble ? { preamble } : {}) });
  }

  /** The request with every referred value written as its expression (for the report's request view). */
  shown(text: string): string {
    let result = text;
    for (const [value, reference] of [...this.references].sort((a, b) => b[0].length - a[0].length)) {
      result = result.split(value).join(reference.expression);
    }
    return result;
  }

  /** The curl command of request `n`, recorded for the test's script; answers that one command. */
  request(n: number, request: ReproducedRequest): string {
    const sent = [request.pathAndQuery, request.body ?? '', ...Object.values(request.headers)].join('\n');
    for (const [value, reference] of this.references) {
      if (!reference.preamble || !sent.includes(value)) continue;
      const first = reference.preamble[0] ?? '';
      if (!this.preambles.includes(first)) this.preambles.push(...reference.preamble);
    }
    const url = `"$${VARIABLES.baseUrl}"${shellWord(request.pathAndQuery, this.references)}`;
    const words = [
      'curl -sS -i',
      ...(this.directPastProxy ? [`--noproxy '*'`] : []),
      `-X ${request.method}`,
      url,
      ...Object.entries(request.headers).map(
        ([name, value]) => `-H ${shellWord(`${name}: ${value}`, this.references)}`,
      ),
      ...(request.body === undefined ? [] : [`--data-raw ${shellWord(request.body, this.references)}`]),
    ];
    const command = `R${n}=$(${words.join(' ')})`;
    this.lines.push(
      `# ${n}: ${request.method} ${request.pathAndQuery.split('?')[0]}`,
      command,
      `printf '%s\\n\\n' "$R${n}"`,
    );
    return command;
  }

  /** Makes the secrets answer `n` carried readable by later requests, as shell variables. */
  captured(n: number, body: unknown, location: string | undefined): void {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    for (const field of CAPTURED_FIELDS) {
      const value = record[field];
      if (typeof value !== 'string' || value === '') continue;
      const name = `${field.toUpperCase()}_${n}`;
      this.lines.push(`${name}=$(printf '%s' "$R${n}" | sed -n 's/.*"${field}" *: *"\\([^"]*\\)".*/\\1/p')`);
      this.refer(value, `$${name}`);
    }
    if (location) {
      let code: string | null;
      try {
        code = new URL(location, this.baseUrl).searchParams.get(LOCATION_CODE);
      } catch {
        code = null;
      }
      if (code) {
        const name = `CODE_${n}`;
        this.lines.push(
          `${name}=$(printf '%s' "$R${n}" | sed -n 's/^[Ll]ocation:.*[?&]${LOCATION_CODE}=\\([^&[:space:]]*\\).*/\\1/p')`,
        );
        this.refer(code, `$${name}`);
        this.refer(encodeURIComponent(code), `$${name}`);
      }
    }
  }

  /** The whole script, or undefined when the test sent nothing. */
  script(title: string): string | undefined {
    if (this.lines.length === 0) return undefined;
    return [
      '#!/bin/sh',
      `# Reproduces: ${title}`,
      `# Export the target variables first (for the mock: eval "$(npm run -s mock -- --print-env)" and ${VARIABLES.baseUrl}).`,
      ...(this.proxy
        ? [
            `# The run went through the proxy ${proxyLabel(this.proxy)}: export ${this.proxy.variable} too, with its credentials if it asks for some; curl reads it.`,
          ]
        : []),
      ...(this.directPastProxy
        ? [
            '# The run went direct, past the proxy this environment names: so does each curl below (--noproxy).',
          ]
        : []),
      ...this.preambles,
      ...this.lines,
      '',
    ].join('\n');
  }
}
