/**
 * What a person sees: after a run against a mutant (so a test failed), the Allure report opened from
 * disk in Debian's Chromium. It loads nothing from any other host; its tree goes area › endpoint › test;
 * the failed test shows the curl command of its request; and the coverage page it carries keeps the
 * verdict column in view and marks failed requirements apart from passed ones.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  expect as baseExpect,
  chromium,
  test,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../authorize/browser.ts';
import { AUTHORIZE_MESSAGES } from '../../../authorize/failures.ts';
import { endpointById } from '../../../lib/catalogue.ts';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import type { TestRecord } from '../../../lib/results.ts';
import type { SuiteRun } from '../../../scripts/suite/run-suite.ts';
import { once } from './support/shared.ts';
import { STATUS_MUTANT, STATUS_MUTANT_RUN_TIMEOUT_MS, statusMutantRun } from './support/status-mutant-run.ts';

const VIEWPORT = { width: 1280, height: 900 };
/** Schemes that never leave the machine: the report itself, and what its script makes in memory. */
const LOCAL_SCHEMES = ['file:', 'data:', 'blob:', 'about:'];
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
/**
 * The report's script renders each view from the data inlined in its single file: the tree's first leaf
 * appears 1.6-1.8 s after the page has loaded, and coverage.html's frame 2.5-2.8 s after its header is
 * clicked, on an idle machine. Both grow past expect's default 5 s when the self-tests' other worker runs
 * a suite beside this one, so every wait on the page here has a bound of its own. The first render
 * reads all the data: with Chromium's CPU slowed 6 to 10 times it took 10-22 s, and in one whole
 * self-test run more than 30 s, so it has twice the bound of the views after it.
 */
const PAGE_WAIT_MS = 30_000;
const FIRST_RENDER_MS = 2 * PAGE_WAIT_MS;
const expect = baseExpect.configure({ timeout: PAGE_WAIT_MS });

/** The run failure-kinds.test.ts and reproduction.test.ts read too (support/status-mutant-run.ts). */
const failedRun = once(async (): Promise<{ run: SuiteRun; failed: TestRecord }> => {
  const { run } = await statusMutantRun();
  const failed = run.records.find((r) => r.status === 'failed' && r.endpoint === 'settlement-report-config');
  if (run.exitCode !== EXIT_CODES.deviations || !failed)
    throw new Error(`the mutant ${STATUS_MUTANT} failed no test of its endpoint:\n${run.output}`);
  return { run, failed };
});

/** The one browser global the test uses (the project is typed without the DOM's). */
interface BrowserWindow {
  getComputedStyle(element: unknown): { backgroundColor: string };
}

interface OpenedReport {
  page: Page;
  /** Every URL the page requested so far. */
  requests: string[];
}

let browser: Browser | undefined;

/**
 * The report, loaded once for the file's tests: Chromium takes 3-4 s and several seconds of CPU to load
 * its single file (every result inlined), more than a test's own steps. Each test starts from the
 * report's home view, a change of the address's fragment that reloads nothing, and every request the
 * page made since it was loaded is checked.
 */
const loadedReport = once(async (): Promise<OpenedReport & { home: string }> => {
  const { run } = await failedRun();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logged.push(`page error: ${error.message}`));
  page.on('crash', () => logged.push('the page crashed'));
  const home = pathToFileURL(join(run.reports.allureReport, 'index.html')).href;
  await page.goto(home);
  await firstRender(page, logged);
  return { page, requests, home };
});

/**
 * Waits for the report's first render. Twice in some thirty whole self-test runs a page loaded and its
 * tree never rendered within the bound, where the same report rendered in seconds in the next worker's
 * browser: what the page showed and logged is then attached to the test, with a note, and the page is
 * loaded once more, under the same bound.
 */
async function firstRender(page: Page, logged: readonly string[]): Promise<void> {
  const firstLeaf = page.getByTestId('tree-leaf').first();
  try {
    await firstLeaf.waitFor({ timeout: FIRST_RENDER_MS });
    return;
  } catch {
    await attachScreenshot(page, 'first-render-stalled');
    await test.info().attach('first-render-stalled.log', {
      body: logged.join('\n') || '(the page logged nothing)',
      contentType: 'text/plain',
    });
    test.info().annotations.push({
      type: 'first render stalled',
      description: `no tree leaf within ${FIRST_RENDER_MS} ms of the load; the page was loaded once more`,
    });
  }
  await page.reload();
  await firstLeaf.waitFor({ timeout: FIRST_RENDER_MS });
}

async function openReport(): Promise<OpenedReport> {
  const { page, requests, home } = await loadedReport();
  await page.goto(`${home}#`);
  await expect(page.getByTestId('tree-leaf').first()).toBeVisible();
  return { page, requests };
}

function nonLocal(requests: readonly string[]): string[] {
  return requests.filter((url) => {
    const parsed = new URL(url);
    if (LOCAL_SCHEMES.includes(parsed.protocol)) return false;
    return !(['http:', 'https:'].includes(parsed.protocol) && LOOPBACK_HOSTS.includes(parsed.hostname));
  });
}

