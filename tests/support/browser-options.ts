/**
 * Playwright's `test` with its browser options given as plain values: the base the conformance `test`
 * (./fixtures.ts) extends.
 *
 * The suite opens no browser and no APIRequestContext, so nothing reads these options. Left to
 * Playwright, each is a fixture computed for every test from `contextOptions`, and every such fixture is
 * a report step whose stack trace (fifty frames, each mapped through source maps) is taken as it is set
 * up and again as it is torn down: 26 options, 52 stack traces per test, about a third of a worker's CPU
 * in a run. An option given as a plain value is no step. The values are the ones Playwright would
 * compute from an empty `contextOptions`, so a test that did open a browser would get the same context.
 */
import { test as base } from '@playwright/test';

export const test = base.extend({
  acceptDownloads: true,
  bypassCSP: false,
  colorScheme: 'light',
  contrast: 'no-preference',
  deviceScaleFactor: undefined,
  extraHTTPHeaders: undefined,
  forcedColors: 'none',
  geolocation: undefined,
  hasTouch: false,
  httpCredentials: undefined,
  ignoreHTTPSErrors: false,
  isMobile: false,
  javaScriptEnabled: true,
  locale: 'en-US',
  offline: false,
  permissions: undefined,
  proxy: undefined,
  reducedMotion: 'no-preference',
  screen: undefined,
  serviceWorkers: 'allow',
  storageState: undefined,
  clientCertificates: undefined,
  timezoneId: undefined,
  userAgent: undefined,
  viewport: { width: 1280, height: 720 },
  baseURL: process.env.PLAYWRIGHT_TEST_BASE_URL,
});
