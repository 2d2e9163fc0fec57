import { expect, test } from '@playwright/test';
import { buildTokenRequest, GRANT_TYPES, type GrantType } from '../../../factories/token-request.ts';
import { formatViolations, validate } from '../../../schemas/registry.ts';

/** The body table of Endpoints 1, transcribed: fields each grant type sends. */
const SENT_FIELDS: Record<GrantType, string[]> = {
  authorization_code: ['client_id', 'client_secret', 'code', 'grant_type', 'redirect_uri'],
  refresh_token: ['client_id', 'client_secret', 'grant_type', 'refresh_token'],
  client_credentials: ['client_id', 'client_secret', 'grant_type'],
};

/** What is wrong with one seeded request; many seeds cost one assertion. */
function problemsOf(grantType: GrantType, seed: number): string[] {
  const request = buildTokenRequest(grantType, { seed });
  const problems: string[] = [];
  const outcome = validate('token-request', request);
  if (!outcome.valid) problems.push(formatViolations('token-request', outcome.violations));
  const fields = Object.keys(request).sort().join(', ');
  if (fields !== SENT_FIELDS[grantType].join(', ')) problems.push(`fields ${fields}`);
  if (request.grant_type !== grantType) problems.push(`grant_type ${request.grant_type}`);
  return problems.map((problem) => `seed ${seed}: ${problem}`);
}

for (const grantType of GRANT_TYPES) {
  test(`${grantType}: 200 seeded token requests match the schema and send the grant's fields`, () => {
    const seeds = Array.from({ length: 200 }, (_, index) => index + 1);
    expect(seeds.flatMap((seed) => problemsOf(grantType, seed))).toEqual([]);
  });
}

test("a target's credentials and the optional fields come from the options", () => {
  const request = buildTokenRequest('authorization_code', {
    seed: 3,
    clientId: 'client-from-target',
    clientSecret: 'secret-from-target',
    code: 'code-from-redirect',
    redirectUri: 'https://merchant.example/callback',
    codeVerifier: 'verifier',
    testToken: true,
  });
  expect(request).toEqual({
    client_id: 'client-from-target',
    client_secret: 'secret-from-target',
    grant_type: 'authorization_code',
    code: 'code-from-redirect',
    redirect_uri: 'https://merchant.example/callback',
    code_verifier: 'verifier',
    test_token: 'true',
  });
  expect(validate('token-request', request).valid).toBe(true);
  expect(buildTokenRequest('refresh_token', { refreshToken: 'TG-refresh' }).refresh_token).toBe('TG-refresh');
});

test('one seed is one application across grant types', () => {
  const clients = GRANT_TYPES.map((grantType) => buildTokenRequest(grantType, { seed: 8 }).client_id);
  expect(new Set(clients).size).toBe(1);
});
