/**
 * `npm run conformance` before any request: --help, and every mistake a user can make in the options,
 * the target variables (environment or .env), the baseline file or the reports folder. Each mistake
 * exits 2 with one line on stderr that names the option or variable and says what it takes, shows no
 * stack frame, and leaves the previous reports folder exactly as it was.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { ENV_FILE } from '../../../lib/env-file.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { DEPRECATED_ABILITIES_VARIABLE, VARIABLES } from '../../../lib/target.ts';
import { linesOf, runCliCommand, type CommandRun } from '../reports/support/cli-command.ts';
import { snapshotFolder } from '../reports/support/folder-snapshot.ts';
import { removeScratchDirs, scratchDir } from '../reports/support/scratch.ts';
import { previousReports } from './support/previous-reports.ts';

/** The options the run documents; each must be in its --help. */
const OPTIONS = [
  '--project',
  '--grep',
  '--grep-invert',
  '--shard',
  '--last-failed',
  '--plan',
  '--no-html',
  '--reports',
  '--baseline',
  '--min-exercised',
  '--help',
];
const STACK_FRAME = /^\s{4}at /m;

interface Mistake {
  /** What is wrong, as the test's title says it. */
  mistake: string;
  args?: (dir: string) => string[];
  env?: Record<string, string>;
  /** Files to write first, relative to the test's folder. */
  files?: Record<string, string>;
  /** The option, variable or file the line must name. */
  names: RegExp;
  /** What the line must say is allowed or needed. */
  allowed: RegExp;
}

const entry = {
  test: 'tests/conformance/stores/store.spec.ts › GET /stores/{id} › answers the store',
  requirement: 'store.auth-bearer',
  target: 'embedded mock',
  reason: 'accepted',
  until: '2999-01-01',
  added: '2025-01-01',
};

