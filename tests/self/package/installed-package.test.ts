/**
 * The npm package as another repository gets it, installed by the GitHub Action's own step (pack this
 * checkout, which compiles it, and install the tarball into a folder of the runner's temporary one),
 * offline, into a path that holds a space; then every command run from that folder as its user would:
 * --help, a conformance run against the embedded mock, the mock itself, and the action's later steps.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { EXIT_CODES, EXIT_CODE_HELP } from '../../../lib/exit-codes.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import type { SummaryFile } from '../../../reporting/summary.ts';
import { readAction, runStep, stepNamed, stepWithId, type ActionContext } from './support/action-steps.ts';
import { runToEnd, userEnvironment } from './support/commands.ts';
import { BAD_TARGET_IDS } from '../reliability/support/bad-target.ts';

const COMMANDS = ['run', 'mock', 'authorize', 'baseline', 'report', 'factory'] as const;
const INSTALL_TIMEOUT_MS = 480_000;
const RUN_TIMEOUT_MS = 180_000;
const COMMAND_TIMEOUT_MS = 30_000;

interface Manifest {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
}

const action = readAction();
let root: string;
let runnerTemp: string;
/** The folder the action installed the suite in; the user's commands run here too. */
let project: string;
let packageDir: string;
let bin: string;
let tarball: string;
/** The tarball's files, as paths inside the package. */
let packedFiles: string[];

test.beforeAll(async () => {
  test.setTimeout(INSTALL_TIMEOUT_MS + 10_000);
  root = mkdtempSync(path.join(tmpdir(), 'payments-package-'));
  runnerTemp = path.join(root, 'runner temp');
  mkdirSync(runnerTemp);
  // Offline: what npm ci in this checkout put in the npm cache must be enough.
  const install = await runStep(
    action,
    stepWithId(action, 'install'),
    { inputs: {}, steps: {} },
    {
      workspace: root,
      runnerTemp,
      env: { npm_config_offline: 'true' },
      timeoutMs: INSTALL_TIMEOUT_MS,
    },
  );
  if (install.exitCode !== 0 || !install.outputs.bin) {
    throw new Error(`the action's install step failed (exit ${install.exitCode}): ${install.stderr.trim()}`);
  }
  bin = install.outputs.bin;
  project = path.join(runnerTemp, 'payments-conformance');
  tarball = tarballIn(project);
  const manifest = JSON.parse(
    spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout,
  ) as Manifest;
  packageDir = path.join(project, 'node_modules', manifest.name);
  packedFiles = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.startsWith('package/') && !line.endsWith('/'))
    .map((line) => line.slice('package/'.length))
    .sort();
});

test.afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The one tarball npm pack left in `dir`. */
function tarballIn(dir: string): string {
  const found = readdirSync(dir).filter((name) => name.endsWith('.tgz'));
  if (found.length !== 1)
    throw new Error(`expected one tarball in ${dir}, found ${found.join(', ') || 'none'}`);
  return path.join(dir, found[0]!);
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .sort();
}

/** Source files of the project under `folder` whose names match, relative to the project root. */
function sources(folder: string, pattern: RegExp): string[] {
  return filesUnder(path.join(PROJECT_ROOT, folder))
    .filter((file) => pattern.test(file))
    .map((file) => `${folder}/${file}`);
}

const npx = (args: readonly string[], env: Record<string, string> = {}, timeoutMs = COMMAND_TIMEOUT_MS) =>
  runToEnd('npx', ['--no-install', 'payments-conformance', ...args], { cwd: project, env, timeoutMs });

test('npm pack ships the compiled suite, its schemas and specs, and nothing of the tooling', () => {
  const files = packedFiles;
  expect(files).toEqual(
    expect.arrayContaining([
      'package.json',
      'README.md',
      '.env.example',
      'dist/cli/main.js',
      'dist/playwright.config.js',
      'dist/mock/cli.js',
      'dist/run/global-setup.js',
      'dist/run/reporters/verdict.js',
    ]),
  );
  const schemas = sources('schemas', /^[^/]+\.schema\.json$/);
  const specs = sources('tests/conformance', /\.spec\.ts$/);
  expect(schemas.length).toBeGreaterThan(10);
  expect(specs.length).toBeGreaterThan(10);
  expect(files).toEqual(expect.arrayContaining(schemas.map((file) => `dist/${file}`)));
  expect(files).toEqual(expect.arrayContaining(specs.map((file) => `dist/${file.replace(/\.ts$/, '.js')}`)));
  const unwanted = files.filter(
    (file) =>
      file.endsWith('.ts') ||
      /(^|\/)node_modules\//.test(file) ||
      /^(dist\/)?(reports|\.tokens|test-results)\//.test(file) ||
      /^dist\/(tests\/self|scripts\/(mutation|bench|openapi|suite|reliability|package))\//.test(file) ||
      !(file.startsWith('dist/') || ['package.json', 'README.md', '.env.example'].includes(file)),
  );
  expect(unwanted).toEqual([]);
  test.info().annotations.push({
    type: 'package',
    description: `${files.length} files, tarball ${statSync(tarball).size} bytes`,
  });
});

