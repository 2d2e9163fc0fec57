/**
 * The suite's inventory is listed once and reused while nothing it depends on changes: the key changes
 * with any file of the suite's code and with the variables that change which tests are registered, not
 * with a run's own folders; a reused inventory is exactly what Playwright lists.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { inventoryKey, pruneInventoryCache, suiteInventory } from '../../../cli/inventory.ts';
import { JSON_OUTPUT_VARIABLES, listTests } from '../../../cli/playwright.ts';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';

/** A folder shaped like the suite's code: a spec, a support file, a library file, the configuration. */
function suiteLike(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'inventory-key-'));
  const files = {
    'tests/conformance/a.spec.ts': 'test("a")',
    'tests/support/fixtures.ts': 'export {}',
    'tests/self/own.test.ts': 'test("own")',
    'lib/catalogue.ts': 'export const A = 1',
    'playwright.config.ts': 'export default {}',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

test('the key changes with the suite code, the registration variables and the arguments only', () => {
  const root = suiteLike();
  try {
    const env = { [RUN_VARIABLES.reportsDir]: '/reports/one' };
    const key = inventoryKey([], env, root);
    expect(inventoryKey([], { ...env }, root), 'the same inputs').toBe(key);
    expect(inventoryKey([], { ...env, [RUN_VARIABLES.reportsDir]: '/reports/two' }, root)).toBe(key);
    writeFileSync(path.join(root, 'tests/self/own.test.ts'), 'test("changed")');
    expect(inventoryKey([], env, root), "the project's own tests are not listed").toBe(key);

    expect(inventoryKey(['--grep', 'x'], env, root), 'other arguments').not.toBe(key);
    const targets = path.join(root, 'targets.json');
    writeFileSync(targets, '[{"name":"a"}]');
    const withTargets = inventoryKey([], { ...env, [RUN_VARIABLES.targetsFile]: targets }, root);
    expect(withTargets, 'a targets file').not.toBe(key);
    writeFileSync(targets, '[{"name":"b"}]');
    expect(
      inventoryKey([], { ...env, [RUN_VARIABLES.targetsFile]: targets }, root),
      'its content, at the same path',
    ).not.toBe(withTargets);

    for (const file of [
      'tests/conformance/a.spec.ts',
      'tests/support/fixtures.ts',
      'lib/catalogue.ts',
      'playwright.config.ts',
    ]) {
      writeFileSync(path.join(root, file), `${file} changed`);
      expect(inventoryKey([], env, root), file).not.toBe(key);
    }
    writeFileSync(path.join(root, 'lib/added.ts'), 'export {}');
    const added = inventoryKey([], env, root);
    rmSync(path.join(root, 'lib/added.ts'));
    expect(inventoryKey([], env, root), 'a file added, then removed').not.toBe(added);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a reused inventory is what Playwright lists', async () => {
  test.setTimeout(60_000);
  const env = { ...process.env };
  const first = await suiteInventory([], env);
  const reused = await suiteInventory([], env);
  const listed = await listTests([], env);
  expect(listed.length).toBeGreaterThan(100);
  expect(first).toEqual(listed);
  expect(reused).toEqual(listed);
});

test("Playwright's JSON output variables in the environment do not take the listing away", async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'json-output-'));
  try {
    const env = {
      ...process.env,
      ...Object.fromEntries(JSON_OUTPUT_VARIABLES.map((name) => [name, path.join(dir, `${name}.json`)])),
    };
    const listed = await listTests(['tests/conformance/stores/'], env);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((t) => !t.file.startsWith('tests/conformance/stores/'))).toEqual([]);
    expect(readdirSync(dir), 'nothing written where the user asked for their own JSON report').toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the cache keeps the newest listings only', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'inventory-cache-'));
  try {
    for (let i = 0; i < 5; i++) {
      const file = path.join(dir, `${i}.json`);
      writeFileSync(file, '[]');
      utimesSync(file, 1_700_000_000 + i, 1_700_000_000 + i);
    }
    writeFileSync(path.join(dir, 'being-written.json.42.tmp'), '[');
    pruneInventoryCache(dir, 2);
    expect(readdirSync(dir).sort()).toEqual(['3.json', '4.json', 'being-written.json.42.tmp']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
