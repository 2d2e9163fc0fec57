/** `npm run mock` as a user runs it: the CLI in a child process (`node --import tsx mock/cli.ts`). */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { test } from '@playwright/test';
import { ID_VARIABLES, VARIABLES } from '../../../lib/target.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { MINTED_VARIABLES, seededEnv } from '../../../mock/seeded-env.ts';
import { expect } from './support.ts';

const CLI = ['--import', 'tsx', 'mock/cli.ts'];

function runCli(args: string[]) {
  return spawnSync(process.execPath, [...CLI, ...args], { encoding: 'utf8' });
}

/** The printed `export NAME=...` lines, by variable name. */
function exportLines(stdout: string): Map<string, string> {
  const lines = stdout.split('\n').filter((line) => line.startsWith('export '));
  return new Map(lines.map((line) => [line.slice('export '.length, line.indexOf('=')), line]));
}

/** The line a shell reads back as `name` = `value` (the seeded values hold no single quote). */
const exportLine = (name: string, value: string) => `export ${name}='${value}'`;

test('--print-env prints every seeded variable, explains the minted ones, and leaves out only what the mock cannot seed', () => {
  const result = runCli(['--print-env']);
  expect(result.status).toBe(0);
  const lines = exportLines(result.stdout);
  // The runners that start the mock themselves take the same values as a record.
  const seeded = seededEnv();
  expect([...lines.keys()].sort()).toEqual(Object.keys(seeded).sort());
  for (const [name, value] of Object.entries(seeded)) expect(lines.get(name)).toBe(exportLine(name, value));
  for (const [key, name] of Object.entries(ID_VARIABLES)) {
    expect(lines.get(name), name).toBe(exportLine(name, SEEDED_IDS[key as keyof typeof SEEDED_IDS]));
  }
  expect(lines.get(VARIABLES.abilities)).toBe(
    exportLine(VARIABLES.abilities, 'faults,clock,authorize,destructive,fixtures'),
  );
  for (const name of Object.keys(MINTED_VARIABLES))
    expect(result.stdout).toContain(`# ${name} is not printed`);
  // Where it listens (and so its pages) is known only once it runs; it seeds one agreement and one claim
  // (more come from its fixtures), so it sets no list.
  const unseeded = Object.values(VARIABLES).filter(
    (name) => !(name in seeded) && !(name in MINTED_VARIABLES),
  );
  expect(unseeded.sort()).toEqual(
    [VARIABLES.baseUrl, VARIABLES.authorizationUrl, VARIABLES.agreementIds, VARIABLES.claimIds].sort(),
  );
});

test('--no-control --print-env drops the abilities that need the control surface', () => {
  const lines = exportLines(runCli(['--no-control', '--print-env']).stdout);
  expect(lines.get(VARIABLES.abilities)).toBe(exportLine(VARIABLES.abilities, 'authorize,destructive'));
  expect(seededEnv({ control: false })[VARIABLES.abilities]).toBe('authorize,destructive');
});

test('bad input (an unknown flag, a bad --rate-limit or --port, two variations) exits 2 with one line', () => {
  const cases = [
    ['--nope'],
    ['--rate-limit', 'fast'],
    ['--port', 'http'],
    ['--mutant', 'store-no-auth', '--variant', 'minimal-error-bodies'],
  ];
  for (const args of cases) {
    const result = runCli(args);
    expect(result.status, args.join(' ')).toBe(2);
    expect(result.stdout, args.join(' ')).toBe('');
    expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    expect(result.stderr, args.join(' ')).toContain('npm run mock -- --help lists the options');
    expect(result.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
  }
});

test('--help prints the usage and exits 0', () => {
  const result = runCli(['--help']);
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('Usage: npm run mock');
  expect(result.stdout).toContain('--variant NAME');
});

test('--port 0 serves on a free loopback port, prints the actual URL, logs nothing unasked, stops on SIGTERM', async () => {
  const child = spawn(process.execPath, [...CLI, '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => lines.push(line));
  await once(reader, 'line');
  const baseUrl = lines[0]!;
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(baseUrl).not.toMatch(/:0$/);
  const response = await fetch(`${baseUrl}/stores/${SEEDED_IDS.storeId}`);
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ error: 'unauthorized', status: 401 });
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
  expect(lines).toEqual([baseUrl]);
});
