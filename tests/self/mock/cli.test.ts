/** `npm run mock` as a user runs it: the CLI in a child process (`node --import tsx mock/cli.ts`). */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { test } from '@playwright/test';
import { ID_VARIABLES, VARIABLES } from '../../../lib/target.ts';
import { SEEDED_IDS } from '../../../mock/seed.ts';
import { seededEnv } from '../../../mock/seeded-env.ts';
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

test('--print-env prints every target variable but the base URL, and explains the minted ones', () => {
  const result = runCli(['--print-env']);
  expect(result.status).toBe(0);
  const lines = exportLines(result.stdout);
  const notExported: string[] = [VARIABLES.baseUrl, VARIABLES.authCode, VARIABLES.testAccessToken];
  const expected = Object.values(VARIABLES).filter((name) => !notExported.includes(name));
  expect([...lines.keys()].sort()).toEqual([...expected].sort());
  for (const [key, name] of Object.entries(ID_VARIABLES)) {
    expect(lines.get(name), name).toBe(exportLine(name, SEEDED_IDS[key as keyof typeof SEEDED_IDS]));
  }
  expect(lines.get(VARIABLES.capabilities)).toBe(
    exportLine(VARIABLES.capabilities, 'faults,clock,authorize,destructive,fixtures'),
  );
  // The runners that start the mock themselves take the same values as a record.
  for (const [name, value] of Object.entries(seededEnv()))
    expect(lines.get(name)).toBe(exportLine(name, value));
  expect(result.stdout).toContain(`# ${VARIABLES.authCode} is not printed`);
  expect(result.stdout).toContain(`# ${VARIABLES.testAccessToken} is not printed`);
});

test('--no-control --print-env drops the abilities that need the control surface', () => {
  const lines = exportLines(runCli(['--no-control', '--print-env']).stdout);
  expect(lines.get(VARIABLES.capabilities)).toBe(exportLine(VARIABLES.capabilities, 'authorize,destructive'));
  expect(seededEnv(false)[VARIABLES.capabilities]).toBe('authorize,destructive');
});

test('an unknown flag or a bad --rate-limit exits 2 with the usage', () => {
  for (const args of [['--nope'], ['--rate-limit', 'fast']]) {
    const result = runCli(args);
    expect(result.status, args.join(' ')).toBe(2);
    expect(result.stderr).toContain('Usage: npm run mock');
  }
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