/**
 * Packages the compiled modules under `dir` import (statically or not) or require (reporting/allure-report.ts
 * requires Allure's), each with a file importing it.
 */
function importedPackages(dir: string): Map<string, string> {
  // TypeScript's own scanner reads import, export-from, import() and require(), never prose in strings; the
  // require made by createRequire goes by another name.
  const requireModule = /\brequireModule\s*\(\s*["']([^"']+)["']/g;
  const packages = new Map<string, string>();
  for (const file of filesUnder(dir).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const names = [
      ...ts.preProcessFile(source, true, true).importedFiles.map((reference) => reference.fileName),
      ...[...source.matchAll(requireModule)].map(([, name]) => name!),
    ];
    for (const name of names) {
      if (name.startsWith('.') || name.startsWith('node:')) continue;
      const parts = name.split('/');
      packages.set(name.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!, file);
    }
  }
  return packages;
}

/** Relative imports of a compiled module that still name a .ts file: nothing would load them. */
function tsImports(dir: string): string[] {
  const relativeTs = /\b(?:from\s*|import\s*\(\s*)["'](\.{1,2}\/[^"']*\.ts)["']/g;
  return filesUnder(dir)
    .filter((f) => f.endsWith('.js'))
    .flatMap((file) =>
      [...readFileSync(path.join(dir, file), 'utf8').matchAll(relativeTs)].map(
        ([, to]) => `${file} -> ${to}`,
      ),
    );
}

test('the installed package imports nothing but node, its own modules and its declared dependencies', () => {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as Manifest;
  const dist = path.join(packageDir, 'dist');
  const imported = importedPackages(dist);
  expect(imported.size).toBeGreaterThan(5);
  const undeclared = [...imported].filter(([name]) => !(name in manifest.dependencies));
  expect(undeclared.map(([name, file]) => `${name} (dist/${file})`)).toEqual([]);
  expect(tsImports(dist)).toEqual([]);
  // The runner loads these by name, not by import.
  for (const named of ['@playwright/test', 'allure-playwright', 'allure'])
    expect(manifest.dependencies).toHaveProperty(named);
  expect(manifest.bin).toEqual({ 'payments-conformance': 'dist/cli/main.js' });
  expect(readFileSync(path.join(dist, 'cli/main.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
});

test('npx payments-conformance --help lists the commands and the exit codes; each command has --help and --version', async () => {
  test.setTimeout(120_000);
  const help = await npx(['--help']);
  expect(help.exitCode, help.stderr).toBe(EXIT_CODES.conformant);
  for (const command of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\s`, 'm'));
  expect(help.stdout).toContain(EXIT_CODE_HELP);
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as Manifest;
  for (const command of COMMANDS) {
    const commandHelp = await runToEnd(bin, [command, '--help'], {
      cwd: project,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    expect(commandHelp.exitCode, `${command} --help: ${commandHelp.stderr}`).toBe(0);
    expect(commandHelp.stdout, command).toMatch(/Usage:/);
    const commandVersion = await runToEnd(bin, [command, '--version'], {
      cwd: project,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    expect(commandVersion.exitCode, `${command} --version: ${commandVersion.stderr}`).toBe(0);
    expect(commandVersion.stdout.trim(), command).toBe(version);
  }
});

test('npx payments-conformance run passes against the embedded mock and writes ./reports in the working folder', async () => {
  test.setTimeout(RUN_TIMEOUT_MS + 10_000);
  const packageFiles = filesUnder(packageDir);
  const run = await npx(['run'], {}, RUN_TIMEOUT_MS);
  expect(run.timedOut).toBe(false);
  expect(run.exitCode, `${run.stdout.slice(-2000)}\n${run.stderr}`).toBe(EXIT_CODES.conformant);
  const reports = path.join(project, 'reports');
  expect(existsSync(path.join(reports, 'allure-report', 'index.html'))).toBe(true);
  const summary = JSON.parse(readFileSync(path.join(reports, 'summary.json'), 'utf8')) as SummaryFile;
  expect(summary).toMatchObject({ verdict: 'CONFORMANT', exitCode: 0, target: 'embedded mock', failed: [] });
  expect(summary.tests.passed).toBeGreaterThan(50);
  // Test keys name the source files, so baselines and histories carry over from a checkout.
  const [first] = readFileSync(path.join(reports, 'results.jsonl'), 'utf8').split('\n');
  expect((JSON.parse(first!) as { key: string }).key).toMatch(
    /^tests\/conformance\/[\w-]+\/[\w-]+\.spec\.ts › /,
  );
  // Whatever the run wrote went to the working folder or the OS's temporary one, never into the package.
  expect(filesUnder(packageDir)).toEqual(packageFiles);
});

/** Whether any process of the group `pgid` is still there. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends whatever of the group `pgid` is left (after a failed test). */
function killGroup(pgid: number): void {
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
}

test('npx payments-conformance mock --port 0 prints its URL, answers there and stops cleanly on SIGTERM', async () => {
  // A process group of its own, signalled whole, as a terminal's Ctrl-C or a CI job's cancellation does:
  // npx itself does not pass a signal on to the command it started.
  const child = spawn('npx', ['--no-install', 'payments-conformance', 'mock', '--port', '0'], {
    cwd: project,
    env: userEnvironment(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pgid = child.pid!;
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const closed = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed within 20 s: ${output}`)), 20_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      });
    });
    // Any route answers once the mock listens; this one wants a token.
    expect((await fetch(`${url}/v1/account/settlement_report/config`)).status).toBe(401);
    process.kill(-pgid, 'SIGTERM');
    const exit = await closed;
    // The mock exits 0; npm, signalled too, ends by the same signal once its command has ended.
    expect([0, 'SIGTERM']).toContain(exit.code ?? exit.signal);
    expect(output).not.toMatch(/^\s+at /m);
    await expect(fetch(url)).rejects.toThrow();
    await expect.poll(() => groupAlive(pgid), { timeout: 5_000 }).toBe(false);
  } finally {
    killGroup(pgid);
  }
});

