/**
 * The run-time import graph of the project's own .ts files, and its cycles. Imports are read with
 * TypeScript's own pre-processor; an `import type` or `export type` declaration vanishes at run time and
 * is no edge, while `import { type X }` keeps the module import (verbatimModuleSyntax), so it is one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The statement an import's module name belongs to starts with its last `import` or `export` keyword. */
const STATEMENT_START = /\b(import|export)\b/g;
const TYPE_ONLY_STATEMENT = /^(import|export)\s+type\s/;

export function isTypeOnly(text: string, specifierPosition: number): boolean {
  let start = -1;
  for (const match of text.slice(0, specifierPosition).matchAll(STATEMENT_START)) start = match.index;
  return start >= 0 && TYPE_ONLY_STATEMENT.test(text.slice(start, specifierPosition));
}

/** The project file a relative module name points at, if any. */
function resolveModule(from: string, name: string, known: ReadonlySet<string>): string | undefined {
  if (!name.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), name);
  return [base, `${base}.ts`, path.join(base, 'index.ts')].find(
    (file) => known.has(file) && existsSync(file),
  );
}

/** Each file's run-time imports of other project files. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .filter((imported) => !isTypeOnly(text, imported.pos))
      .map((imported) => resolveModule(file, imported.fileName, known))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One cycle per back edge of a depth-first walk, each as the path that closes it, rotated to start at its least file. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles = new Map<string, string[]>();
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const least = loop.indexOf([...loop].sort()[0]!);
        const rotated = [...loop.slice(least), ...loop.slice(0, least)];
        cycles.set(rotated.join('>'), [...rotated, rotated[0]!]);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}
