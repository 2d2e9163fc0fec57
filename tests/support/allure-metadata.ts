/**
 * Allure labels and parameters of the running test, sent as allure-playwright's runtime messages.
 *
 * allure-js-commons' label() and parameter() send the same message through testInfo.attach(), which opens
 * a report step and records a source-mapped stack trace for it: every test sends at least one label, and
 * those steps were a tenth of a worker's CPU. Pushed onto testInfo.attachments the message reaches
 * allure-playwright's reporter the same way (it reads runtime messages from the test's attachments when
 * the test ends), without the step. Steps shown in the report still go through allure-js-commons.
 */
import type { TestInfo } from '@playwright/test';
import type { Label, Parameter } from 'allure-js-commons';
import type { RuntimeMessage } from 'allure-js-commons/sdk';

/**
 * The content type allure-playwright's reporter reads runtime messages by (allure-js-commons'
 * ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE, not imported: its module loads the whole reporter SDK into every
 * worker; tests/self/reports/allure-metadata.test.ts keeps the two equal).
 */
export const ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE = 'application/vnd.allure.message+json';

function send(testInfo: TestInfo, message: RuntimeMessage): void {
  testInfo.attachments.push({
    // The name allure-playwright gives its own runtime messages: its reporter pairs attachments by name.
    name: `Allure Metadata (${message.type})`,
    contentType: ALLURE_RUNTIME_MESSAGE_CONTENT_TYPE,
    body: Buffer.from(JSON.stringify(message), 'utf8'),
  });
}

export function labelTest(testInfo: TestInfo, ...labels: Label[]): void {
  send(testInfo, { type: 'metadata', data: { labels } });
}

export function parameterOfTest(testInfo: TestInfo, ...parameters: Parameter[]): void {
  send(testInfo, { type: 'metadata', data: { parameters } });
}
