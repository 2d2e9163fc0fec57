/**
 * Playwright's `test` without its per-test browser plumbing, the base of the suite's fixtures.
 *
 * The suite drives no browser and no Playwright request context (its client is ./http.ts), yet two auto
 * fixtures of Playwright's own set up, for every test, the recording of traces and screenshots and the
 * defaults of browser contexts, and through them about thirty browser-option fixtures: each a report step
 * and a recorded stack trace, a sixth of a test's CPU for nothing the suite uses. Here they are replaced
 * by what the suite keeps of them: the test's timeout reset to the project's once the hooks before it
 * have run.
 *
 * Their names are Playwright's (its version is pinned in package.json). Were they renamed, these would be
 * two more fixtures doing nothing and the plumbing would cost its time again; were their `auto` mode
 * changed, Playwright would refuse to load the suite, naming this file.
 */
import { test as base } from '@playwright/test';

interface PlaywrightPlumbing {
  _setupArtifacts: void;
  _setupContextOptions: void;
}

/** How Playwright declares both: set up around every test, its hooks included (not in its public types). */
const AROUND_EVERY_TEST = 'all-hooks-included' as unknown as true;

export const test = base.extend<PlaywrightPlumbing>({
  _setupArtifacts: [
    async ({}, use, testInfo) => {
      testInfo.setTimeout(testInfo.project.timeout);
      await use();
    },
    { auto: AROUND_EVERY_TEST, box: 'self' },
  ],
  _setupContextOptions: [async ({}, use) => use(), { auto: AROUND_EVERY_TEST, box: 'self' }],
});
