/**
 * The project explains itself: no comment (and no line of its markdown) sends the reader to something
 * outside the repository, such as an issue tracker or a document the reader does not have; and the old
 * name of the abilities is gone but where the target contract still reads it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { commentsOf } from './comments.ts';
import { projectFiles, projectPath } from './project-files.ts';

const OUTSIDE_POINTERS = [/\bissues?\s+#?\d/i, /\bthe brief\b/i, /\bcommon brief\b/i];
const pointsOutside = (text: string) => OUTSIDE_POINTERS.some((pattern) => pattern.test(text));

test('no comment of a .ts or .mjs file points outside the repository', () => {
  const files = projectFiles(['.ts', '.mjs']);
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((file) =>
    commentsOf(file, readFileSync(file, 'utf8'))
      .filter((comment) => pointsOutside(comment.text))
      .map((comment) => `${projectPath(file)}:${comment.line}: ${comment.text.trim().slice(0, 120)}`),
  );
  expect(found).toEqual([]);
});

test('no line of a .md file points outside the repository', () => {
  const files = projectFiles(['.md']);
  expect(files.length).toBeGreaterThan(3);
  const found = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, where: `${projectPath(file)}:${index + 1}` }))
      .filter(({ line }) => pointsOutside(line))
      .map(({ line, where }) => `${where}: ${line.trim().slice(0, 120)}`),
  );
  expect(found).toEqual([]);
});

test('comments are found in every place they may sit, and the patterns catch what they should', () => {
  const source = [
    '/** a doc comment */',
    'const a = 1; // trailing',
    'function f() {',
    '  /* inside */',
    '  return a;',
    '}',
    '// at the end',
  ].join('\n');
  expect(commentsOf('example.ts', source).map((c) => [c.line, c.text])).toEqual([
    [1, '/** a doc comment */'],
    [2, '// trailing'],
    [4, '/* inside */'],
    [7, '// at the end'],
  ]);
  for (const text of ['see issue 6', 'as issue #12 says', 'per The Brief', 'the common brief']) {
    expect(pointsOutside(text), text).toBe(true);
  }
  for (const text of ['RFC 6585 §4', 'an issue with the token', 'brief: one line']) {
    expect(pointsOutside(text), text).toBe(false);
  }
});

/** This file names the old word in order to look for it. */
const THIS_FILE = fileURLToPath(import.meta.url);

test('the old abilities name appears only where the target contract still reads it', () => {
  const mentions = projectFiles()
    .filter((file) => file !== THIS_FILE && !file.endsWith('package-lock.json'))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${projectPath(file)}:${index + 1}` }))
        .filter(({ line }) => /capabilit/i.test(line)),
    );
  expect(mentions.map(({ where, line }) => `${where}: ${line.trim()}`)).toEqual([
    expect.stringMatching(/^lib\/target\.ts:\d+: export const DEPRECATED_ABILITIES_VARIABLE = /),
  ]);
});
