/** The only interface the project's servers listen on and send load to (see the common standards). */
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
