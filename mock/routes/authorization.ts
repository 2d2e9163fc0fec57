/**
 * /authorization (ability `authorize`, not in the spec): where a person consents and the browser is
 * sent back to the application's redirect URI with a fresh code. The suite's own requests get the code
 * at once (302); a browser gets a login-and-consent page for the seeded consent user, posted back here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_DENIED, CONSENT_FORM } from '../../lib/consent-form.ts';
import type { MockContext } from '../context.ts';
import { badRequest, cause, errorNameForStatus, MESSAGES, MockHttpError } from '../errors.ts';
import { CONSENT_USER, type Application } from '../seed.ts';
import { singleQueryParam } from './params.ts';

export const AUTHORIZATION_PATH = '/authorization';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export const CONSENT_PAGE_TEXT = {
  title: 'Sign in to authorize an application',
  wrongCredentials: 'Wrong user name or password. Nothing was authorized; try again.',
  badDecision: `The form must send ${CONSENT_FORM.decisionField}=${CONSENT_FORM.allow} or ${CONSENT_FORM.deny}`,
} as const;

/** A checked authorization request: the application asking, and the state to hand back. */
interface AuthorizationRequest {
  application: Application;
  state?: string;
}

function readAuthorizationRequest(query: unknown, ctx: MockContext): AuthorizationRequest {
  const responseType = singleQueryParam(query, 'response_type');
  const clientId = singleQueryParam(query, 'client_id');
  const redirectUri = singleQueryParam(query, 'redirect_uri');
  const state = singleQueryParam(query, 'state');
  const application = typeof clientId === 'string' ? ctx.state.application(clientId) : undefined;
  const problems = [
    responseType !== 'code' && cause('invalid_response_type', 'response_type must be "code"'),
    !application && cause('invalid_client_id', 'client_id must be a known application'),
    application &&
      redirectUri !== application.redirectUri &&
      cause('invalid_redirect_uri', "redirect_uri must be the application's configured redirect URI"),
    state === null && cause('invalid_state', 'state must be given at most once'),
  ].filter((p) => p !== false && p !== undefined);
  if (problems.length > 0 || !application) {
    throw badRequest(MESSAGES.authorizationParameters, problems);
  }
  return typeof state === 'string' ? { application, state } : { application };
}

function redirectBack(
  reply: FastifyReply,
  status: 302 | 303,
  request: AuthorizationRequest,
  params: Record<string, string>,
) {
  const location = new URL(request.application.redirectUri);
  for (const [name, value] of Object.entries(params)) location.searchParams.set(name, value);
  if (request.state !== undefined) location.searchParams.set('state', request.state);
  return reply.code(status).header('location', location.toString()).send();
}

function redirectWithCode(
  reply: FastifyReply,
  status: 302 | 303,
  request: AuthorizationRequest,
  ctx: MockContext,
) {
  const code = ctx.state.mintAuthorizationCode(request.application, request.application.redirectUri);
  return redirectBack(reply, status, request, { code: code.value });
}

/**
 * Browser or suite, decided by what the request asks for: a browser navigating to a page lists
 * `text/html` in its Accept header, while the suite's API client (and curl, and the SDK) sends a
 * wildcard or no Accept at all. So only a request that names HTML (with a non-zero q) gets the page;
 * everything else keeps the immediate 302 the `authorize` ability promises.
 */
export function wantsPage(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [mediaType = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((p) => p.startsWith('q='));
    return mediaType === 'text/html' && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function consentPage(request: AuthorizationRequest, username: string, error?: string): string {
  const { userField, passwordField, decisionField, allow, deny, errorId } = CONSENT_FORM;
  const complaint = error ? `<p id="${errorId}" role="alert">${escapeHtml(error)}</p>` : '';
  // No action attribute: the form posts back to this very URL, so the authorization request rides
  // along in the query and is checked again, not trusted from hidden fields.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(CONSENT_PAGE_TEXT.title)} - Payments mock</title>
<style>
body { font-family: sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
label { display: block; margin-top: 1rem; }
input { width: 100%; padding: 0.4rem; box-sizing: border-box; }
button { margin: 1.5rem 0.5rem 0 0; padding: 0.5rem 1.5rem; }
[role="alert"] { color: #a00; font-weight: bold; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(CONSENT_PAGE_TEXT.title)}</h1>
<p>Application <strong>${escapeHtml(request.application.clientId)}</strong> asks to act on your account.
On Allow you are sent back to <code>${escapeHtml(request.application.redirectUri)}</code> with an
authorization code.</p>
${complaint}
<form method="post">
<label for="${userField}">User name</label>
<input id="${userField}" name="${userField}" autocomplete="username" value="${escapeHtml(username)}" required>
<label for="${passwordField}">Password</label>
<input id="${passwordField}" name="${passwordField}" type="password" autocomplete="current-password" required>
<button type="submit" name="${decisionField}" value="${allow}">Allow</button>
<button type="submit" name="${decisionField}" value="${deny}" formnovalidate>Deny</button>
</form>
</main>
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, html: string) {
  return reply
    .code(200)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page needs nothing but its own inline style, and must not be framed by another site.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    })
    .send(html);
}

function formFields(body: unknown): URLSearchParams {
  return body instanceof URLSearchParams ? body : new URLSearchParams();
}

/** POST: Deny needs no login; Allow needs the consent user's name and password, else the page again. */
function answerConsent(request: FastifyRequest, reply: FastifyReply, ctx: MockContext) {
  const authorization = readAuthorizationRequest(request.query, ctx);
  const fields = formFields(request.body);
  const decision = fields.get(CONSENT_FORM.decisionField);
  if (decision === CONSENT_FORM.deny) {
    return redirectBack(reply, 303, authorization, { error: ACCESS_DENIED });
  }
  if (decision !== CONSENT_FORM.allow) throw badRequest(CONSENT_PAGE_TEXT.badDecision);
  const username = fields.get(CONSENT_FORM.userField) ?? '';
  const password = fields.get(CONSENT_FORM.passwordField) ?? '';
  if (username !== CONSENT_USER.username || password !== CONSENT_USER.password) {
    return sendPage(reply, consentPage(authorization, username, CONSENT_PAGE_TEXT.wrongCredentials));
  }
  return redirectWithCode(reply, 303, authorization, ctx);
}

function unsupportedMediaType(contentType: string | undefined) {
  return new MockHttpError(
    415,
    errorNameForStatus(415),
    MESSAGES.unsupportedMediaType(contentType ?? '', [FORM_CONTENT_TYPE]),
  );
}

export async function registerAuthorization(app: FastifyInstance, ctx: MockContext): Promise<void> {
  await app.register((scope, _options, done) => {
    // The consent form is the only body this route reads; JSON and the rest are refused here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, parsed) =>
      parsed(null, new URLSearchParams(body as string)),
    );
    scope.addContentTypeParser('*', (request, _payload, parsed) =>
      parsed(unsupportedMediaType(request.headers['content-type'])),
    );
    scope.get(AUTHORIZATION_PATH, (request, reply) => {
      const authorization = readAuthorizationRequest(request.query, ctx);
      if (wantsPage(request.headers.accept)) return sendPage(reply, consentPage(authorization, ''));
      return redirectWithCode(reply, 302, authorization, ctx);
    });
    scope.post(AUTHORIZATION_PATH, (request, reply) => answerConsent(request, reply, ctx));
    done();
  });
}
