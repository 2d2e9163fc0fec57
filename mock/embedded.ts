/**
 * The embedded mock served by the process that runs the suite, on a port it holds before the mock exists.
 *
 * The run command needs the mock's URL before it starts Playwright's runner, and building the mock is
 * half a second of module loading: here the port is bound at once, the runner starts with its URL, and
 * the mock is built (`build`) while the runner loads. A request that arrives before the mock is ready
 * waits for it rather than being refused, so nothing depends on which of the two finishes first.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from '../lib/loopback.ts';
import type { MockOptions } from './context.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * How long an idle connection is kept: Fastify's own default, which this server (made here, not by
 * Fastify) would otherwise not have (Node's is 5 s). The suite keeps its connections to this mock for the
 * next request (run/http.ts), and no test of a run leaves one idle that long.
 */
const IDLE_CONNECTION_MS = 72_000;

export interface EmbeddedMock {
  url: string;
  /**
   * Builds the mock, which then answers the requests that waited for it; settles once it answers, and
   * rejects, with the port closed, when it could not be built. Built once: a second call gets the same.
   */
  build(): Promise<void>;
  close(): Promise<void>;
}

export async function serveEmbeddedMock(options: MockOptions = {}): Promise<EmbeddedMock> {
  const server = createServer();
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  const waiting: Parameters<Handler>[] = [];
  let handle: Handler | undefined;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (handle) handle(request, response);
    else waiting.push([request, response]);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, resolve);
  });
  const { port } = server.address() as AddressInfo;

  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  let closeApp = (): Promise<void> => Promise.resolve();
  const buildApp = async () => {
    const { buildMock } = await import('./app.ts');
    let fastifyHandler: Handler | undefined;
    const app = await buildMock({
      ...options,
      // Fastify answers on this server; it wires nothing but its own error handling to it.
      serverFactory: (handler) => {
        fastifyHandler = handler;
        return server;
      },
    });
    await app.ready();
    closeApp = () => app.close();
    handle = fastifyHandler;
    for (const [request, response] of waiting.splice(0)) handle?.(request, response);
  };
  let built: Promise<void> | undefined;

  return {
    url: `http://${LOOPBACK}:${port}`,
    build: () => {
      if (built) return built;
      built = buildApp();
      // A mock that cannot be built leaves nobody waiting: the port closes and the run finds no target.
      built.catch(() => closeServer());
      return built;
    },
    close: async () => {
      await closeApp();
      await closeServer();
    },
  };
}
