import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { callerOutside } from '../../support/step-location.ts';

test('a check step is placed at the source line and column of the call outside the support files', () => {
  const location = callerOutside('/not/this/file.ts'); // the call placed
  const source = readFileSync(import.meta.filename, 'utf8').split('\n');
  const line = source.findIndex((text) => text.endsWith('// the call placed'));
  expect(location).toEqual({
    file: import.meta.filename,
    line: line + 1,
    column: source[line]!.indexOf('callerOutside(') + 1,
  });
});
