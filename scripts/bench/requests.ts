/**
 * The three requests the throughput bench sends, valid for the embedded mock and for Prism alike:
 * seeded credentials and ids (mock/seed.ts), a factory-built preference, and a bearer token the mock
 * issued before the load starts.
 */
import { buildPreference } from '../../factories/preference.ts';
import { SEEDED_IDS } from '../../mock/seed.ts';
import type { LoadRequest } from './throughput.ts';

export type BenchEndpoint = 'token' | 'store' | 'preference';

export const ENDPOINT_TITLES: Record<BenchEndpoint, string> = {
  token: 'POST /oauth/token',
  store: 'GET /stores/{id}',
  preference: 'POST /checkout/preferences',
};

const TOKEN_NOT_ISSUED = 'the mock did not issue a bench access token';
const JSON_HEADERS = { 'content-type': 'application/json' };

function tokenRequestBody(): string {
  return JSON.stringify({
    grant_type: 'client_credentials',
    client_id: SEEDED_IDS.clientId,
    client_secret: SEEDED_IDS.clientSecret,
  });
}

/** Asks the mock for a bearer token; the token stays in memory, never printed or written. */
export async function issueBenchToken(mockBaseUrl: string): Promise<string> {
  const response = await fetch(`${mockBaseUrl}/oauth/token`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: tokenRequestBody(),
  });
  const body = (await response.json()) as { access_token?: unknown };
  if (response.status !== 200 || typeof body.access_token !== 'string') {
    throw new Error(`${TOKEN_NOT_ISSUED} (status ${response.status})`);
  }
  return body.access_token;
}

export function benchRequests(accessToken: string): Record<BenchEndpoint, LoadRequest> {
  const bearer = { authorization: `Bearer ${accessToken}` };
  return {
    token: { method: 'POST', path: '/oauth/token', headers: JSON_HEADERS, body: tokenRequestBody() },
    store: { method: 'GET', path: `/stores/${SEEDED_IDS.storeId}`, headers: bearer },
    preference: {
      method: 'POST',
      path: '/checkout/preferences',
      headers: { ...JSON_HEADERS, ...bearer },
      body: JSON.stringify(buildPreference('apparel', { seed: 1 })),
    },
  };
}
