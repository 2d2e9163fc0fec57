/**
 * The reference mock, or one of its variations, listening on loopback inside the self-test's own
 * process, with the PAYMENTS_* variables of a run against it: the same app and seeded values as a mock
 * started with mock/process.ts, without a Node start-up of its own. The worker only waits while the
 * suite it started runs, so it has the time to serve it; a test that blocks its event loop (spawnSync)
 * while something calls this mock must start the mock as a process instead.
 */
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from '../../../../lib/loopback.ts';
import { VARIABLES } from '../../../../lib/target.ts';
import { buildMock } from '../../../../mock/app.ts';
import { seededEnv } from '../../../../mock/seeded-env.ts';
import { applyVariation } from '../../../../mock/variations/apply.ts';
import { variationOf, type VariationChoice } from '../../../../mock/variations/catalogue.ts';

export interface MockInWorkerOptions {
  /** A mutant or conformant variant of mock/variations/ to switch on. */
  variation?: VariationChoice;
  /** Without the /__control routes and Prefer faults (`--no-control`). */
  noControl?: boolean;
  /** Token requests allowed per client per window (`--rate-limit N/SECS`). */
  rateLimit?: { max: number; windowSeconds: number };
}

export interface MockInWorker {
  baseUrl: string;
  /** The PAYMENTS_* target contract of a run against it: the seeded values and the base URL. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startMockInWorker(options: MockInWorkerOptions = {}): Promise<MockInWorker> {
  const control = !options.noControl;
  const app = await buildMock({
    control,
    ...(options.variation ? { variation: options.variation } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  });
  await app.listen({ port: 0, host: LOOPBACK });
  const baseUrl = `http://${LOOPBACK}:${(app.server.address() as AddressInfo).port}`;
  const served = applyVariation(variationOf(options.variation));
  return {
    baseUrl,
    env: { ...seededEnv({ control, served }), [VARIABLES.baseUrl]: baseUrl },
    stop: () => app.close(),
  };
}
