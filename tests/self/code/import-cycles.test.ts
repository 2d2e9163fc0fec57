/**
 * No import cycle among the project's own modules: a cycle makes the order modules run in depend on
 * which one is imported first, so a value may be read before it is defined.
 */
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { cyclesOf, importGraph, isTypeOnly } from './import-graph.ts';
import { projectFiles, projectPath } from './project-files.ts';

test('the project has no import cycle among its own .ts files', () => {
  const files = projectFiles(['.ts']).filter((file) => !file.endsWith('.d.ts'));
  expect(files.length).toBeGreaterThan(50);
  const graph = importGraph(files);
  expect([...graph.values()].flat().length, 'imports were followed').toBeGreaterThan(files.length);
  const cycles = cyclesOf(graph).map((cycle) => cycle.map(projectPath).join(' -> '));
  expect(cycles).toEqual([]);
});

test('the cycle finder sees a cycle, and not one made of type imports', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  expect(cyclesOf(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts', 'a.ts']]);
  const source =
    "import type { A } from './a.ts';\nimport { type B } from './b.ts';\nexport type { C } from './c.ts';\n";
  const imported = ts.preProcessFile(source, true, true).importedFiles;
  expect(imported.map((i) => [i.fileName, isTypeOnly(source, i.pos)])).toEqual([
    ['./a.ts', true],
    ['./b.ts', false],
    ['./c.ts', true],
  ]);
});
