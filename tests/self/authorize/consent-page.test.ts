/**
 * The mock's /authorization seen through inject(): the suite's own request (no HTML in Accept) keeps its
 * immediate 302, a browser's gets the login-and-consent page, and the page's form answers Allow, Deny
 * and a wrong password as a person expects.
 */
import { test } from '@playwright/test';
import { ACCESS_DENIED, CONSENT_FORM } from '../../../lib/consent-form.ts';
import { CONSENT_PAGE_TEXT, wantsPage } from '../../../mock/routes/authorization.ts';
import { CONSENT_USER, SEEDED_IDS } from '../../../mock/seed.ts';
import { expect, send, SEEDED_CLIENT, startMock, type Mock } from '../mock/support.ts';

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';
const STATE = 'st<&"ate';
const QUERY = new URLSearchParams({
  response_type: 'code',
  client_id: SEEDED_IDS.clientId,
  redirect_uri: SEEDED_IDS.redirectUri,
  state: STATE,
}).toString();

function redirectParams(location: string | string[] | number | undefined): URLSearchParams {
  const url = new URL(String(location));
  expect(`${url.origin}${url.pathname}`).toBe(SEEDED_IDS.redirectUri);
  return url.searchParams;
}

function submit(app: Mock, fields: Record<string, string>, query = QUERY) {
  return send(app, {
    method: 'POST',
    url: `/authorization?${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
    payload: new URLSearchParams(fields).toString(),
  });
}

const LOGIN = {
  [CONSENT_FORM.userField]: CONSENT_USER.username,
  [CONSENT_FORM.passwordField]: CONSENT_USER.password,
};

async function exchange(app: Mock, code: string) {
  return send(app, {
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'authorization_code', ...SEEDED_CLIENT, code },
  });
}

test("the suite's own request, with no HTML in Accept, still gets the immediate 302 with a code", async () => {
  const app = await startMock();
  for (const accept of [undefined, '*/*', 'application/json', 'text/html;q=0']) {
    const response = await send(app, {
      method: 'GET',
      url: `/authorization?${QUERY}`,
      headers: accept === undefined ? {} : { accept },
    });
    expect(response.statusCode, `Accept: ${accept}`).toBe(302);
    const params = redirectParams(response.headers.location);
    expect(params.get('state')).toBe(STATE);
    expect(params.get('code')).toMatch(/^TG-/);
  }
});

test('only an Accept that names text/html with a non-zero q asks for the page', () => {
  expect(wantsPage(BROWSER_ACCEPT)).toBe(true);
  expect(wantsPage('TEXT/HTML')).toBe(true);
  expect(wantsPage('application/json, text/html; q=0.5')).toBe(true);
  expect(wantsPage(undefined)).toBe(false);
  expect(wantsPage('*/*')).toBe(false);
  expect(wantsPage('text/*')).toBe(false);
  expect(wantsPage('text/html;q=0')).toBe(false);
});

test('a browser gets the login-and-consent page, with the form and no code minted', async () => {
  const app = await startMock();
  const response = await send(app, {
    method: 'GET',
    url: `/authorization?${QUERY}`,
    headers: { accept: BROWSER_ACCEPT },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers.location).toBeUndefined();
  const html = response.body;
  expect(html).toContain(`<h1>${CONSENT_PAGE_TEXT.title}</h1>`);
  expect(html).toContain(`name="${CONSENT_FORM.userField}"`);
  expect(html).toContain(`name="${CONSENT_FORM.passwordField}" type="password"`);
  expect(html).toContain(`name="${CONSENT_FORM.decisionField}" value="${CONSENT_FORM.allow}"`);
  expect(html).toContain(`name="${CONSENT_FORM.decisionField}" value="${CONSENT_FORM.deny}"`);
  expect(html).not.toContain(CONSENT_FORM.errorId);
});

test('a browser with bad parameters gets the 400 in the error shape, never the page or a redirect', async () => {
  const app = await startMock();
  const response = await send(app, {
    method: 'GET',
    url: `/authorization?response_type=code&client_id=999&redirect_uri=${encodeURIComponent(SEEDED_IDS.redirectUri)}`,
    headers: { accept: BROWSER_ACCEPT },
  });
  expect(response.statusCode).toBe(400);
  expect(response.headers.location).toBeUndefined();
});

test('Allow with the seeded user redirects (303) with a code and the state; the code buys a token once', async () => {
  const app = await startMock();
  const response = await submit(app, { ...LOGIN, [CONSENT_FORM.decisionField]: CONSENT_FORM.allow });
  expect(response.statusCode).toBe(303);
  const params = redirectParams(response.headers.location);
  expect(params.get('state')).toBe(STATE);
  const code = params.get('code') ?? '';
  expect((await exchange(app, code)).statusCode).toBe(200);
  expect((await exchange(app, code)).statusCode).toBe(400);
});

test('Deny redirects (303) with error=access_denied and the state, and no code', async () => {
  const app = await startMock();
  const response = await submit(app, { [CONSENT_FORM.decisionField]: CONSENT_FORM.deny });
  expect(response.statusCode).toBe(303);
  const params = redirectParams(response.headers.location);
  expect(params.get('error')).toBe(ACCESS_DENIED);
  expect(params.get('state')).toBe(STATE);
  expect(params.get('code')).toBeNull();
});

test('a wrong password or user name shows the page again with the error, escaped, and never redirects', async () => {
  const app = await startMock();
  const hostile = '"><script>alert(1)</script>';
  for (const fields of [
    { ...LOGIN, [CONSENT_FORM.passwordField]: 'wrong' },
    { ...LOGIN, [CONSENT_FORM.userField]: hostile },
    { ...LOGIN, [CONSENT_FORM.passwordField]: '' },
  ]) {
    const response = await submit(app, { ...fields, [CONSENT_FORM.decisionField]: CONSENT_FORM.allow });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain(
      `id="${CONSENT_FORM.errorId}" role="alert">${CONSENT_PAGE_TEXT.wrongCredentials}<`,
    );
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain(CONSENT_USER.password);
  }
  const echoed = await submit(app, {
    ...LOGIN,
    [CONSENT_FORM.userField]: hostile,
    [CONSENT_FORM.decisionField]: CONSENT_FORM.allow,
  });
  expect(echoed.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
});

test('the form is refused without a decision, with bad parameters, or as JSON', async () => {
  const app = await startMock();
  expect((await submit(app, LOGIN)).statusCode).toBe(400);
  const badQuery = QUERY.replace('response_type=code', 'response_type=token');
  const refused = await submit(app, { ...LOGIN, [CONSENT_FORM.decisionField]: CONSENT_FORM.allow }, badQuery);
  expect(refused.statusCode).toBe(400);
  expect(refused.headers.location).toBeUndefined();
  const json = await send(app, {
    method: 'POST',
    url: `/authorization?${QUERY}`,
    payload: { ...LOGIN, [CONSENT_FORM.decisionField]: CONSENT_FORM.allow },
  });
  expect(json.statusCode).toBe(415);
});
