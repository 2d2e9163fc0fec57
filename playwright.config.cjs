/**
 * The conformance run's configuration, as Playwright loads it: its body is tests/run/playwright.config.ts
 * (from source; its compiled JavaScript in the npm package). This file is CommonJS so that Playwright loads
 * the run's modules as CommonJS (tests/run/README.md), and it stays in the project root, the folder
 * Playwright names the files of the run's tests from. The run command names it; so does a bare
 * `npx playwright test` here.
 */
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const body = path.join(__dirname, 'tests', 'run', 'playwright.config');
module.exports = require(existsSync(`${body}.ts`) ? `${body}.ts` : `${body}.js`);