test.describe("the action's later steps on the installed package", () => {
  const place = (timeoutMs: number) => ({ workspace: project, runnerTemp, timeoutMs });
  const context = (inputs: Record<string, string>): ActionContext => ({
    inputs,
    steps: { install: { bin } },
  });

  test('a shard with options: its folder, its artifact name, the job summary and exit 0', async () => {
    test.setTimeout(RUN_TIMEOUT_MS + 10_000);
    const ctx = context({ shard: '1/2', reports: 'action-reports', args: '--project stores --workers 1' });
    const run = await runStep(action, stepWithId(action, 'run'), ctx, place(RUN_TIMEOUT_MS));
    expect(run.exitCode, `${run.stdout.slice(-2000)}\n${run.stderr}`).toBe(0);
    expect(run.outputs).toEqual({
      'exit-code': '0',
      'report-dir': 'action-reports/shard-1-of-2',
      artifact: 'conformance-report-shard-1-of-2',
    });
    expect(run.stdout).toContain('selected: area stores, shard 1/2');
    expect(existsSync(path.join(project, 'action-reports/shard-1-of-2/allure-report/index.html'))).toBe(true);

    ctx.steps.run = run.outputs;
    const summary = await runStep(action, stepNamed(action, 'Job summary'), ctx, place(COMMAND_TIMEOUT_MS));
    expect(summary.exitCode, summary.stderr).toBe(0);
    expect(summary.summary).toMatch(/^## Conformance: CONFORMANT \(exit 0\)$/m);
    expect(summary.summary).toContain('No failed test.');
    expect(summary.summary).toContain('<details><summary>Coverage by requirement</summary>');
    expect(summary.summary).toContain('# Coverage by requirement');

    const verdict = await runStep(action, stepNamed(action, 'Verdict'), ctx, place(COMMAND_TIMEOUT_MS));
    expect(verdict.exitCode).toBe(0);
  });

  test('a target that cannot be tested: exit 3 kept to the last step, and a summary saying so', async () => {
    test.setTimeout(RUN_TIMEOUT_MS + 10_000);
    // A loopback port nothing listens on: the setup fails within seconds, before any test.
    const ctx = context({ 'base-url': 'http://127.0.0.1:9', reports: 'unreachable-reports' });
    const run = await runStep(action, stepWithId(action, 'run'), ctx, {
      ...place(RUN_TIMEOUT_MS),
      env: BAD_TARGET_IDS,
    });
    expect(run.exitCode, 'the run step itself succeeds; the verdict comes last').toBe(0);
    expect(run.outputs['exit-code']).toBe(String(EXIT_CODES.untestable));

    ctx.steps.run = run.outputs;
    const summary = await runStep(action, stepNamed(action, 'Job summary'), ctx, place(COMMAND_TIMEOUT_MS));
    expect(summary.summary).toContain(`## Conformance: no verdict (exit ${EXIT_CODES.untestable})`);
    const verdict = await runStep(action, stepNamed(action, 'Verdict'), ctx, place(COMMAND_TIMEOUT_MS));
    expect(verdict.exitCode).toBe(EXIT_CODES.untestable);
  });
});
