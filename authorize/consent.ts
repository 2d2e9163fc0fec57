/**
 * One consent round in the browser: open the authorization page, let the person (or --headless) answer,
 * and catch the navigation to the redirect URI. The first of redirect, refused login, closed window,
 * Ctrl-C or timeout wins.
 */
import type { OpenBrowser } from './browser.ts';
import { AUTHORIZE_MESSAGES, AuthorizeFailure } from './failures.ts';
import { fillConsentPage } from './fill-consent-page.ts';
import type { AuthorizeOptions } from './options.ts';
import { catchRedirect } from './redirect-catcher.ts';

/** A browser error's first line, without Playwright's call name or the URL (the caller names the page). */
function messageOf(error: unknown): string {
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
  return first.replace(/^[\w.]+: /, '').replace(/ at \S+$/, '');
}

/** Resolves with the URL the target redirected the browser to; rejects with an AuthorizeFailure. */
export async function awaitRedirect(browser: OpenBrowser, options: AuthorizeOptions, url: URL): Promise<URL> {
  const { page, context } = browser;
  let arrived: (redirect: URL) => void = () => undefined;
  const redirected = new Promise<URL>((resolve) => (arrived = resolve));
  await catchRedirect(context, page, options.redirectUri, arrived);
  // The overall timeout is the only clock: no single browser step gives up before it.
  page.setDefaultTimeout(0);
  page.setDefaultNavigationTimeout(0);

  let timer: NodeJS.Timeout | undefined;
  let onInterrupt: (() => void) | undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    const fail = (message: string) => reject(new AuthorizeFailure(message));
    timer = setTimeout(
      () =>
        fail(AUTHORIZE_MESSAGES.timeout(options.timeoutSeconds, options.redirectUri.href, options.headless)),
      options.timeoutSeconds * 1000,
    );
    page.once('close', () => fail(AUTHORIZE_MESSAGES.windowClosed));
    onInterrupt = () => fail(AUTHORIZE_MESSAGES.interrupted);
    process.once('SIGINT', onInterrupt);
  });
  const pageAddress = `${url.origin}${url.pathname}`;
  const answered = page.goto(url.href).then(
    () => (options.autofill ? fillConsentPage(page, options.autofill) : new Promise<never>(() => undefined)),
    (error: unknown) => {
      throw new AuthorizeFailure(AUTHORIZE_MESSAGES.pageUnreachable(pageAddress, messageOf(error)));
    },
  );
  const refused = answered.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => {
      if (error instanceof AuthorizeFailure) throw error;
      throw new AuthorizeFailure(AUTHORIZE_MESSAGES.pageNotFilled(messageOf(error)));
    },
  );
  try {
    return await Promise.race([redirected, stopped, refused]);
  } finally {
    clearTimeout(timer);
    if (onInterrupt) process.removeListener('SIGINT', onInterrupt);
    // Losers of the race may still reject (the browser closes under them); nobody waits for them.
    stopped.catch(() => undefined);
    refused.catch(() => undefined);
  }
}
