import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { RUN_VARIABLES } from '../../../lib/run-variables.ts';
import { VARIABLES } from '../../../lib/target.ts';
import { ApiClient } from '../../support/api-client.ts';
import {
  REDACTED,
  redact,
  redactError,
  rememberSecret,
  rememberSecretFields,
  replaceSecretsIn,
  withoutCredentials,
} from '../../../run/redact.ts';
import { Reproduction } from '../../support/reproduce.ts';
import { loadTargetConfig } from '../../../run/target.ts';

test.describe('redact', () => {
  test('removes token-shaped strings it has never seen', () => {
    const text = 'Bearer APP_USR-4783610275394112-112207-abc-1283946271, TEST-1a2b, code TG-9f8e7d-12';
    expect(redact(text)).toBe(`Bearer ${REDACTED}, ${REDACTED}, code ${REDACTED}`);
  });

  test('removes remembered secrets, also URL-encoded in a query string', () => {
    rememberSecret('s3cr3t/with+chars');
    const text = 'secret s3cr3t/with+chars in ?access_token=s3cr3t%2Fwith%2Bchars';
    expect(redact(text)).toBe(`secret ${REDACTED} in ?access_token=${REDACTED}`);
  });

  test('remembers the secret fields of a token request, but not an error code', () => {
    rememberSecretFields({ client_secret: 'client-secret-value', grant_type: 'client_credentials' });
    rememberSecretFields({ error: 'bad_request', code: 'INVALID_STORE_ID' }, [
      'access_token',
      'refresh_token',
    ]);
    expect(redact('client-secret-value INVALID_STORE_ID client_credentials')).toBe(
      `${REDACTED} INVALID_STORE_ID client_credentials`,
    );
  });

  test('secrets are removed as one pattern listing them, longest first, would remove them', () => {
    // A lone surrogate (half an emoji) has no URL encoding: such a secret appears only as itself.
    const encoded = (s: string) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return s;
      }
    };
    // The plain form of the pattern: every form of every secret, one alternative each, longest first.
    const listed = (secrets: string[]) => {
      const forms = new Set(secrets.flatMap((s) => [s, encoded(s)]));
      const alternatives = [...forms]
        .sort((a, b) => b.length - a.length)
        .map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return new RegExp(alternatives.join('|'), 'g');
    };
    // Secrets that share beginnings, extend one another and need escaping or encoding, and texts made of
    // them (plain and encoded), of pieces of them and of anything else.
    const piece = fc.constantFrom('TEST-', 'ab', 'abc', 'a/b', '+', '%2F', '.', '(', '\\', 'é', '😀', '7');
    const secret = fc.array(piece, { minLength: 2, maxLength: 5 }).map((p) => p.join(''));
    const related = fc
      .array(secret, { minLength: 1, maxLength: 5 })
      .map((all) => [...new Set(all.flatMap((s) => [s, `${s}abc`, s.slice(0, -1)]))]);
    fc.assert(
      fc.property(
        related.chain((secrets) =>
          fc.tuple(
            fc.constant(secrets),
            fc.array(
              fc.oneof(
                fc.constantFrom(...secrets, ...secrets.map(encoded)),
                piece,
                fc.string({ maxLength: 3 }),
              ),
              { maxLength: 12 },
            ),
          ),
        ),
        ([secrets, parts]) => {
          const text = parts.join('');
          expect(replaceSecretsIn(text, secrets, '#')).toBe(text.replace(listed(secrets), '#'));
        },
      ),
      { seed: 20261124, numRuns: 500 },
    );
  });

  test('ignores values too short to be secrets', () => {
    rememberSecret('abc');
    expect(redact('abc')).toBe('abc');
  });

  test('redacts the message and stack of an error in place', () => {
    const error = new Error('token TEST-123456 leaked');
    expect(redactError(error)).toBe(error);
    expect(error.message).toBe(`token ${REDACTED} leaked`);
    expect(error.stack).not.toContain('TEST-123456');
  });
});

test.describe('what the API client records', () => {
  test('removes user name and password from a base URL shown in the report', () => {
    expect(withoutCredentials('https://user:pa55word@target.example/api')).toBe('https://target.example/api');
    expect(withoutCredentials('http://127.0.0.1:3100')).toBe('http://127.0.0.1:3100');
    expect(withoutCredentials('https://user:pa55word@target.example:8443')).toBe(
      'https://target.example:8443',
    );
  });

  test('a code in a redirect Location and a Set-Cookie never reach the attachments', async ({}, testInfo) => {
    // Neither value is token-shaped, so only remembering them before attaching can redact them.
    const code = 'plain-authorization-code-4711';
    const cookie = 'session=plain-session-cookie-0815';
    const server = createServer((_, response) => {
      response.writeHead(302, {
        location: `https://app.example/cb?code=${code}&state=s`,
        'set-cookie': cookie,
      });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const baseUrl = `http://127.0.0.1:${port}`;
      const config = loadTargetConfig({
        [VARIABLES.baseUrl]: baseUrl,
        [VARIABLES.clientId]: '1',
        [VARIABLES.clientSecret]: 'unused-secret',
        [RUN_VARIABLES.embeddedUrl]: baseUrl,
      });
      const tokens = () => ({ test: 'unused-bearer' });
      const api = new ApiClient(testInfo, config, tokens, new Reproduction(baseUrl));
      const { code: answered } = await api.authorize({
        clientId: '1',
        redirectUri: 'https://app.example/cb',
        state: 's',
      });
      expect(answered).toBe(code);
      const recorded = testInfo.attachments.map((a) => a.body?.toString() ?? '').join('\n');
      expect(recorded).toContain('location');
      expect(recorded).not.toContain(code);
      expect(recorded).not.toContain('plain-session-cookie');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
