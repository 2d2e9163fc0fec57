/**
 * What a person sees: `npm run conformance` against a deliberately broken target (a store's `name`
 * comes back as a number), then the generated HTML report opened in Debian's Chromium. The counts must
 * match the JUnit file, the failing test must show its schema violation and its redacted request and
 * response, and no secret that crossed the wire may appear in the page or in any file of the run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { CAPABILITIES } from '../../../lib/target.ts';
import { APPLICATIONS } from '../../../mock/seed.ts';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import { CATEGORY_NAMES } from '../../../scripts/report/categories.ts';
import { BROKEN_STORE_NAME, startRecordingTarget } from '../reliability/support/recording-target.ts';
import { runScript } from './support/run-script.ts';
import { serveFolder } from './support/static-server.ts';
import { isolatedDir, removeIsolatedDirsAfterPassingTests } from './support/temp-dir.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const FAILING_TEST = 'answers the store with HH:MM business hours';
const REDACTED = '[redacted]';

interface JUnitTotals {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function junitTotals(file: string): JUnitTotals {
  const root = /<testsuites\b([^>]*)>/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  const attribute = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)?.[1] ?? NaN);
  return {
    tests: attribute('tests'),
    failures: attribute('failures'),
    errors: attribute('errors'),
    skipped: attribute('skipped'),
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A status counter of the report's header, as shown; Allure hides a counter that would be 0. */
async function shownCount(page: Page, status: string): Promise<number> {
  const item = page.getByTestId(`metadata-item-${status}`);
  if ((await item.count()) === 0) return 0;
  return Number(await item.getByTestId('metadata-value').innerText());
}

function expectNoSecret(text: string, secrets: readonly string[], where: string): void {
  const leaked = secrets.filter((secret) => text.includes(secret));
  expect(
    leaked.map((s) => `${s.slice(0, 4)}… (${s.length} chars)`),
    `secrets in ${where}`,
  ).toEqual([]);
}

test.describe('the HTML report in a real browser', () => {
  test.skip(
    !existsSync(CHROMIUM),
    `Debian's chromium is not installed at ${CHROMIUM} (apt-get install -y chromium)`,
  );
  // A whole conformance run plus report generation, on two cores.
  test.setTimeout(10 * 60_000);
  removeIsolatedDirsAfterPassingTests();

  test('shows the run of a broken target truthfully and leaks no secret', async () => {
    const reports = isolatedDir('browser');
    const paths = reportPathsUnder(reports);
    const target = await startRecordingTarget({ breakStoreName: true });
    let run;
    try {
      // --output: Playwright empties its output folder at start; a concurrent run must not share it.
      run = await runScript('scripts/report/conformance.ts', ['--output', join(reports, 'test-results')], {
        CONFORMANCE_REPORTS_DIR: reports,
        PAYMENTS_BASE_URL: target.url,
        PAYMENTS_CAPABILITIES: CAPABILITIES.join(','),
        CONFORMANCE_MIN_TESTS: '',
      });
    } finally {
      await target.close();
    }
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain('Quality gate: FAILED');
    const secrets = target.secrets();
    expect(secrets.length, 'the broken target saw the run obtain tokens').toBeGreaterThan(
      APPLICATIONS.length,
    );
    expectNoSecret(run.output, secrets, 'the console output');
    for (const file of filesUnder(reports)) expectNoSecret(readFileSync(file, 'latin1'), secrets, file);

    const server = await serveFolder(paths.allureReport);
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      const page = await browser.newPage({ viewport: { width: 1400, height: 1400 } });
      const pages: string[] = [];

      await page.goto(server.url);
      await expect(page.getByTestId('metadata-item-total')).toBeVisible();
      const junit = junitTotals(paths.junit);
      const failed = (await shownCount(page, 'failed')) + (await shownCount(page, 'broken'));
      expect(await shownCount(page, 'total')).toBe(junit.tests);
      expect(failed).toBe(junit.failures + junit.errors);
      expect(failed).toBeGreaterThan(0);
      expect(await shownCount(page, 'skipped')).toBe(junit.skipped);
      expect(await shownCount(page, 'passed')).toBe(
        junit.tests - junit.failures - junit.errors - junit.skipped,
      );
      pages.push(await page.content());

      await page.getByTestId('nav-tab-categories').click();
      await expect(page.getByText(CATEGORY_NAMES.schemaMismatch)).toBeVisible();
      await page.getByTestId('nav-tab-qualityGate').click();
      await expect(page.getByText(/number of failed tests/)).toBeVisible();
      await page.getByTestId('nav-tab-globalAttachments').click();
      await expect(page.getByText('coverage.md')).toBeVisible();
      pages.push(await page.content());

      await page.goto(`${server.url}?status=failed`);
      await page.getByText(FAILING_TEST).click();
      await expect(page.getByText("violation(s) of schema 'store'").first()).toBeVisible();
      await expect(page.getByText('/name: must be string').first()).toBeVisible();
      await expect(page.getByText(`value: ${BROKEN_STORE_NAME}`).first()).toBeVisible();
      const request = page.getByText(/^\d+ request GET \/stores\/\d+$/);
      const response = page.getByText(/^\d+ response 200 GET \/stores\/\d+$/);
      await expect(request).toBeVisible();
      await expect(response).toBeVisible();
      await request.click();
      await expect(page.getByText(`Bearer ${REDACTED}`).first()).toBeVisible();
      await response.click();
      await expect(page.getByText(String(BROKEN_STORE_NAME)).last()).toBeVisible();
      const screenshot = test.info().outputPath('failing-test.png');
      await page.screenshot({ path: screenshot, fullPage: true });
      await test.info().attach('failing test in the report', { path: screenshot, contentType: 'image/png' });
      pages.push(await page.content());

      for (const [i, html] of pages.entries()) expectNoSecret(html, secrets, `report page ${i + 1}`);
    } finally {
      await browser?.close();
      await server.close();
    }
  });
});
