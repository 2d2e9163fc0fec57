/**
 * Debian's Chromium driven by Playwright, with a fresh user-data directory per run, so no earlier
 * login, cookie or saved password can answer for the person, and nothing of this run is kept.
 */
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { AUTHORIZE_MESSAGES, AuthorizeFailure } from './failures.ts';
import type { BrowserProxy } from './options.ts';

/** Debian's package: Playwright never downloads a browser here. The self-tests' browser launches it too. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** No sandbox or GPU (containers and CI have neither), and no traffic of the browser's own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenBrowser {
  page: Page;
  context: BrowserContext;
  /** Closes the browser and removes its user-data directory. */
  close(): Promise<void>;
}

function playwrightProxy({ route, bypass }: BrowserProxy) {
  return {
    server: route.shown,
    ...(bypass ? { bypass } : {}),
    ...(route.credentials ? { username: route.credentials.user, password: route.credentials.password } : {}),
  };
}

async function checkChromium(): Promise<void> {
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new AuthorizeFailure(AUTHORIZE_MESSAGES.noChromium(CHROMIUM_PATH));
  }
}

function checkDisplay(headless: boolean, env: NodeJS.ProcessEnv): void {
  if (headless || process.platform !== 'linux') return;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) throw new AuthorizeFailure(AUTHORIZE_MESSAGES.noDisplay);
}

export async function openBrowser(
  headless: boolean,
  env: NodeJS.ProcessEnv,
  proxy?: BrowserProxy,
): Promise<OpenBrowser> {
  await checkChromium();
  checkDisplay(headless, env);
  const userDataDir = await mkdtemp(join(tmpdir(), 'payments-authorize-'));
  const removeDir = () => rm(userDataDir, { recursive: true, force: true });
  const failure = (error: unknown) =>
    new AuthorizeFailure(
      AUTHORIZE_MESSAGES.chromiumFailed(
        (error instanceof Error ? error.message : String(error)).split('\n')[0]!,
      ),
    );
  let context: BrowserContext;
  try {
    // Loaded only to open the browser: Playwright takes most of a second to load, which a usage mistake
    // or --help should not wait for.
    const { chromium } = await import('@playwright/test');
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless,
      args: CHROMIUM_ARGS,
      // The browser sees the same environment (DISPLAY...) the command was given.
      env: Object.fromEntries(
        Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      // The command handles Ctrl-C itself, so the directory is removed and the line printed.
      handleSIGINT: false,
      // Playwright's own option, which also answers the proxy's request for credentials: Chromium reads
      // a proxy from the environment by itself, but never the credentials in its URL.
      ...(proxy ? { proxy: playwrightProxy(proxy) } : {}),
    });
  } catch (error) {
    await removeDir();
    throw failure(error);
  }
  const close = async () => {
    await context.close().catch(() => undefined);
    await removeDir();
  };
  try {
    return { page: context.pages()[0] ?? (await context.newPage()), context, close };
  } catch (error) {
    await close();
    throw failure(error);
  }
}