/** The subtree under the tree section titled `title`, within `scope`. */
function subtree(scope: Page | Locator, title: string): Locator {
  return scope.locator(
    `[data-testid="tree-section"]:has([data-testid="tree-section-title"]:text-is(${JSON.stringify(title)})) + [data-testid="tree-content"]`,
  );
}

async function attachScreenshot(page: Page, name: string): Promise<void> {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

async function openCoverage(page: Page): Promise<Locator> {
  await page.getByTestId('nav-tab-globalAttachments').click();
  const attachment = page.getByTestId('test-result-attachment').filter({ hasText: 'coverage.html' });
  await attachment.getByTestId('test-result-attachment-header').click();
  const frame = attachment.frameLocator('iframe').locator('table#coverage');
  await expect(frame).toBeVisible();
  return frame;
}

test.describe('the report in a real browser', () => {
  test.skip(!existsSync(CHROMIUM_PATH), AUTHORIZE_MESSAGES.noChromium(CHROMIUM_PATH));
  test.setTimeout(STATUS_MUTANT_RUN_TIMEOUT_MS);

  test.afterAll(async () => {
    await browser?.close();
  });

  test('opens from file:// and requests nothing from any host but this machine', async () => {
    const { page, requests } = await openReport();
    const { failed } = await failedRun();
    await page.getByTestId('tree-leaf').filter({ hasText: failed.title }).click();
    await expect(page.getByTestId('test-result-info-title')).toHaveText(failed.title);
    await page.goto(page.url().replace(/#.*$/, '#globalAttachments'));
    // Opening coverage.html (and what it requests) is the coverage test's, in the same page.
    await expect(
      page.getByTestId('test-result-attachment').filter({ hasText: 'coverage.html' }),
    ).toBeVisible();
    expect(requests.length, 'the page was requested').toBeGreaterThan(0);
    expect(nonLocal(requests)).toEqual([]);
  });

  test('the tree goes area › endpoint › test, and the failed test shows the curl command of its request', async () => {
    const { page, requests } = await openReport();
    const { failed } = await failedRun();
    const feature = endpointById(failed.endpoint!).feature;
    const leaf = subtree(subtree(page, failed.area!), feature)
      .getByTestId('tree-leaf')
      .filter({ has: page.getByTestId('tree-leaf-title').getByText(failed.title, { exact: true }) });
    await expect(leaf.getByTestId('tree-leaf-status-failed')).toBeVisible();
    await leaf.click();

    await expect(page.getByTestId('test-result-info-title')).toHaveText(failed.title);
    await expect(page.getByTestId('test-result-status-failed')).toBeVisible();
    await expect(page.getByTestId('test-result-breadcrumb-button')).toHaveText([failed.area!, feature]);
    // The description quotes each requirement of the test (handed to Allure as HTML, not Markdown).
    const description = page.frameLocator('[data-testid="test-result-description-frame"]');
    await expect(description.locator('li strong')).toHaveText(failed.requirements);
    const curl = page.getByTestId('test-result-attachment').filter({ hasText: `curl ${feature}` });
    await curl.getByTestId('test-result-attachment-header').click();
    const command = failed.reproduce?.split('\n').find((line) => line.startsWith('R1=$(curl '));
    expect(command, 'the reproduce script holds the request').toBeDefined();
    await expect(curl).toContainText(command!);
    await attachScreenshot(page, 'failed-test');
    expect(nonLocal(requests)).toEqual([]);
  });

  test('coverage.html keeps the verdict column in view and marks failed requirements apart from passed ones', async () => {
    const { page, requests } = await openReport();
    const { failed } = await failedRun();
    const table = await openCoverage(page);
    const verdictHeader = table.locator('th').first();
    await expect(verdictHeader).toHaveText('Verdict');
    const failedRow = table.locator('tr.failed').first();
    const passedRow = table.locator('tr.passed').first();
    for (const cell of [verdictHeader, failedRow.locator('td.verdict'), passedRow.locator('td.verdict')]) {
      const box = await cell.boundingBox();
      expect(box, 'the cell is laid out').not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, 'within the viewport width').toBeLessThanOrEqual(VIEWPORT.width);
    }
    await expect(failedRow.locator('td.verdict')).toHaveText('failed');
    await expect(failedRow, 'a failed row names its failing test').toContainText(`failed: ${failed.title}`);
    const background = (row: Locator) =>
      row
        .locator('td')
        .first()
        .evaluate((cell) => (globalThis as unknown as BrowserWindow).getComputedStyle(cell).backgroundColor);
    const [failedColour, passedColour] = [await background(failedRow), await background(passedRow)];
    expect(failedColour, 'failed rows are highlighted').not.toBe(passedColour);
    expect(failedColour).not.toBe('rgba(0, 0, 0, 0)');
    await attachScreenshot(page, 'coverage');
    expect(nonLocal(requests)).toEqual([]);
  });
});
