/**
 * Attaching to the running test without a report step per attachment.
 *
 * testInfo.attach() opens a step for each attachment and records a stack trace for it; a run attaches
 * three things per request (the request, its curl, the answer), so those steps were a tenth of a test's
 * CPU. testInfo.attachments.push() is Playwright's other documented way in: the attachment goes to the
 * step that is running (or the test), and reporters receive it the same way.
 *
 * A run that keeps no report (per-target.ts `runKeepsReport`: the mutation runner's) attaches nothing:
 * making the attachments (pretty JSON, redacted) and sending them to the runner, for reporters that never
 * read them, was an eighth of the mutation gate's time.
 */
import type { TestInfo } from '@playwright/test';
import { runKeepsReport } from '../../run/targets.ts';

export const CONTENT_TYPES = { json: 'application/json', text: 'text/plain' } as const;

/** Whether this run's tests carry attachments at all. */
export const ATTACHING = runKeepsReport();

export function attachTo(
  testInfo: TestInfo,
  name: string,
  body: string,
  contentType: (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES],
): void {
  if (!ATTACHING) return;
  testInfo.attachments.push({ name, contentType, body: Buffer.from(body, 'utf8') });
}
