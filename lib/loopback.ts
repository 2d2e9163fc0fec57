/** The only interface the project's servers listen on and send load to (see the common standards). */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

export const LOOPBACK = '127.0.0.1';
const NO_PORT = 'the operating system gave no loopback port';

/**
 * A port free on loopback right now, for a server that must be told its port before it starts (the
 * Playwright webServer, Prism). Servers that can print their own URL are better started on port 0.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error(NO_PORT)),
      );
    });
  });
}

/**
 * freeLoopbackPort for a caller that cannot wait for it: the top level of a CommonJS module (the
 * conformance run's configuration, tests/run/playwright.config.ts), which has no top-level await. A short
 * node process asks the operating system, as freeLoopbackPort does.
 */
export function freeLoopbackPortSync(): number {
  const probe = `const s = require('node:net').createServer().listen(0, ${JSON.stringify(LOOPBACK)}, () => {
    process.stdout.write(String(s.address().port));
    s.close();
  });`;
  // Without NODE_OPTIONS: the probe needs no loader of the parent's (tsx's would double its start-up).
  const env = { ...process.env, NODE_OPTIONS: '' };
  const port = Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8', env }));
  if (!Number.isInteger(port) || port <= 0) throw new Error(NO_PORT);
  return port;
}
