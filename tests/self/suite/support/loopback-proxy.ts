/**
 * A forward HTTP proxy on loopback, as a company's is to the suite: it forwards an http target's requests
 * (absolute form) and opens CONNECT tunnels for https ones, and it resolves the host names it is given
 * itself, here every one to loopback, so a run through it can name a target (`payments.test`) that this
 * machine could not reach on its own. It keeps what it was asked, to prove where the traffic went.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { LOOPBACK } from '../../../../lib/loopback.ts';
import { NO_PROXY_VARIABLES, PROXY_VARIABLES } from '../../../../lib/proxy.ts';

/**
 * Every proxy variable blank but those given, for a child process: the proxy settings of the machine
 * running the self-tests play no part (a blank variable counts as unset).
 */
export function onlyProxyVariables(given: Record<string, string>): Record<string, string> {
  const every = [...PROXY_VARIABLES['https:'], ...PROXY_VARIABLES['http:'], ...NO_PROXY_VARIABLES];
  return { ...Object.fromEntries(every.map((name) => [name, ''])), ...given };
}

export interface ProxiedRequest {
  method: string;
  /** The absolute URL of a forwarded request, the host:port of a tunnel. */
  target: string;
  /** Whether it carried the credentials the proxy asks for (always true for a proxy that asks none). */
  authorized: boolean;
}

export interface LoopbackProxy {
  url: string;
  /** Its URL with the credentials it asks for, as a user writes it in HTTPS_PROXY (`url` when it asks none). */
  urlWithCredentials: string;
  /** What it was asked, in order, refused requests included. */
  requests(): ProxiedRequest[];
  close(): Promise<void>;
}

function portOf(authority: string, fallback: number): number {
  const port = /:(\d+)$/.exec(authority)?.[1];
  return port ? Number(port) : fallback;
}

/** `credentials`: the user and password the proxy demands (407 otherwise); none: it asks nothing. */
export async function startLoopbackProxy(
  options: { credentials?: { user: string; password: string } } = {},
): Promise<LoopbackProxy> {
  const { credentials } = options;
  const expected = credentials
    ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`
    : undefined;
  const seen: ProxiedRequest[] = [];
  const tunnels = new Set<Socket>();
  const authorized = (request: IncomingMessage) =>
    !expected || request.headers['proxy-authorization'] === expected;

  const server = createServer((request, response) => {
    const target = request.url ?? '';
    const ok = authorized(request);
    seen.push({ method: request.method ?? '', target, authorized: ok });
    if (!ok) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="loopback proxy"' }).end();
      return;
    }
    const url = new URL(target);
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      {
        host: LOOPBACK,
        port: portOf(url.host, 80),
        method: request.method,
        path: url.pathname + url.search,
        headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.once('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    const ok = authorized(request);
    seen.push({ method: 'CONNECT', target, authorized: ok });
    if (!ok) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="loopback proxy"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const upstream = netConnect(portOf(target, 443), LOOPBACK, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnels.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.once('error', end);
    client.once('error', end);
    client.once('close', () => tunnels.delete(client));
    upstream.once('close', () => tunnels.delete(upstream));
  });

  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${LOOPBACK}:${port}`;
  const withCredentials = new URL(url);
  withCredentials.username = encodeURIComponent(credentials?.user ?? '');
  withCredentials.password = encodeURIComponent(credentials?.password ?? '');
  return {
    url,
    urlWithCredentials: withCredentials.href.replace(/\/$/, ''),
    requests: () => [...seen],
    close: () =>
      new Promise((resolve) => {
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
