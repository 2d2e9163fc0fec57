/**
 * The catalogue of mock variations as data: enough mutants, each named after its endpoint and citing the
 * rule it breaks, marked when only the platform profile can kill it; enough conformant variants, each
 * saying which open point it reads; every variation doing something; and no route or state method that
 * knows a variation exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { isBasis, isSpecBasis, resolveBasis } from '../../../lib/basis.ts';
import { ENDPOINTS } from '../../../lib/catalogue.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { ALL_MUTANTS, ALL_VARIANTS } from '../../../mock/variations/catalogue.ts';
import { DROPPED_MUTANTS, MUTANT_KINDS } from '../../../mock/variations/mutants.ts';
import { PLATFORM_BASE } from '../../../mock/variations/variants.ts';

const MINIMUM_MUTANTS = 50;
const MINIMUM_VARIANTS = 12;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

test(`the catalogue has at least ${MINIMUM_MUTANTS} mutants with unique kebab-case names`, () => {
  expect(ALL_MUTANTS.length).toBeGreaterThanOrEqual(MINIMUM_MUTANTS);
  const names = ALL_MUTANTS.map((m) => m.name);
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  for (const name of names) expect(name).toMatch(KEBAB);
});

test('every mutant is named after its endpoint (every-endpoint- when it reaches all), says what it does and is of a known kind', () => {
  for (const mutant of ALL_MUTANTS) {
    const everywhere = mutant.effects.some((e) => e.kind === 'rewrite-response' && e.endpoints === 'all');
    const prefix = everywhere ? 'every-endpoint' : mutant.endpoint;
    expect(mutant.name.startsWith(`${prefix}-`), mutant.name).toBe(true);
    expect(mutant.description.length, mutant.name).toBeGreaterThan(10);
    expect(Object.keys(MUTANT_KINDS), mutant.name).toContain(mutant.kind);
  }
});

test('every mutant breaks a known rule, and one breaking a platform or HTTP fact is marked for the platform profile', () => {
  for (const mutant of ALL_MUTANTS) {
    expect(isBasis(mutant.breaks), `${mutant.name} breaks ${mutant.breaks}`).toBe(true);
    expect(resolveBasis(mutant.breaks).quote.length, mutant.name).toBeGreaterThan(0);
    const spec = isSpecBasis(mutant.breaks);
    expect(spec, mutant.name).toBe(!/^(platform|http)\./.test(mutant.breaks));
    expect(mutant.killedUnder, `${mutant.name} (breaks ${mutant.breaks})`).toBe(
      spec ? undefined : 'platform',
    );
  }
});

test('a mutant met under platform is built on the variant proved there', () => {
  const platformMutants = ALL_MUTANTS.filter((m) => m.killedUnder === 'platform');
  expect(platformMutants.length).toBeGreaterThan(0);
  for (const mutant of platformMutants)
    expect(mutant.effects.slice(0, PLATFORM_BASE.effects.length), mutant.name).toEqual(PLATFORM_BASE.effects);
  expect(ALL_VARIANTS.find((v) => v.name === PLATFORM_BASE.name)?.profile).toBe('platform');
});

test('every endpoint has a mutant and every kind of mutant is used', () => {
  const endpoints = new Set(ALL_MUTANTS.map((m) => m.endpoint));
  expect(ENDPOINTS.map((e) => e.id).filter((id) => !endpoints.has(id))).toEqual([]);
  const kinds = new Set<string>(ALL_MUTANTS.map((m) => m.kind));
  expect(Object.keys(MUTANT_KINDS).filter((kind) => !kinds.has(kind))).toEqual([]);
});

test('dropped mutants are not in the catalogue and say why', () => {
  const names = new Set<string>(ALL_MUTANTS.map((m) => m.name));
  for (const dropped of DROPPED_MUTANTS) {
    expect(names.has(dropped.name), dropped.name).toBe(false);
    expect(dropped.reason.length, dropped.name).toBeGreaterThan(20);
  }
});

test(`there are at least ${MINIMUM_VARIANTS} conformant variants, each saying which open point it reads`, () => {
  expect(ALL_VARIANTS.length).toBeGreaterThanOrEqual(MINIMUM_VARIANTS);
  for (const variant of ALL_VARIANTS) {
    expect(variant.name, variant.name).toMatch(KEBAB);
    expect(variant.description.trim(), variant.name).not.toBe('');
    expect(variant.reads.trim(), variant.name).not.toBe('');
  }
});

test('no name is used twice, across mutants and variants alike', () => {
  const names = [...ALL_MUTANTS, ...ALL_VARIANTS].map((v) => v.name);
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
});

test('every mutant and every variant has at least one effect', () => {
  for (const variation of [...ALL_MUTANTS, ...ALL_VARIANTS]) {
    expect(variation.effects.length, `${variation.type} ${variation.name}`).toBeGreaterThan(0);
  }
});

/** Every .ts file under `dir`. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test('no route and no state method knows a mutant: they read the rules', () => {
  const files = [
    ...sourcesUnder(path.join(PROJECT_ROOT, 'mock/routes')),
    path.join(PROJECT_ROOT, 'mock/state.ts'),
  ];
  expect(files.length).toBeGreaterThan(1);
  const mentions = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, where: `${path.relative(PROJECT_ROOT, file)}:${index + 1}` }))
      .filter(({ line }) => /isMutant|mutant/.test(line))
      .map(({ line, where }) => `${where}: ${line.trim()}`),
  );
  expect(mentions).toEqual([]);
});
