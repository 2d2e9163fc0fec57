/**
 * Runs in a fresh process (spawned by schema-timing.ts) so nothing is cached: measures loading the
 * registry (the schema files, the validators generated from them ahead of time) and every validator,
 * then validations per second of a preference and a claim. Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import type { SchemaName } from '../../lib/catalogue.ts';

const measureMs = Number(process.argv[2] ?? 1000);

const start = performance.now();
const { loadAllValidators, validate } = await import('../../schemas/registry.ts');
const validatorsLoadMs = loadAllValidators();
const registryReadyMs = performance.now() - start;

const { buildPreference } = await import('../../factories/preference.ts');
const { sampleClaim } = await import('./samples.ts');

function validationsPerSecond(name: SchemaName, data: unknown): number {
  if (!validate(name, data).valid) throw new Error(`bench sample is not a valid ${name}`);
  let count = 0;
  const began = performance.now();
  let elapsed = 0;
  while (elapsed < measureMs) {
    for (let batch = 0; batch < 100; batch++) validate(name, data);
    count += 100;
    elapsed = performance.now() - began;
  }
  return (count * 1000) / elapsed;
}

console.log(
  JSON.stringify({
    registryReadyMs,
    validatorsLoadMs,
    preferenceValidationsPerSecond: validationsPerSecond(
      'preference-request',
      buildPreference('apparel', { seed: 1 }),
    ),
    claimValidationsPerSecond: validationsPerSecond('claim', sampleClaim()),
  }),
);
