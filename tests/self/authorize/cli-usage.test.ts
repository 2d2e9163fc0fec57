/** `npm run authorize` refusing bad usage before any browser starts: one line, exit 2; and its --help. */
import { expect, test } from '@playwright/test';
import { VARIABLES } from '../../../lib/target.ts';
import { seededEnv } from '../../../mock/seeded-env.ts';
import { runAuthorize } from './support.ts';

const TARGET: Record<string, string> = {
  ...seededEnv(),
  [VARIABLES.baseUrl]: 'http://127.0.0.1:9',
};

function withoutVariable(name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(TARGET).filter(([key]) => key !== name));
}

const BAD_USAGE: { name: string; args: string[]; env: Record<string, string>; says: RegExp }[] = [
  { name: 'an unknown option', args: ['--nope'], env: TARGET, says: /Unknown option '--nope'/ },
  { name: 'a positional argument', args: ['now'], env: TARGET, says: /Unexpected argument 'now'/ },
  { name: 'a bad --timeout', args: ['--timeout', '0'], env: TARGET, says: /--timeout must be/ },
  {
    name: '--decline without --headless',
    args: ['--decline'],
    env: TARGET,
    says: /--decline only applies with --headless/,
  },
  {
    name: 'no client id',
    args: ['--headless'],
    env: withoutVariable(VARIABLES.clientId),
    says: new RegExp(`${VARIABLES.clientId} is not set`),
  },
  {
    name: 'no redirect URI',
    args: ['--headless'],
    env: withoutVariable(VARIABLES.redirectUri),
    says: new RegExp(`${VARIABLES.redirectUri} is not set`),
  },
  {
    name: 'neither base URL nor authorization URL',
    args: ['--headless'],
    env: withoutVariable(VARIABLES.baseUrl),
    says: new RegExp(`neither ${VARIABLES.authorizationUrl} nor ${VARIABLES.baseUrl} is set`),
  },
  {
    name: '--headless without the consent password',
    args: ['--headless'],
    env: withoutVariable(VARIABLES.consentPassword),
    says: new RegExp(`${VARIABLES.consentPassword} is not set`),
  },
  {
    name: 'an authorization URL that is no URL',
    args: ['--headless'],
    env: { ...TARGET, [VARIABLES.authorizationUrl]: 'auth page' },
    says: new RegExp(`${VARIABLES.authorizationUrl} is not a URL`),
  },
];

for (const { name, args, env, says } of BAD_USAGE) {
  test(`${name}: exit 2 with one line`, async () => {
    const run = await runAuthorize(args, env);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(says);
    expect(run.stderr).not.toContain(TARGET[VARIABLES.consentPassword]!);
  });
}

test('--help says what it does, the variables it reads, examples and exit codes', async () => {
  const run = await runAuthorize(['--help'], {});
  expect(run.status).toBe(0);
  for (const variable of [
    VARIABLES.baseUrl,
    VARIABLES.authorizationUrl,
    VARIABLES.clientId,
    VARIABLES.redirectUri,
    VARIABLES.consentUser,
    VARIABLES.consentPassword,
  ]) {
    expect(run.stdout).toContain(variable);
  }
  for (const section of ['Options:', '--headless', '--decline', '--timeout', 'Examples:', 'Exit codes:']) {
    expect(run.stdout).toContain(section);
  }
  expect(run.stdout).toContain(`export ${VARIABLES.authCode}=<code>`);
});
