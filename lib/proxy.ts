/**
 * Which HTTP proxy, if any, the run reaches a target through: read from the environment variables
 * curl reads, by curl's rules, so that a failure's reproduction (a curl command) goes the same way the
 * run went. Many companies let nothing out but through a proxy; a QA engineer's shell, and their CI
 * runners, already set these variables for every other tool.
 *
 * - An `https:` target: `https_proxy`, else `HTTPS_PROXY`. An `http:` target: `http_proxy` only, never
 *   `HTTP_PROXY`, as curl does: a CGI server sets `HTTP_PROXY` from a request's own `Proxy` header, so
 *   any caller could choose it. Then `all_proxy`, else `ALL_PROXY`, for either. An empty value is unset.
 * - `no_proxy`, else `NO_PROXY`: hosts that go direct, separated by commas; `*` is every host; an entry
 *   is a host, a domain (a leading `.` or `*.` optional, its subdomains included), an IP address or a
 *   subnet (`10.0.0.0/8`, for a target named by its address), with an optional `:port` that must then
 *   match too.
 * - A loopback host (`localhost`, `127.x.x.x`, `::1`) always goes direct, whatever the variables: what
 *   listens there is on this machine (the embedded mock, a local build), which a proxy elsewhere cannot
 *   reach.
 * - The proxy is `http://` with its port (credentials as `http://user:password@host:port`). curl assumes
 *   1080 for a missing port where an http URL's default is 80, so the port must be given; a proxy spoken
 *   to over TLS (`https://`) or SOCKS is refused with a clear message rather than half supported.
 */
import { BlockList, isIP } from 'node:net';

export interface ProxyRoute {
  /** Where the proxy listens: a host name or an address (an IPv6 one without brackets), and its port. */
  host: string;
  port: number;
  /** The variable it was read from, for every message about it. */
  variable: string;
  /** Its URL without the credentials, as it may be shown. */
  shown: string;
  /** The user and password of its URL, decoded: the password is never shown nor written. */
  credentials?: { user: string; password: string };
  /** The Proxy-Authorization header value those credentials make. */
  authorization?: string;
}

export type ProxyChoice = { route?: ProxyRoute } | { problem: string };

/** The variables read, by target scheme, in the order they are read. */
export const PROXY_VARIABLES = {
  'https:': ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'],
  'http:': ['http_proxy', 'all_proxy', 'ALL_PROXY'],
} as const;
export const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'] as const;

function firstSet(
  env: NodeJS.ProcessEnv,
  names: readonly string[],
): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

/** The host as a URL gives it, without the brackets of an IPv6 address, in lower case. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

function isLoopbackHost(hostname: string): boolean {
  const host = bareHost(hostname);
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    (isIP(host) === 4 && host.startsWith('127.'))
  );
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Whether an IP address target lies in a NO_PROXY entry written as a subnet (`10.0.0.0/8`). */
function inSubnet(entry: string, target: string): boolean {
  const [address = '', prefix] = bareHost(entry).split('/');
  const family = isIP(address);
  if (family === 0 || isIP(target) !== family || prefix === undefined || !/^\d+$/.test(prefix)) return false;
  const list = new BlockList();
  try {
    list.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
  return list.check(target, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether one NO_PROXY entry sends `url` direct. */
function bypasses(entry: string, url: URL): boolean {
  if (entry === '*') return true;
  if (entry.includes('/')) return inSubnet(entry, bareHost(url.hostname));
  let host = entry.toLowerCase();
  let port: string | undefined;
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(host);
  if (withPort) [, host = '', port] = withPort;
  host = bareHost(host).replace(/^\*?\./, '');
  if (host === '') return false;
  if (port !== undefined && port !== defaultPort(url)) return false;
  const target = bareHost(url.hostname);
  return target === host || (isIP(host) === 0 && target.endsWith(`.${host}`));
}

function parseProxy(variable: string, value: string): ProxyChoice {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `${variable} is not a URL: give the proxy as http://host:port` };
  }
  const shown = `${url.protocol}//${url.host}`;
  if (url.protocol !== 'http:') {
    return {
      problem: `${variable}=${shown}: only an http:// proxy is supported (an https target is tunnelled through it with CONNECT); a proxy spoken to over TLS or SOCKS is not`,
    };
  }
  if (!url.port) {
    return {
      problem: `${variable}=${shown}: give the proxy's port (${shown}:3128, say); curl would assume 1080, a URL 80`,
    };
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  return {
    route: {
      host: bareHost(url.hostname),
      port: Number(url.port),
      variable,
      shown,
      ...(user || password
        ? {
            credentials: { user, password },
            authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
          }
        : {}),
    },
  };
}

function variablesFor(target: URL): readonly string[] {
  return target.protocol === 'https:' ? PROXY_VARIABLES['https:'] : PROXY_VARIABLES['http:'];
}

/** Whether the environment names a proxy for `target`'s scheme at all, whether or not the run takes it. */
export function proxyNamed(target: URL, env: NodeJS.ProcessEnv): boolean {
  return firstSet(env, variablesFor(target)) !== undefined;
}

/** The proxy `target` is reached through (none: direct), or why the variables cannot be used. */
export function proxyFor(target: URL, env: NodeJS.ProcessEnv): ProxyChoice {
  const proxy = firstSet(env, variablesFor(target));
  if (!proxy || isLoopbackHost(target.hostname)) return {};
  const noProxy = firstSet(env, NO_PROXY_VARIABLES);
  const entries = (noProxy?.value ?? '').split(/[\s,]+/).filter(Boolean);
  if (entries.some((entry) => bypasses(entry, target))) return {};
  return parseProxy(proxy.name, proxy.value);
}

/** The proxy's password, decoded as sent: a secret to keep out of every report. */
export function proxySecret(route: ProxyRoute | undefined): string | undefined {
  return route?.credentials?.password || undefined;
}

/** The proxy as every message and report names it: its URL without credentials, and where it was read. */
export function proxyLabel(route: ProxyRoute): string {
  return `${route.shown} (${route.variable})`;
}

/** The line a run and its plan print before any request, when the target is reached through a proxy. */
export function throughProxyLine(route: ProxyRoute): string {
  return `Through the proxy ${proxyLabel(route)}; NO_PROXY lists the hosts that go direct`;
}
