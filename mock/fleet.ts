/**
 * Several variations of the mock in one process, each on its own loopback port: what a run against many
 * targets at once needs (the mutation runner's), without a process per variation. Started as
 * `node --import tsx mock/fleet.ts <members as JSON>`; prints one JSON line per listening member,
 * `{"type": ..., "name": ..., "control": ..., "baseUrl": ...}`, then `ready`.
 */
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from '../lib/loopback.ts';
import type { FastifyInstance } from 'fastify';
import { buildMock } from './app.ts';
import { FLEET_READY, type FleetChoice, type FleetMember } from './process.ts';

async function main(choices: FleetChoice[]): Promise<void> {
  const apps: FastifyInstance[] = [];
  for (const choice of choices) {
    const app = await buildMock({
      variation: choice.name === '' ? undefined : { type: choice.type, name: choice.name },
      control: choice.control,
    });
    await app.listen({ port: 0, host: LOOPBACK });
    const { port } = app.server.address() as AddressInfo;
    console.log(JSON.stringify({ ...choice, baseUrl: `http://${LOOPBACK}:${port}` } satisfies FleetMember));
    apps.push(app);
  }
  console.log(FLEET_READY);
  const stop = () => void Promise.all(apps.map((app) => app.close())).then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main(JSON.parse(process.argv[2] ?? '[]') as FleetChoice[]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