const MISTAKES: Mistake[] = [
  {
    // Ignored, it would leave the base URL unset: the embedded mock's verdict for the sandbox's.
    mistake: 'a misspelled variable (PAYMENTS_BASEURL)',
    env: { PAYMENTS_BASEURL: 'http://127.0.0.1:9' },
    names: /^UsageError: PAYMENTS_BASEURL \(set in the environment\) is not a variable of the suite/,
    allowed: /did you mean PAYMENTS_BASE_URL\?/,
  },
  {
    mistake: 'a variable misspelled in its case (payments_client_secret)',
    env: { payments_client_secret: 'x' },
    names: /payments_client_secret/,
    allowed: /did you mean PAYMENTS_CLIENT_SECRET\?/,
  },
  {
    mistake: 'an unknown option',
    args: () => ['--colour'],
    names: /--colour/,
    allowed: /--help lists the options/,
  },
  {
    mistake: 'an area that does not exist (--project nope)',
    args: () => ['--project', 'nope'],
    names: /--project/,
    allowed: /oauth, checkout, account-reports, .*stores, wallet/,
  },
  {
    mistake: 'a value given to a flag (--no-html=yes)',
    args: () => ['--no-html=yes'],
    names: /--no-html/,
    allowed: /takes no value/,
  },
  {
    mistake: 'a malformed shard (--shard 3/2)',
    args: () => ['--shard', '3/2'],
    names: /--shard/,
    allowed: /i\/n with 1 <= i <= n/,
  },
  {
    mistake: 'an unknown profile (PAYMENTS_PROFILE=loose)',
    env: { [VARIABLES.profile]: 'loose' },
    names: /PAYMENTS_PROFILE/,
    allowed: /strict, lenient, platform/,
  },
  {
    mistake: 'a base URL that is not http (PAYMENTS_BASE_URL=ftp://x)',
    env: { [VARIABLES.baseUrl]: 'ftp://x' },
    names: /PAYMENTS_BASE_URL/,
    allowed: /http or https/,
  },
  {
    mistake: 'a base URL with a query (PAYMENTS_BASE_URL=https://sandbox.example/api?key=...)',
    env: { [VARIABLES.baseUrl]: 'https://sandbox.example/api?key=k3y-in-the-query' },
    names: /PAYMENTS_BASE_URL/,
    allowed: /^(?!.*k3y-in-the-query).*the API's root, without a query or fragment/,
  },
  {
    mistake: "a base URL that does not parse, with a staging build's password in it",
    env: { [VARIABLES.baseUrl]: 'https://tester:pa55-in-the-url@sandbox.example:99999' },
    names: /PAYMENTS_BASE_URL is not a URL: "https:\/\/\*\*\*@sandbox\.example:99999"/,
    allowed: /^(?!.*pa55-in-the-url)/,
  },
  {
    mistake: 'another target without the application (PAYMENTS_BASE_URL alone)',
    env: { [VARIABLES.baseUrl]: 'https://sandbox.example' },
    names: /PAYMENTS_CLIENT_ID and PAYMENTS_CLIENT_SECRET/,
    allowed: /must be set: .* a target other than the embedded mock/,
  },
  {
    mistake: 'an id list without ids (PAYMENTS_AGREEMENT_IDS=" , ")',
    env: { [VARIABLES.agreementIds]: ' , ' },
    names: /PAYMENTS_AGREEMENT_IDS/,
    allowed: /comma-separated list of distinct ids/,
  },
  {
    mistake: 'a floor of exercised requirements that is no share (--min-exercised 120)',
    args: () => ['--min-exercised', '120'],
    names: /--min-exercised/,
    allowed: /in percent, above 0 and at most 100/,
  },
  {
    mistake: 'a floor of exercised requirements on a selection (--min-exercised 50 --project stores)',
    args: () => ['--min-exercised', '50', '--project', 'stores'],
    names: /--min-exercised/,
    allowed: /judges the whole suite/,
  },
  {
    mistake: 'a baseline file that is not JSON',
    files: { 'baseline.json': '{"version": 1, "entries": [' },
    args: (dir) => ['--baseline', `${dir}/baseline.json`],
    names: /baseline file .*baseline\.json/,
    allowed: /not readable JSON/,
  },
  {
    mistake: 'a baseline entry with an unknown field',
    files: { 'baseline.json': JSON.stringify({ version: 1, entries: [{ ...entry, owner: 'me' }] }) },
    args: (dir) => ['--baseline', `${dir}/baseline.json`],
    names: /baseline\.json: entry 1 has unknown field owner/,
    allowed: /allowed: test, requirement, target, reason, until, added/,
  },
  {
    mistake: 'a baseline entry without a reason',
    files: {
      'baseline.json': JSON.stringify({ version: 1, entries: [{ ...entry, reason: undefined }] }),
    },
    args: (dir) => ['--baseline', `${dir}/baseline.json`],
    names: /baseline\.json: entry 1 needs reason/,
    allowed: /a non-empty string/,
  },
  {
    mistake: 'a baseline file that does not exist',
    args: (dir) => ['--baseline', `${dir}/missing.json`],
    names: /baseline file .*missing\.json/,
    allowed: /does not exist/,
  },
  {
    mistake: 'a reports folder that cannot be written',
    files: { 'a-file': 'not a folder' },
    args: (dir) => ['--reports', `${dir}/a-file/reports`],
    names: /--reports/,
    allowed: /a folder this user can create and write/,
  },
];

function expectOneLineRefusal(run: CommandRun, names: RegExp, allowed: RegExp): void {
  const context = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
  expect(run.exitCode, context).toBe(EXIT_CODES.usage);
  expect(run.stdout, 'nothing on stdout').toBe('');
  const lines = linesOf(run.stderr);
  expect(lines, 'one line on stderr').toHaveLength(1);
  expect(lines[0], 'it names the option or variable').toMatch(names);
  expect(lines[0], 'it says what is allowed').toMatch(allowed);
  expect(run.stderr, 'no stack frame').not.toMatch(STACK_FRAME);
}

