/**
 * Switching a variation on by name: buildMock and the mock CLI refuse a name the catalogue does not know
 * (listing the names it does), and a running mock says which variation it serves.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { buildMock } from '../../../mock/app.ts';
import { envLines } from '../../../mock/cli.ts';
import {
  ALL_MUTANTS,
  ALL_VARIANTS,
  type Variant,
  type VariationType,
} from '../../../mock/variations/catalogue.ts';

const CLI = ['--import', 'tsx', 'mock/cli.ts'];
const KNOWN: Record<VariationType, readonly { name: string }[]> = {
  mutant: ALL_MUTANTS,
  variant: ALL_VARIANTS,
};
const BANNER_TIMEOUT_MS = 30_000;

for (const type of ['mutant', 'variant'] as const) {
  test(`buildMock refuses an unknown ${type}, listing the ${type}s it knows`, async () => {
    const refusal = buildMock({ variation: { type, name: 'nope' } });
    await expect(refusal).rejects.toThrow(`Unknown ${type} "nope"`);
    const message = await refusal.catch((error: unknown) => (error as Error).message);
    for (const { name } of KNOWN[type]) expect(message, name).toContain(name);
  });

  test(`the mock CLI refuses an unknown ${type} with exit code 2 and one line listing the ${type}s`, () => {
    const result = spawnSync(process.execPath, [...CLI, `--${type}`, 'nope'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toContain(`Unknown ${type} "nope"`);
    for (const { name } of KNOWN[type]) expect(lines[0], name).toContain(name);
  });
}

/** Starts the CLI, reads its output until `wanted` appears, then stops it; resolves with what it printed. */
async function bannerOf(
  args: string[],
  wanted: string,
): Promise<{ lines: string[]; exitCode: number | null }> {
  const child = spawn(process.execPath, [...CLI, ...args, '--port', '0'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout });
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no "${wanted}" in:\n${lines.join('\n')}`)),
        BANNER_TIMEOUT_MS,
      );
      reader.on('line', (line) => {
        lines.push(line);
        if (line.includes(wanted)) resolve();
      });
      child.once('exit', () => reject(new Error(`the mock exited before printing "${wanted}"`)));
    });
  } finally {
    clearTimeout(timer);
    child.kill('SIGTERM');
  }
  const [exitCode] = await exited;
  return { lines, exitCode };
}

test('the banner names the active variant', async () => {
  const { lines, exitCode } = await bannerOf(
    ['--variant', 'minimal-error-bodies'],
    'VARIANT minimal-error-bodies',
  );
  expect(lines[0]).toMatch(/^Payments mock listening on http:\/\/127\.0\.0\.1:\d+$/);
  expect(lines[1]).toMatch(/^VARIANT minimal-error-bodies: conformant/);
  expect(exitCode).toBe(0);
});

test('the banner names the active mutant and the rule it breaks', async () => {
  const { lines, exitCode } = await bannerOf(['--mutant', 'store-no-auth'], 'MUTANT store-no-auth');
  expect(lines[1]).toBe('MUTANT store-no-auth: breaks store.auth-bearer');
  expect(exitCode).toBe(0);
});

test('--mutant and --variant together are refused in one line', () => {
  const result = spawnSync(
    process.execPath,
    [...CLI, '--mutant', 'store-no-auth', '--variant', 'minimal-error-bodies'],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    },
  );
  expect(result.status).toBe(2);
  expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('exclude each other')]);
});

test('--list names every mutant and every variant', () => {
  const result = spawnSync(process.execPath, [...CLI, '--list'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  expect(result.status).toBe(0);
  const listed = new Set(result.stdout.split('\n').map((line) => line.trim().split(/\s+/)[0]));
  for (const { name } of [...ALL_MUTANTS, ...ALL_VARIANTS]) expect(listed.has(name), name).toBe(true);
});

/** A variant seeding its plan under another id, and that id. */
function variantSeedingAnotherPlanId(): { variant: Variant; planId: string } {
  for (const variant of ALL_VARIANTS) {
    for (const effect of variant.effects) {
      if (effect.kind === 'set-seeded-ids' && effect.ids.planId)
        return { variant, planId: effect.ids.planId };
    }
  }
  throw new Error('no variant seeds its plan under another id');
}

test('--print-env with a variant that seeds other ids prints those ids', () => {
  const { variant, planId } = variantSeedingAnotherPlanId();
  const line = `export PAYMENTS_PLAN_ID='${planId}'`;
  expect(envLines(true, variant)).toContain(line);
  expect(envLines(true)).not.toContain(line);
});
