/**
 * Catches the browser's navigation to the redirect URI before it leaves the browser, and answers it
 * with a short page of its own: no server is needed at the redirect URI, and the code never reaches one
 * (a real application's callback might spend it). Chromium's own request interception (Fetch, through a
 * DevTools session on the page) does the catching rather than Playwright's `page.route`: Playwright
 * sends every hop of an HTTP redirect straight on to the network without offering it to routes, and an
 * authorization page answers precisely with such a hop (302/303 to the redirect URI).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { isRedirectTo } from './authorization-request.ts';

const RECEIVED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization received</title></head>
<body><p>npm run authorize received the answer; this window closes now.</p></body></html>`;

/** The interception pattern of every URL under the redirect URI's path (`*` and `?` are wildcards there). */
function interceptionPattern(redirectUri: URL): string {
  return `${redirectUri.origin}${redirectUri.pathname}`.replace(/[\\*?]/g, (c) => `\\${c}`) + '*';
}

/** From now on, the page's navigations to `redirectUri` (any query) are stopped and reported to `arrived`. */
export async function catchRedirect(
  context: BrowserContext,
  page: Page,
  redirectUri: URL,
  arrived: (redirect: URL) => void,
): Promise<void> {
  const session = await context.newCDPSession(page);
  session.on('Fetch.requestPaused', (event) => {
    const url = new URL(event.request.url);
    // The pattern also matches longer paths (…/callback-old); those go on untouched.
    if (!isRedirectTo(redirectUri, url)) {
      session.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
      return;
    }
    arrived(url);
    session
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: 200,
        responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
        body: Buffer.from(RECEIVED_PAGE).toString('base64'),
      })
      .catch(() => undefined);
  });
  await session.send('Fetch.enable', {
    patterns: [{ urlPattern: interceptionPattern(redirectUri), requestStage: 'Request' }],
  });
}