test.describe('npm run conformance: usage', () => {
  // Each command in its own folder: any worker.
  test.describe.configure({ mode: 'parallel' });

  test.afterAll(removeScratchDirs);

  test('--help lists every option and the exit codes 0, 1, 2 and 3', async () => {
    const run = await runCliCommand(['run', '--help']);
    expect(run.exitCode, run.stderr).toBe(EXIT_CODES.conformant);
    for (const option of OPTIONS) expect(run.stdout).toMatch(new RegExp(`[\\s;]${option}(?![\\w-])`));
    for (const code of Object.values(EXIT_CODES))
      expect(run.stdout).toMatch(new RegExp(`^\\s+${code}\\s+\\w`, 'm'));
  });

  for (const { mistake, args, env, files, names, allowed } of MISTAKES) {
    test(`${mistake}: exit 2, one line saying what is allowed, previous reports untouched`, async () => {
      const dir = scratchDir('usage');
      for (const [name, content] of Object.entries(files ?? {})) writeFileSync(`${dir}/${name}`, content);
      const reports = previousReports(join(dir, 'reports'));
      const before = snapshotFolder(reports);
      const run = await runCliCommand(['run', ...(args?.(dir) ?? [])], {
        env: { ...env, [RUN_VARIABLES.reportsDir]: reports },
      });
      expectOneLineRefusal(run, names, allowed);
      expect(snapshotFolder(reports), 'the previous reports folder is unchanged').toEqual(before);
    });
  }

  test('a .env file in the working directory is read: PAYMENTS_PROFILE=loose there exits 2 naming it', async () => {
    const dir = scratchDir('dotenv');
    const cwd = join(dir, 'project');
    mkdirSync(cwd);
    writeFileSync(`${cwd}/${ENV_FILE}`, `${VARIABLES.profile}=loose\n`);
    const reports = previousReports(join(dir, 'reports'));
    const before = snapshotFolder(reports);
    const run = await runCliCommand(['run'], { cwd, env: { [RUN_VARIABLES.reportsDir]: reports } });
    expectOneLineRefusal(run, /PAYMENTS_PROFILE/, /strict, lenient, platform.*"loose"/);
    expect(snapshotFolder(reports), 'the previous reports folder is unchanged').toEqual(before);
  });

  test('a .env saved with a byte-order mark is read from its first name; a misspelling there exits 2 naming the file', async () => {
    const dir = scratchDir('dotenv');
    const cwd = join(dir, 'project');
    mkdirSync(cwd);
    writeFileSync(`${cwd}/${ENV_FILE}`, `\uFEFF${VARIABLES.profile}=loose\nPAYMENTS_CLEINT_ID=1\n`);
    const run = await runCliCommand(['run'], {
      cwd,
      env: { [RUN_VARIABLES.reportsDir]: join(dir, 'reports') },
    });
    expectOneLineRefusal(run, /PAYMENTS_CLEINT_ID \(set in \.env\)/, /did you mean PAYMENTS_CLIENT_ID\?/);
    writeFileSync(`${cwd}/${ENV_FILE}`, `\uFEFF${VARIABLES.profile}=loose\n`);
    const bom = await runCliCommand(['run'], {
      cwd,
      env: { [RUN_VARIABLES.reportsDir]: join(dir, 'reports') },
    });
    expectOneLineRefusal(bom, /PAYMENTS_PROFILE/, /"loose"/);
  });

  test("a PAYMENTS_ name far from every variable of the suite (an application's own) is left alone", async () => {
    const run = await runCliCommand(['run', '--plan'], {
      env: { PAYMENTS_WEBHOOK_SECRET: 'x', [RUN_VARIABLES.reportsDir]: scratchDir('plan') },
    });
    expect(run.exitCode, run.stderr).toBe(EXIT_CODES.conformant);
    expect(run.stderr).toBe('');
  });

  test('a variable set in the environment wins over the .env file', async () => {
    const dir = scratchDir('dotenv');
    const cwd = join(dir, 'project');
    mkdirSync(cwd);
    writeFileSync(`${cwd}/${ENV_FILE}`, `${VARIABLES.profile}=loose\n`);
    const run = await runCliCommand(['run', '--plan'], {
      cwd,
      env: { [VARIABLES.profile]: 'lenient', [RUN_VARIABLES.reportsDir]: join(dir, 'reports') },
    });
    expect(run.exitCode, run.stderr).toBe(EXIT_CODES.conformant);
    expect(run.stdout).toContain('(profile lenient,');
  });

  test(`${DEPRECATED_ABILITIES_VARIABLE} still sets the abilities, with a one-line deprecation warning`, async () => {
    const run = await runCliCommand(['run', '--plan'], {
      env: { [DEPRECATED_ABILITIES_VARIABLE]: 'faults', [RUN_VARIABLES.reportsDir]: scratchDir('plan') },
    });
    expect(run.exitCode, run.stderr).toBe(EXIT_CODES.conformant);
    const warnings = linesOf(run.stderr);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(`^warning: ${DEPRECATED_ABILITIES_VARIABLE} is deprecated.*${VARIABLES.abilities}`),
    );
    expect(run.stdout).toContain('abilities faults)');
  });
});
