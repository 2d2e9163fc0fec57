/**
 * The mutant catalogue's own rules: enough mutants, every endpoint and every kind covered, each one
 * wired to code that acts on it, and unknown names refused by buildMock and the CLI.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ENDPOINTS } from '../../../lib/catalogue.ts';
import { buildMock } from '../../../mock/app.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { DROPPED_MUTANTS, MUTANT_KINDS, MUTANTS, UNKNOWN_MUTANT } from '../../../mock/mutants/catalogue.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MINIMUM_MUTANTS = 50;
/** The kinds issue 6 requires; the catalogue may add more. */
const REQUIRED_KINDS = [
  'wrong-type',
  'field-missing',
  'enum-violation',
  'timestamp-format',
  'wrong-success-status',
  'wrong-error-status',
  'wrong-error-code',
  'auth-not-enforced',
  'state-transition-skipped',
  'single-use-or-expiry',
  'prefer-ignored',
  'industry-field',
  'rate-limit-without-retry-after',
  'expires-in-not-default',
  'scope-outside-allowed',
  'total-mismatch',
] as const;

function mockSources(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && entry.name !== 'catalogue.ts') files.push(full);
    }
  };
  walk(path.join(ROOT, 'mock'));
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}

test('the catalogue has at least 50 mutants with unique kebab-case names', () => {
  expect(MUTANTS.length).toBeGreaterThanOrEqual(MINIMUM_MUTANTS);
  const names = MUTANTS.map((m) => m.name);
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test('every mutant is named after its endpoint, describes itself and quotes what it breaks', () => {
  for (const mutant of MUTANTS) {
    expect(mutant.name.startsWith(`${mutant.endpoint}-`), mutant.name).toBe(true);
    expect(mutant.description.length, mutant.name).toBeGreaterThan(10);
    expect(mutant.breaks, mutant.name).toMatch(/"[^"]+"/);
    expect(Object.keys(MUTANT_KINDS), mutant.name).toContain(mutant.kind);
  }
});

test('every endpoint and every required kind has a mutant', () => {
  const endpoints = new Set(MUTANTS.map((m) => m.endpoint));
  expect(ENDPOINTS.map((e) => e.id).filter((id) => !endpoints.has(id))).toEqual([]);
  const kinds = new Set<string>(MUTANTS.map((m) => m.kind));
  expect(REQUIRED_KINDS.filter((k) => !kinds.has(k))).toEqual([]);
});

test('every mutant is wired to the code that acts on it', () => {
  const sources = mockSources();
  // Prefer-ignored mutants act through their kind (mock/mutants/register.ts ignoresPrefer).
  const unwired = MUTANTS.filter((m) => m.kind !== 'prefer-ignored' && !sources.includes(`'${m.name}'`));
  expect(unwired.map((m) => m.name)).toEqual([]);
});

test('dropped mutants are not in the catalogue', () => {
  const names = new Set<string>(MUTANTS.map((m) => m.name));
  for (const dropped of DROPPED_MUTANTS) expect(names.has(dropped.name)).toBe(false);
});

test('buildMock refuses a mutant name the catalogue does not know', async () => {
  await expect(buildMock({ mutant: 'no-such-mutant' })).rejects.toThrow(UNKNOWN_MUTANT('no-such-mutant'));
});

test('the mock CLI refuses an unknown mutant with a clear error and exit code 2', () => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'mock/cli.ts', '--port', '0', '--mutant', 'no-such-mutant'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('Unknown mutant "no-such-mutant": not in mock/mutants/catalogue.ts');
});

test('a known mutant changes the answer and the clean mock does not', async () => {
  const plain = await buildMock();
  const mutated = await buildMock({ mutant: 'store-no-auth' });
  const request = { method: 'GET' as const, url: `/stores/${SEEDED_IDS.storeId}` };
  expect((await plain.inject(request)).statusCode).toBe(401);
  expect((await mutated.inject(request)).statusCode).toBe(200);
});
