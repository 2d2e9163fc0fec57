/**
 * `--headless`: plays the person on the mock's login-and-consent page (its form names are
 * lib/consent-form.ts), and recognises the page shown again with a complaint as a refused login.
 */
import type { Page } from '@playwright/test';
import { CONSENT_FORM } from '../lib/consent-form.ts';
import { AUTHORIZE_MESSAGES, AuthorizeFailure } from './failures.ts';
import type { Autofill } from './options.ts';

/**
 * Fills in and submits the form. Settles only if the login is refused (rejecting with the page's
 * words); on success the browser leaves for the redirect URI and the caller stops waiting.
 */
export async function fillConsentPage(page: Page, autofill: Autofill): Promise<void> {
  const { userField, passwordField, decisionField, errorId } = CONSENT_FORM;
  await page.locator(`input[name="${userField}"]`).fill(autofill.username);
  await page.locator(`input[name="${passwordField}"]`).fill(autofill.password);
  await page.locator(`button[name="${decisionField}"][value="${CONSENT_FORM[autofill.decision]}"]`).click();
  const complaint = page.locator(`#${errorId}`);
  await complaint.waitFor({ state: 'visible' });
  throw new AuthorizeFailure(AUTHORIZE_MESSAGES.wrongPassword(await complaint.innerText()));
}
