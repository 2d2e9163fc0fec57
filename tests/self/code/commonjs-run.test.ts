/**
 * Playwright loads a conformance run as CommonJS (tests/run/README.md): the files it loads first say so,
 * and no module they import uses what only an ES module may (import.meta, a top-level await), which would
 * stop the run with a syntax error before its first test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { CONFORMANCE_CONFIG } from '../../../cli/playwright.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { importGraph } from './import-graph.ts';
import { projectFiles, projectPath } from './project-files.ts';

/** The folders of the files Playwright itself loads in a conformance run: configuration, specs, reporters. */
const ENTRY_FOLDERS = ['tests/run', 'tests/conformance', 'tests/reporters'];

/** What in `source` only an ES module may hold, each as `line: what`. */
export function esModuleOnly(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(`${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      report(node, 'import.meta');
    }
    const awaits =
      ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier !== undefined);
    if (awaits && !inFunction) report(node, 'a top-level await');
    const entersFunction = inFunction || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node);
    ts.forEachChild(node, (child) => visit(child, entersFunction));
  };
  visit(sourceFile, false);
  return found;
}

test('the files Playwright loads first in a conformance run are CommonJS', () => {
  expect(path.extname(CONFORMANCE_CONFIG)).toBe('.cjs');
  for (const folder of ENTRY_FOLDERS) {
    const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, folder, 'package.json'), 'utf8')) as {
      type?: string;
    };
    expect(manifest.type, `${folder}/package.json`).toBe('commonjs');
  }
});

test('no module a conformance run loads uses import.meta or a top-level await', () => {
  const files = projectFiles(['.ts']).filter((file) => !file.endsWith('.d.ts'));
  const graph = importGraph(files);
  const loaded = new Set(
    files.filter((file) => ENTRY_FOLDERS.some((folder) => projectPath(file).startsWith(`${folder}/`))),
  );
  for (const file of loaded) for (const next of graph.get(file) ?? []) loaded.add(next);
  const reached = [...loaded].map(projectPath);
  // The run's own modules and what they import: support, the spec as data, schemas, factories.
  for (const module of ['tests/support/fixtures.ts', 'lib/paths.ts', 'schemas/registry.ts']) {
    expect(reached, 'imports were followed').toContain(module);
  }
  const found = [...loaded].flatMap((file) =>
    esModuleOnly(file, readFileSync(file, 'utf8')).map((where) => `${projectPath(file)}:${where}`),
  );
  expect(found).toEqual([]);
});

test('the check finds import.meta and a top-level await, and not an await inside a function', () => {
  const source = [
    'const here = import.meta.url;',
    'await start();',
    'for await (const line of lines) use(line);',
    'async function f() { await g(); }',
    'const h = async () => { for await (const x of y) use(x); };',
    'class C { static { void 0; } }',
  ].join('\n');
  expect(esModuleOnly('example.ts', source)).toEqual([
    '1: import.meta',
    '2: a top-level await',
    '3: a top-level await',
  ]);
});
