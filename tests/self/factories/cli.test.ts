import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { INDUSTRIES } from '../../../lib/catalogue.ts';
import { CLI_ERRORS, EXIT_USAGE, HELP, runCli } from '../../../factories/cli.ts';
import { INVALID_PREFERENCE_VARIANTS } from '../../../factories/invalid.ts';
import { buildPreference } from '../../../factories/preference.ts';
import { GRANT_TYPES } from '../../../factories/token-request.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';

test.describe.configure({ mode: 'parallel' });

/** The CLI as a user runs it: `npm run -s factory -- ...`. */
function npmFactory(...args: string[]) {
  const run = spawnSync('npm', ['run', '-s', 'factory', '--', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  // npm itself may warn on stderr about the machine's npm config; the factory's own lines start with "factory:".
  const factoryErrors = run.stderr.split('\n').filter((line) => line.startsWith('factory:'));
  return { status: run.status, stdout: run.stdout, factoryErrors };
}

function firstOf<T>(list: readonly T[]): T {
  const [first] = list;
  if (first === undefined) throw new Error('the list is empty');
  return first;
}

const lines = (stdout: string) => stdout.split('\n').filter((line) => line !== '');

test('npm run factory prints --count JSON lines, the same for the same seed', () => {
  const first = npmFactory('preference', '--industry', 'tourism', '--count', '5', '--seed', '42');
  expect(first.status).toBe(0);
  expect(first.factoryErrors).toEqual([]);
  expect(first.stdout.endsWith('\n')).toBe(true);
  const documents = lines(first.stdout).map((line) => JSON.parse(line) as unknown);
  expect(documents).toHaveLength(5);
  expect(documents[0]).toEqual(buildPreference('tourism', { seed: 42 }));
  expect(documents[4]).toEqual(buildPreference('tourism', { seed: 46 }));
  expect(npmFactory('preference', '--industry', 'tourism', '--count', '5', '--seed', '42').stdout).toBe(
    first.stdout,
  );
});

test('npm run factory exits 2 with one error line for an unknown industry or kind', () => {
  const industry = npmFactory('preference', '--industry', 'aviation');
  expect(industry.status).toBe(EXIT_USAGE);
  expect(industry.stdout).toBe('');
  expect(industry.factoryErrors).toEqual([`factory: ${CLI_ERRORS.unknownIndustry('aviation')}`]);
  const kind = npmFactory('payment');
  expect(kind.status).toBe(EXIT_USAGE);
  expect(kind.stdout).toBe('');
  expect(kind.factoryErrors).toEqual([`factory: ${CLI_ERRORS.unknownKind('payment')}`]);
});

test('every industry name is accepted', () => {
  for (const industry of INDUSTRIES) {
    const result = runCli(['preference', '--industry', industry, '--seed', '3']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(buildPreference(industry, { seed: 3 }));
  }
});

test('token requests and invalid variants are kinds too', () => {
  for (const grantType of GRANT_TYPES) {
    const result = runCli(['token-request', '--grant-type', grantType, '--count', '2']);
    expect(
      lines(result.stdout).map((line) => (JSON.parse(line) as { grant_type: string }).grant_type),
    ).toEqual([grantType, grantType]);
  }
  const variant = firstOf(INVALID_PREFERENCE_VARIANTS);
  const result = runCli(['invalid', '--variant', variant.name, '--seed', '6']);
  expect(JSON.parse(result.stdout)).toEqual(variant.apply(buildPreference(variant.industry, { seed: 6 })));
});

test('overrides and the reference date reach the documents', () => {
  const result = runCli([
    'preference',
    '--industry',
    'retail',
    '--overrides',
    '{"external_reference":"ORDER-CLI"}',
    '--reference-date',
    '2031-01-01T00:00:00Z',
  ]);
  expect(JSON.parse(result.stdout)).toEqual(
    buildPreference('retail', {
      overrides: { external_reference: 'ORDER-CLI' },
      referenceDate: Date.UTC(2031, 0, 1),
    }),
  );
});

test('usage errors are one line on stderr, nothing on stdout, exit code 2', () => {
  const cases: [string[], string][] = [
    [[], CLI_ERRORS.noKind],
    [['preference'], CLI_ERRORS.missingIndustry],
    [['token-request'], CLI_ERRORS.missingGrantType],
    [['token-request', '--grant-type', 'password'], CLI_ERRORS.unknownGrantType('password')],
    [['invalid'], CLI_ERRORS.missingVariant],
    [['invalid', '--variant', 'nope'], CLI_ERRORS.unknownVariant('nope')],
    [
      ['preference', '--industry', 'retail', '--grant-type', 'refresh_token'],
      CLI_ERRORS.flagNotForKind('grant-type', 'preference'),
    ],
    [['preference', '--industry', 'retail', '--count', '0'], CLI_ERRORS.badCount('0')],
    [['preference', '--industry', 'retail', '--count', 'many'], CLI_ERRORS.badCount('many')],
    [['preference', '--industry', 'retail', '--seed', '1.5'], CLI_ERRORS.badSeed('1.5')],
    [['preference', '--industry', 'retail', '--reference-date', 'soon'], CLI_ERRORS.badReferenceDate('soon')],
    [['preference', '--industry', 'retail', 'extra'], CLI_ERRORS.extraArgument('extra')],
  ];
  for (const [args, message] of cases) {
    expect(runCli(args), args.join(' ')).toEqual({
      exitCode: EXIT_USAGE,
      stdout: '',
      stderr: `factory: ${message}\n`,
    });
  }
  for (const args of [
    ['preference', '--industry', 'retail', '--colour'],
    ['preference', '--industry', 'retail', '--overrides', '[1]'],
  ]) {
    const result = runCli(args);
    expect(result.exitCode, args.join(' ')).toBe(EXIT_USAGE);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^factory: [^\n]+\n$/);
  }
});

test('--help prints the usage with every kind, industry and variant', () => {
  expect(runCli(['--help'])).toEqual({ exitCode: 0, stdout: HELP, stderr: '' });
  for (const name of [...INDUSTRIES, ...GRANT_TYPES, ...INVALID_PREFERENCE_VARIANTS.map((v) => v.name)]) {
    expect(HELP).toContain(name);
  }
});
