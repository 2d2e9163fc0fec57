import { expect, test } from '@playwright/test';
import { REDACTED, redact, redactError, rememberSecret, rememberSecretFields } from '../../support/redact.ts';

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
