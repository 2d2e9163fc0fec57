/**
 * The launcher of the npm scripts (cli/start.mjs) runs the command line compiled: a bundle made once and
 * reused while its sources are unchanged, made again when any of them changes, in which every module
 * still finds itself where its source is; a source that does not compile is reported with its file and
 * line, not run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BUNDLED_PACKAGES, CompileError, compiledEntry } from '../../../cli/compile.mjs';
import { SUITE_VERSION } from '../../../lib/version.ts';
import { commandLineArguments } from '../../../lib/runtime.ts';

/** A small program shaped like the command line: an entry, a module it imports, one it imports lazily. */
function programLike(): {
  root: string;
  cacheDir: string;
  entry: string;
  write: (file: string, text: string) => void;
} {
  const root = mkdtempSync(path.join(tmpdir(), 'start-launcher-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write(
    'lib/where.ts',
    'export const WHERE: string = import.meta.filename;\nexport const DIR: string = import.meta.dirname;\n',
  );
  write('cli/lazy.ts', 'export const LAZY: number = 1;\n');
  write(
    'cli/main.ts',
    [
      "import { DIR, WHERE } from '../lib/where.ts';",
      "const { LAZY } = await import('./lazy.ts');",
      'console.log(JSON.stringify({ WHERE, DIR, LAZY, url: import.meta.url }));',
    ].join('\n'),
  );
  return { root, cacheDir: path.join(root, 'cache'), entry: path.join(root, 'cli/main.ts'), write };
}

/** What a compiled program printed: one line of JSON. */
function outputOf(file: string): unknown {
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }));
}

test('the bundle is reused while its sources are unchanged and made again when one changes', async () => {
  const program = programLike();
  try {
    const first = await compiledEntry(program);
    expect(path.relative(program.cacheDir, first), 'the bundle lives in the cache').not.toMatch(/^\.\./);
    expect(await compiledEntry(program), 'nothing changed: the same bundle').toBe(first);
    const ran = outputOf(first);
    expect(ran, 'each module finds itself where its source is').toEqual({
      WHERE: path.join(program.root, 'lib/where.ts'),
      DIR: path.join(program.root, 'lib'),
      LAZY: 1,
      url: new URL(`file://${path.join(program.root, 'cli/main.ts')}`).href,
    });
    program.write('cli/lazy.ts', 'export const LAZY: number = 2;\n');
    const second = await compiledEntry(program);
    expect(second, 'a lazily imported source changed: a new bundle').not.toBe(first);
    expect(outputOf(second)).toMatchObject({ LAZY: 2 });
    expect(await compiledEntry(program)).toBe(second);
  } finally {
    rmSync(program.root, { recursive: true, force: true });
  }
});

test('a source that does not compile is reported with its file and line', async () => {
  const program = programLike();
  try {
    program.write('cli/lazy.ts', 'export const LAZY: number = ;\n');
    const error = await compiledEntry(program).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CompileError);
    expect((error as Error).message).toContain('cli/lazy.ts:1:');
  } finally {
    rmSync(program.root, { recursive: true, force: true });
  }
});

/**
 * Installs, in the program's node_modules, a package named like one the launcher compiles: an ES module
 * that reads its own package.json from its location, and a CommonJS module of another package it imports,
 * which reports its own folder and requires a module of Node.js.
 */
function installBundledPackage(program: ReturnType<typeof programLike>, value: string): void {
  const name = BUNDLED_PACKAGES[0]!;
  program.write(
    `node_modules/${name}/package.json`,
    JSON.stringify({ name, version: '9.9.9', type: 'module', exports: { '.': './dist/index.js' } }),
  );
  program.write(
    `node_modules/${name}/dist/index.js`,
    [
      "import { readFileSync } from 'node:fs';",
      "import helper from 'cjs-helper';",
      "const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));",
      `export const PACKAGE = { version, value: ${JSON.stringify(value)}, helperDir: helper.dir, sep: helper.sep };`,
    ].join('\n'),
  );
  program.write(
    'node_modules/cjs-helper/package.json',
    JSON.stringify({ name: 'cjs-helper', version: '1.0.0', main: 'index.js' }),
  );
  program.write(
    'node_modules/cjs-helper/index.js',
    "module.exports = { dir: __dirname, sep: require('node:path').sep };\n",
  );
  program.write('node_modules/.package-lock.json', JSON.stringify({ installed: value }));
  program.write('cli/main.ts', `import { PACKAGE } from '${name}';\nconsole.log(JSON.stringify(PACKAGE));\n`);
}

test('a bundled package is compiled with the command line, and compiled again once npm installs anew', async () => {
  const program = programLike();
  try {
    installBundledPackage(program, 'first');
    const first = await compiledEntry(program);
    expect(outputOf(first), 'the package finds its own files, as it would in node_modules').toEqual({
      version: '9.9.9',
      value: 'first',
      helperDir: path.join(program.root, 'node_modules/cjs-helper'),
      sep: path.sep,
    });
    // The package's file changes under node_modules, npm's record of the install does not.
    const name = BUNDLED_PACKAGES[0]!;
    program.write(
      `node_modules/${name}/dist/index.js`,
      "export const PACKAGE = 'loaded from node_modules';\n",
    );
    expect(await compiledEntry(program), 'no install: the same bundle').toBe(first);
    expect(
      outputOf(first),
      'the bundle carries the package; it does not load it from node_modules',
    ).toMatchObject({
      value: 'first',
    });
    installBundledPackage(program, 'second');
    const second = await compiledEntry(program);
    expect(second, 'npm installed again: a new bundle').not.toBe(first);
    expect(outputOf(second)).toMatchObject({ value: 'second' });
  } finally {
    rmSync(program.root, { recursive: true, force: true });
  }
});

test('a bundled package that requires a module by a computed name loads from node_modules, with a note', async () => {
  const program = programLike();
  const notes: string[] = [];
  const warn = console.warn;
  console.warn = (message: unknown) => void notes.push(String(message));
  try {
    installBundledPackage(program, 'installed');
    program.write(
      'node_modules/cjs-helper/index.js',
      "const which = 'node:' + 'path';\nmodule.exports = { dir: __dirname, sep: require(which).sep };\n",
    );
    const main = await compiledEntry(program);
    expect(notes, 'said once, as the bundle is made').toEqual([
      expect.stringMatching(/^note: .+ load from node_modules, not compiled: .*computed name/),
    ]);
    expect(outputOf(main), 'the command still runs, from node_modules').toMatchObject({
      value: 'installed',
      sep: path.sep,
    });
  } finally {
    console.warn = warn;
    rmSync(program.root, { recursive: true, force: true });
  }
});

test('the npm scripts start the command line through the launcher', () => {
  const [launcher] = commandLineArguments();
  expect(path.basename(launcher ?? '')).toBe('start.mjs');
  const out = execFileSync(process.execPath, [...commandLineArguments(), '--version'], { encoding: 'utf8' });
  expect(out.trim()).toBe(SUITE_VERSION);
});
