/**
 * Several variations of the mock in one process, each on its own loopback port: what a run against many
 * targets at once needs (the mutation runner's), without a process per variation. Started as
 * `node --import tsx mock/fleet.ts <choices as JSON>`; prints one JSON line per listening variation,
 * `{"type": ..., "name": ..., "baseUrl": ...}`, then `ready`.
 */
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from '../lib/loopback.ts';
import type { FastifyInstance } from 'fastify';
import { buildMock } from './app.ts';
import { FLEET_READY, type FleetMember } from './process.ts';
import type { VariationChoice } from './variations/catalogue.ts';

async function main(choices: VariationChoice[]): Promise<void> {
  const apps: FastifyInstance[] = [];
  for (const choice of choices) {
    const app = await buildMock({ variation: choice.name === '' ? undefined : choice });
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

main(JSON.parse(process.argv[2] ?? '[]') as VariationChoice[]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
