/**
 * Playwright's runner and workers get Node.js's compile cache (Node.js 22.1 and later use it, 20 ignores
 * it) in the project's own cache folder, or the user's for the npm package, and a folder the user named
 * is kept.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { COMPILE_CACHE_DIR, compileCacheDir, runnerEnvironment } from '../../../cli/playwright.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';

test("the runner's environment adds Node.js's compile cache, in the project's node_modules/.cache", () => {
  const env = runnerEnvironment({ PAYMENTS_BASE_URL: 'http://127.0.0.1:1', PATH: '/usr/bin' });
  expect(env).toEqual({
    PAYMENTS_BASE_URL: 'http://127.0.0.1:1',
    PATH: '/usr/bin',
    NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
  });
  expect(path.relative(path.join(PROJECT_ROOT, 'node_modules', '.cache'), COMPILE_CACHE_DIR)).toBe(
    path.join('payments-conformance', 'node-compile-cache'),
  );
});

test('a compile cache folder the user named is the one the runner gets', () => {
  expect(runnerEnvironment({ NODE_COMPILE_CACHE: '/var/cache/node' }).NODE_COMPILE_CACHE).toBe(
    '/var/cache/node',
  );
});

test("the npm package's compile cache is in the user's cache folder, never in the installed package", () => {
  const folder = path.join('payments-conformance', 'node-compile-cache');
  expect(compileCacheDir(false, {})).toBe(path.join(homedir(), '.cache', folder));
  expect(compileCacheDir(false, { XDG_CACHE_HOME: '/home/qa/.cache-elsewhere' })).toBe(
    path.join('/home/qa/.cache-elsewhere', folder),
  );
  expect(compileCacheDir(true, {})).toBe(COMPILE_CACHE_DIR);
});
