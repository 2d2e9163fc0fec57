/**
 * Playwright's `test` with its browser options as values that are no report step: the base the
 * conformance `test` (./fixtures.ts) extends.
 *
 * The suite opens no browser and no APIRequestContext, so nothing reads these options. Left to
 * Playwright, each is a fixture set up and torn down for every test, and each set-up and tear-down is a
 * report step whose stack trace (fifty frames, each mapped through source maps) is taken: about fifty
 * stack traces per test, a tenth of a worker's CPU in a run. Fixtures' public `box: 'self'` option
 * makes a fixture no step at all. The values are the ones Playwright would compute from an empty
 * `contextOptions`, so a test that did open a browser would get the same context; an `undefined` keeps
 * Playwright's own default.
 */
import { test as base } from '@playwright/test';

/** An option's value, set up and torn down without a report step. */
const quiet = <T>(value: T): [T, { scope: 'test'; box: 'self' }] => [value, { scope: 'test', box: 'self' }];

export const test = base.extend({
  acceptDownloads: quiet(true),
  bypassCSP: quiet(false),
  colorScheme: quiet('light'),
  contrast: quiet('no-preference'),
  deviceScaleFactor: quiet(undefined),
  extraHTTPHeaders: quiet(undefined),
  forcedColors: quiet('none'),
  geolocation: quiet(undefined),
  hasTouch: quiet(false),
  httpCredentials: quiet(undefined),
  ignoreHTTPSErrors: quiet(false),
  isMobile: quiet(false),
  javaScriptEnabled: quiet(true),
  locale: quiet('en-US'),
  offline: quiet(false),
  permissions: quiet(undefined),
  proxy: quiet(undefined),
  reducedMotion: quiet('no-preference'),
  screen: quiet(undefined),
  serviceWorkers: quiet('allow'),
  storageState: quiet(undefined),
  clientCertificates: quiet(undefined),
  timezoneId: quiet(undefined),
  userAgent: quiet(undefined),
  viewport: quiet({ width: 1280, height: 720 }),
  baseURL: quiet(process.env.PLAYWRIGHT_TEST_BASE_URL),
  actionTimeout: quiet(0),
  navigationTimeout: quiet(0),
  testIdAttribute: quiet('data-testid'),
  contextOptions: quiet({}),
});
