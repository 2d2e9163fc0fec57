/**
 * Generated bad requests for every route of the mock: the catalogue's endpoints (and their path
 * aliases), /authorization and the control routes. Seeded and lazy (a generator), so a run is
 * reproducible from its seed and never holds thousands of bodies at once.
 *
 * Every case is bad by construction: bodies built from the factories are sent only when the request
 * schema rejects them, and a request that could succeed (a valid body, a known id) is never generated.
 */
import type { InjectOptions } from 'fastify';
import { ENDPOINTS, endpointById, INDUSTRIES, type Endpoint } from '../../../../lib/catalogue.ts';
import { exampleKeyOf } from '../../../../lib/error-body.ts';
import { preferHeader } from '../../../../lib/prefer.ts';
import { DOCUMENTED_ERRORS } from '../../../../lib/requirements/index.ts';
import { buildPreference } from '../../../../factories/preference.ts';
import { buildTokenRequest, GRANT_TYPES } from '../../../../factories/token-request.ts';
import { BODY_LIMIT } from '../../../../mock/app.ts';
import { PREFERENCE_PATH_ALIASES } from '../../../../mock/routes/checkout.ts';
import { CONTROL_PATHS } from '../../../../mock/routes/control.ts';
import { SEEDED_IDS } from '../../../../mock/seed.ts';
import { validate } from '../../../../schemas/registry.ts';
import { SeededRandom } from './random.ts';

export interface FuzzRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string;
}

export interface FuzzCase {
  /** `METHOD path` of the route the case aims at (the catalogue's feature for endpoints). */
  route: string;
  /** What kind of badness it carries, for the summary. */
  family: string;
  request: FuzzRequest;
}

export interface FuzzCredentials {
  /** A valid test bearer token, so requests get past authentication to the checks behind it. */
  testToken: string;
  /** A valid live (non-test) token: /test_user/search must refuse it in `access_token`. */
  liveToken: string;
}

export interface Skipped {
  /** Generated bodies the request schema accepts: not bad, so not sent. */
  validBodies: number;
}

type HttpMethod = NonNullable<InjectOptions['method']>;

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** HEAD is left out: its answers have no body whose shape could be checked. */
const WRONG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const HUGE_STRING_LENGTH = 64 * 1024;
const ODD_VALUES_PER_STRING_LEAF = 4;
const WRONG_VALUES_PER_NODE = 5;
const TOKEN_SEEDS_PER_GRANT = 3;
const TRUNCATIONS_PER_BODY = 8;
const RANDOM_IDS_PER_ROUTE = 25;
const RANDOM_AUTH_PER_ROUTE = 12;
const FORM_GARBAGE_BODIES = 40;
/** Enough distinct 16 KiB client ids (~6 MiB) that keeping any state per unknown client shows in the heap. */
const DISTINCT_UNKNOWN_CLIENTS = 400;
const UNKNOWN_CLIENT_ID_LENGTH = 16 * 1024;
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Printable ASCII, Latin-1 and astral characters: what a header may carry plus what a URL must encode. */
const ODD_ALPHABET = 'aZ09 -_.~!*\'();:@&=+$,/?#[]%"<>\\^`{|}éñß¿€𝕏💥\u202e\u0301';
const HEADER_ALPHABET = 'aZ09 -_.~!*\'();:@&=+$,/?#[]%"<>\\^`{|}éñß¿';

export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '𝕏💥\u202e\u0301',
  '<script>alert(1)</script>',
  "'; DROP TABLE preferences; --",
  '../../../../etc/passwd',
  '%00%ZZ',
  'x'.repeat(HUGE_STRING_LENGTH),
  '9'.repeat(400),
];

const HUGE_NUMBERS: readonly number[] = [1e308, -1e308, 2 ** 53 + 2, 5e-324, -1, 1.5];

/** Values of the wrong JSON type for a node holding `value`. */
function wrongTypedValues(value: unknown): unknown[] {
  const all: unknown[] = ['text', '', 42, -3.5, true, false, null, {}, [], ['x'], { nested: {} }];
  if (typeof value === 'number') return [...all.filter((v) => typeof v !== 'number'), '12', ...HUGE_NUMBERS];
  if (typeof value === 'string') return all.filter((v) => typeof v !== 'string');
  if (typeof value === 'boolean') return [...all.filter((v) => typeof v !== 'boolean'), 'true', 1, 0];
  if (value === null) return all.filter((v) => v !== null);
  if (Array.isArray(value)) return all.filter((v) => !Array.isArray(v));
  return all.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v));
}

type Path = (string | number)[];

/** Every node below the root (containers too: a whole `payer` of the wrong type is as bad as a leaf). */
function* nodes(value: unknown, path: Path = []): Generator<{ path: Path; value: unknown }> {
  if (path.length > 0) yield { path, value };
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* nodes(v, [...path, i]);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) yield* nodes(v, [...path, k]);
  }
}

function withValueAt<T>(document: T, path: Path, value: unknown): T {
  const copy = structuredClone(document) as unknown as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path[path.length - 1] as string | number] = value;
  return copy as unknown as T;
}

function sample<T>(random: SeededRandom, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(random.int(pool.length), 1)[0] as T);
  return out;
}

const routeOf = (method: string, path: string) => `${method} ${path}`;
const bearer = (token: string) => `Bearer ${token}`;
const jsonHeaders = (auth?: string) => ({
  'content-type': JSON_TYPE,
  ...(auth === undefined ? {} : { authorization: auth }),
});

/** The seeded id each path parameter takes when the case is not about the id. */
const SEEDED_PARAM: Record<string, string> = {
  id: SEEDED_IDS.planId,
  reason_id: SEEDED_IDS.claimReasonId,
  claim_id: SEEDED_IDS.claimId,
  agreement_id: SEEDED_IDS.agreementId,
};

function fillPath(endpoint: Endpoint, id?: string): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (id !== undefined) return id;
    if (endpoint.id === 'chargeback') return SEEDED_IDS.chargebackId;
    if (endpoint.id === 'store') return SEEDED_IDS.storeId;
    return SEEDED_PARAM[name] ?? SEEDED_IDS.planId;
  });
}

/** Every served route path with its method, as the mock registers them. */
function servedRoutes(): { method: HttpMethod; path: string; endpoint?: Endpoint }[] {
  const routes: { method: HttpMethod; path: string; endpoint?: Endpoint }[] = [];
  for (const endpoint of ENDPOINTS) {
    routes.push({ method: endpoint.method, path: fillPath(endpoint), endpoint });
    if (endpoint.id === 'preference') {
      for (const alias of PREFERENCE_PATH_ALIASES) routes.push({ method: 'POST', path: alias, endpoint });
    }
  }
  routes.push({ method: 'GET', path: '/authorization' });
  for (const path of Object.values(CONTROL_PATHS)) routes.push({ method: 'POST', path });
  return routes;
}

// Families of cases.

function* wrongMethods(): Generator<FuzzCase> {
  for (const { method, path, endpoint } of servedRoutes()) {
    for (const wrong of WRONG_METHODS.filter((m) => m !== method)) {
      yield {
        route: endpoint ? endpoint.feature : routeOf(method, path),
        family: 'wrong method',
        request: { method: wrong, url: path, headers: {} },
      };
    }
  }
}

function* badAuthorization(random: SeededRandom, credentials: FuzzCredentials): Generator<FuzzCase> {
  const fixed: (string | string[] | undefined)[] = [
    undefined,
    'Bearer',
    'Bearer ',
    'bearer   ',
    'Basic dXNlcjpwYXNz',
    'Token abc',
    bearer(`${credentials.testToken}x`),
    bearer(credentials.testToken.slice(0, -1)),
    bearer(`${credentials.testToken} extra`),
    bearer('x'.repeat(8 * 1024)),
    bearer('TEST-0000000000000000-000000-00000000000000000000000000000000-0'),
    bearer('APP_USR-éñ¿'),
    bearer(`${credentials.testToken}\u0000`),
    // Duplicated header: two values, one of them valid.
    [bearer(credentials.testToken), bearer('other')],
    [bearer('other'), bearer(credentials.testToken)],
  ];
  for (const endpoint of ENDPOINTS.filter((e) => e.auth === 'bearer')) {
    const auths = [
      ...fixed,
      ...Array.from({ length: RANDOM_AUTH_PER_ROUTE }, () =>
        bearer(random.string(1 + random.int(200), HEADER_ALPHABET)),
      ),
    ];
    for (const auth of auths) {
      const noise = random.int(3) === 0 ? `?${encodeURIComponent(random.string(8, ODD_ALPHABET))}=1` : '';
      yield {
        route: endpoint.feature,
        family: 'bad authorization',
        request: {
          method: endpoint.method,
          url: fillPath(endpoint) + noise,
          headers: auth === undefined ? {} : { authorization: auth },
        },
      };
    }
  }
}

const FAULT_PREFERENCES = [
  'code=',
  'code=abc',
  'code=99',
  'code=1000',
  'code=200',
  'code=418',
  'code=500, example=not-documented',
  'code=400, example=éñ',
  'code="5""0""0"',
  'code=5 0 0',
  'code=-500',
  'code=500;code=',
];

/** Malformed or undocumented Prefer faults (400) and every documented row asked for by its key (injected). */
function* faultHeaders(random: SeededRandom, credentials: FuzzCredentials): Generator<FuzzCase> {
  for (const row of DOCUMENTED_ERRORS) {
    const endpoint = endpointById(row.endpoint);
    yield {
      route: endpoint.feature,
      family: 'documented fault (injected)',
      request: {
        method: endpoint.method,
        url: fillPath(endpoint, endpoint.path.includes('{') ? 'no-such-id' : undefined),
        headers: { prefer: preferHeader({ status: row.status, example: exampleKeyOf(row) }) },
      },
    };
  }
  for (const endpoint of ENDPOINTS) {
    const preferences = [
      ...FAULT_PREFERENCES,
      `code=${random.int(1000)}, example=${random.string(6, HEADER_ALPHABET)}`,
      // Duplicated Prefer headers; a documented code among them may be injected.
      ['code=500', 'code=abc'],
    ];
    for (const prefer of preferences) {
      yield {
        route: endpoint.feature,
        family: 'bad Prefer fault',
        request: {
          method: endpoint.method,
          // A bad body on top, so that a Prefer the mock ignores still leaves a bad request.
          url: fillPath(endpoint, endpoint.path.includes('{') ? 'no-such-id' : undefined),
          headers: { ...jsonHeaders(bearer(credentials.testToken)), prefer },
          payload: '{"bad json',
        },
      };
    }
  }
}

/** Ids no route knows: empty, odd, encoded, traversing, unicode, too long, too large. */
function oddIds(random: SeededRandom): string[] {
  const fixed = [
    ' ',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x1F',
    '9'.repeat(26),
    '%00',
    'a%00b',
    '..%2F..%2Fetc%2Fpasswd',
    '..',
    '%2e%2e',
    '%ZZ',
    '%',
    '%C3%28',
    encodeURIComponent('ä'),
    encodeURIComponent('💥'),
    encodeURIComponent('\'"<x>'),
    'x'.repeat(1000),
    'x'.repeat(17 * 1024),
    '9'.repeat(5000),
  ];
  const generated = Array.from({ length: RANDOM_IDS_PER_ROUTE }, () =>
    encodeURIComponent(random.string(1 + random.int(64), ODD_ALPHABET)),
  );
  return [...fixed, ...generated];
}

function* oddPathIds(random: SeededRandom, credentials: FuzzCredentials): Generator<FuzzCase> {
  for (const endpoint of ENDPOINTS.filter((e) => e.path.includes('{'))) {
    for (const id of oddIds(random)) {
      yield {
        route: endpoint.feature,
        family: 'odd path id',
        request: {
          method: endpoint.method,
          url: fillPath(endpoint, id),
          headers: { authorization: bearer(credentials.testToken) },
        },
      };
    }
  }
}

/** Malformed, truncated, mistyped, oversized and misdeclared bodies on every route that takes POST bodies. */
function* badBodies(random: SeededRandom, credentials: FuzzCredentials): Generator<FuzzCase> {
  const sampleBody = JSON.stringify(buildPreference('retail', { seed: random.int(1000) + 1 }));
  const postRoutes = servedRoutes().filter((r) => r.method === 'POST' || r.method === 'DELETE');
  for (const { method, path, endpoint } of postRoutes) {
    const route = endpoint ? endpoint.feature : routeOf(method, path);
    const url = endpoint?.path.includes('{') ? fillPath(endpoint, 'no-such-id') : path;
    const auth = endpoint?.auth === 'bearer' ? bearer(credentials.testToken) : undefined;
    const bodies: { family: string; headers: Record<string, string | string[]>; payload: string }[] = [];
    for (let i = 0; i < TRUNCATIONS_PER_BODY; i++) {
      bodies.push({
        family: 'truncated JSON',
        headers: jsonHeaders(auth),
        payload: sampleBody.slice(0, 1 + random.int(sampleBody.length - 2)),
      });
    }
    for (const payload of [
      '{',
      '}',
      '[',
      '{"a":}',
      '{"a":1,}',
      "{'a':1}",
      'nul',
      'NaN',
      '{"a":1}{"b":2}',
      '\u0000',
      '{"a":"\\u00"}',
      '\ufeff{',
    ]) {
      bodies.push({ family: 'malformed JSON', headers: jsonHeaders(auth), payload });
    }
    for (const contentType of [
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'json',
      '*/*',
    ]) {
      bodies.push({
        family: 'wrong content type',
        headers: { 'content-type': contentType, ...(auth ? { authorization: auth } : {}) },
        payload: '<a>1</a>',
      });
    }
    bodies.push({
      family: 'duplicated content type',
      headers: { 'content-type': [JSON_TYPE, 'text/plain'], ...(auth ? { authorization: auth } : {}) },
      payload: '{"bad json',
    });
    bodies.push({
      family: 'missing content type',
      headers: auth ? { authorization: auth } : {},
      payload: '{"bad json',
    });
    bodies.push({
      family: 'body over the limit',
      headers: jsonHeaders(auth),
      payload: `{"padding":"${'x'.repeat(BODY_LIMIT)}"}`,
    });
    for (const body of bodies)
      yield {
        route,
        family: body.family,
        request: { method, url, headers: body.headers, payload: body.payload },
      };
  }
}

/** Preferences from the factories with one node of the wrong type or an odd value, for every node. */
function* badPreferences(
  random: SeededRandom,
  credentials: FuzzCredentials,
  skipped: Skipped,
): Generator<FuzzCase> {
  const endpoint = ENDPOINTS.find((e) => e.id === 'preference') as Endpoint;
  const urls = [endpoint.path, ...PREFERENCE_PATH_ALIASES];
  for (const industry of INDUSTRIES) {
    const preference = buildPreference(industry, { seed: random.int(100_000) + 1 });
    const candidates: { family: string; body: unknown }[] = [
      ...['[]', '"text"', '1', 'null', 'true', '{}'].map((raw) => ({
        family: 'not an object',
        body: JSON.parse(raw) as unknown,
      })),
    ];
    for (const node of nodes(preference)) {
      for (const value of sample(random, wrongTypedValues(node.value), WRONG_VALUES_PER_NODE)) {
        candidates.push({
          family: 'preference: wrong type',
          body: withValueAt(preference, node.path, value),
        });
      }
      if (typeof node.value === 'string') {
        for (const value of sample(random, ODD_STRINGS, ODD_VALUES_PER_STRING_LEAF)) {
          candidates.push({
            family: 'preference: odd string',
            body: withValueAt(preference, node.path, value),
          });
        }
      }
    }
    for (const candidate of candidates) {
      if (validate('preference-request', candidate.body).valid) {
        skipped.validBodies++;
        continue;
      }
      yield {
        route: endpoint.feature,
        family: candidate.family,
        request: {
          method: 'POST',
          url: random.pick(urls),
          headers: jsonHeaders(bearer(credentials.testToken)),
          payload: JSON.stringify(candidate.body),
        },
      };
    }
    // A number too large for a double parses to Infinity: not a JSON value the schema can accept.
    yield {
      route: endpoint.feature,
      family: 'preference: overflowing number',
      request: {
        method: 'POST',
        url: endpoint.path,
        headers: jsonHeaders(bearer(credentials.testToken)),
        payload: JSON.stringify(preference).replace(/"quantity":\d+/, '"quantity":1e400'),
      },
    };
  }
}

const TOKEN_ROUTE = ENDPOINTS.find((e) => e.id === 'token') as Endpoint;

function tokenCase(family: string, body: unknown): FuzzCase {
  return {
    route: TOKEN_ROUTE.feature,
    family,
    request: { method: 'POST', url: TOKEN_ROUTE.path, headers: jsonHeaders(), payload: JSON.stringify(body) },
  };
}

/**
 * Token requests: every field of every grant's body of the wrong type or odd (fabricated credentials,
 * so nothing is ever issued), and the seeded application's credentials with a broken grant.
 */
function* badTokenRequests(random: SeededRandom): Generator<FuzzCase> {
  for (const grant of GRANT_TYPES) {
    for (let i = 0; i < TOKEN_SEEDS_PER_GRANT; i++) {
      const request = buildTokenRequest(grant, {
        seed: random.int(100_000) + 1,
        codeVerifier: 'verifier',
        testToken: true,
      });
      for (const node of nodes(request)) {
        for (const value of wrongTypedValues(node.value))
          yield tokenCase('token: wrong type', withValueAt(request, node.path, value));
        for (const value of sample(random, ODD_STRINGS, ODD_VALUES_PER_STRING_LEAF)) {
          yield tokenCase('token: odd string', withValueAt(request, node.path, value));
        }
      }
      yield tokenCase('token: fabricated client', request);
    }
  }
  const seeded = { client_id: SEEDED_IDS.clientId, client_secret: SEEDED_IDS.clientSecret };
  const seededBroken: Record<string, unknown>[] = [
    { ...seeded },
    { ...seeded, grant_type: 'password' },
    { ...seeded, grant_type: '' },
    { ...seeded, grant_type: 'CLIENT_CREDENTIALS' },
    { ...seeded, grant_type: 'client_credentials ' },
    { ...seeded, grant_type: 'client_credentials', client_secret: `${SEEDED_IDS.clientSecret}x` },
    { ...seeded, grant_type: 'client_credentials', client_id: `${SEEDED_IDS.clientId} ` },
    { ...seeded, grant_type: 'client_credentials', scope: 'admin' },
    { ...seeded, grant_type: 'client_credentials', scope: 'read,write' },
    { ...seeded, grant_type: 'client_credentials', scope: 'read  write' },
    { ...seeded, grant_type: 'client_credentials', scope: '' },
    { ...seeded, grant_type: 'client_credentials', scope: 'réad' },
    { ...seeded, grant_type: 'authorization_code' },
    { ...seeded, grant_type: 'authorization_code', code: 'TG-000000000000000000000000-1' },
    { ...seeded, grant_type: 'authorization_code', code: '\u0000' },
    { ...seeded, grant_type: 'refresh_token' },
    { ...seeded, grant_type: 'refresh_token', refresh_token: 'TG-000000000000000000000000-1' },
    { ...seeded, grant_type: 'refresh_token', refresh_token: 'x'.repeat(HUGE_STRING_LENGTH) },
  ];
  for (const body of seededBroken) yield tokenCase('token: seeded client, broken grant', body);
  for (const field of [
    'client_id',
    'client_secret',
    'grant_type',
    'scope',
    'code',
    'refresh_token',
    'redirect_uri',
    'code_verifier',
    'test_token',
  ]) {
    for (const value of [42, null, {}, [], ['client_credentials']]) {
      yield tokenCase('token: seeded client, wrong type', {
        ...seeded,
        grant_type: 'client_credentials',
        [field]: value,
      });
    }
  }
  // Distinct, large, unknown client ids: state kept per presented client id would grow with each one.
  for (let i = 0; i < DISTINCT_UNKNOWN_CLIENTS; i++) {
    yield tokenCase('token: distinct unknown client', {
      client_id: `${random.string(16, ALPHANUMERIC)}${'0'.repeat(UNKNOWN_CLIENT_ID_LENGTH)}`,
      client_secret: 'secret',
      grant_type: 'client_credentials',
    });
  }
  for (let i = 0; i < FORM_GARBAGE_BODIES; i++) {
    const pairs = Array.from(
      { length: 1 + random.int(6) },
      () =>
        `${encodeURIComponent(random.pick(['client_id', 'client_secret', 'grant_type', 'scope', random.string(4, ODD_ALPHABET)]))}=${encodeURIComponent(random.string(random.int(40), ODD_ALPHABET))}`,
    );
    yield {
      route: TOKEN_ROUTE.feature,
      family: 'token: form garbage',
      request: {
        method: 'POST',
        url: TOKEN_ROUTE.path,
        headers: { 'content-type': FORM_TYPE },
        payload: pairs.join('&'),
      },
    };
  }
  for (const payload of [
    `client_id=${SEEDED_IDS.clientId}&client_id=${SEEDED_IDS.clientId}&client_secret=${SEEDED_IDS.clientSecret}&grant_type=client_credentials`,
    `grant_type=client_credentials&grant_type=refresh_token&client_id=${SEEDED_IDS.clientId}&client_secret=${SEEDED_IDS.clientSecret}`,
    '%ZZ=%ZZ',
    '&&&==&',
  ]) {
    yield {
      route: TOKEN_ROUTE.feature,
      family: 'token: form duplicated or malformed',
      request: { method: 'POST', url: TOKEN_ROUTE.path, headers: { 'content-type': FORM_TYPE }, payload },
    };
  }
}

/** /authorization queries with at least one thing wrong, so no code is ever minted. */
function* badAuthorizationQueries(random: SeededRandom): Generator<FuzzCase> {
  const good = {
    response_type: 'code',
    client_id: SEEDED_IDS.clientId,
    redirect_uri: SEEDED_IDS.redirectUri,
    state: 's',
  };
  const broken: (Record<string, string> | string)[] = [
    {},
    { ...good, response_type: 'token' },
    { ...good, response_type: '' },
    { ...good, response_type: 'CODE' },
    { ...good, client_id: 'unknown' },
    { ...good, client_id: '' },
    { ...good, redirect_uri: 'https://attacker.example/cb' },
    { ...good, redirect_uri: `${SEEDED_IDS.redirectUri}/../x` },
    { response_type: 'code', redirect_uri: SEEDED_IDS.redirectUri },
    { response_type: 'code', client_id: SEEDED_IDS.clientId },
    `response_type=code&client_id=${SEEDED_IDS.clientId}&client_id=x&redirect_uri=${encodeURIComponent(SEEDED_IDS.redirectUri)}`,
    `response_type=code&client_id=${SEEDED_IDS.clientId}&redirect_uri=${encodeURIComponent(SEEDED_IDS.redirectUri)}&state=a&state=b`,
    'response_type=code&client_id=%ZZ',
  ];
  for (let i = 0; i < 20; i++) {
    broken.push({ ...good, response_type: random.string(1 + random.int(12), ODD_ALPHABET) });
  }
  for (const query of broken) {
    const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
    yield {
      route: routeOf('GET', '/authorization'),
      family: 'authorization: bad query',
      request: { method: 'GET', url: `/authorization?${search}`, headers: {} },
    };
  }
}

/** Queries of the two endpoints that read them: test-user search's access_token, cancel's client.id. */
function* badQueries(random: SeededRandom, credentials: FuzzCredentials): Generator<FuzzCase> {
  const search = ENDPOINTS.find((e) => e.id === 'test-user-search') as Endpoint;
  const accessTokens = [
    '',
    'access_token',
    `access_token=${encodeURIComponent(credentials.liveToken)}`,
    `access_token=${encodeURIComponent(credentials.testToken)}x`,
    `access_token=${encodeURIComponent(credentials.testToken)}&access_token=${encodeURIComponent(credentials.testToken)}`,
    `access_token=${'x'.repeat(HUGE_STRING_LENGTH)}`,
    'access_token=%00',
    'access_token=%ZZ',
    ...Array.from(
      { length: 15 },
      () => `access_token=${encodeURIComponent(random.string(1 + random.int(80), ODD_ALPHABET))}`,
    ),
  ];
  for (const query of accessTokens) {
    yield {
      route: search.feature,
      family: 'test users: bad access_token',
      request: {
        method: 'GET',
        url: `${search.path}?${query}`,
        headers: { authorization: bearer(credentials.testToken) },
      },
    };
  }
  const cancel = ENDPOINTS.find((e) => e.id === 'cancel-agreement') as Endpoint;
  const clientIds = [
    'abc',
    '',
    '1.5',
    '-1',
    '１２',
    '9'.repeat(40),
    '%00',
    '1&client.id=2',
    ...Array.from({ length: 10 }, () => encodeURIComponent(random.string(1 + random.int(20), ODD_ALPHABET))),
  ];
  for (const clientId of clientIds) {
    yield {
      route: cancel.feature,
      family: 'agreement: bad client.id',
      request: {
        method: 'DELETE',
        url: `${fillPath(cancel, 'no-such-agreement')}?client.id=${clientId}`,
        headers: {
          authorization: bearer(credentials.testToken),
          'x-platform-id': random.string(10, HEADER_ALPHABET),
        },
      },
    };
  }
}

/** A JSON POST to a control route; the payload is raw text so numbers beyond JSON.stringify fit too. */
function controlCase(path: string, family: string, payload: string): FuzzCase {
  return {
    route: routeOf('POST', path),
    family,
    request: { method: 'POST', url: path, headers: jsonHeaders(), payload },
  };
}

/** Control bodies a careful mock refuses: wrong types, negative or absurd clock moves, unknown kinds. */
function* badControlBodies(random: SeededRandom): Generator<FuzzCase> {
  const advances: unknown[] = ['1', -1, -0.5, null, {}, [], true, 1e308, Number.MAX_VALUE, 1e20, 9e15];
  const clockPayloads = [
    ...advances.map((advance) => JSON.stringify({ advance_seconds: advance })),
    '{"advance_seconds":1e400}',
  ];
  for (const payload of clockPayloads) {
    yield controlCase(CONTROL_PATHS.clock, 'control: bad clock move', payload);
  }
  const kinds: unknown[] = [
    '',
    'Agreement',
    'claims',
    'preference',
    0,
    null,
    {},
    [],
    true,
    'x'.repeat(HUGE_STRING_LENGTH),
    random.string(12, ODD_ALPHABET),
  ];
  for (const kind of kinds) {
    yield controlCase(CONTROL_PATHS.fixtures, 'control: bad fixture kind', JSON.stringify({ kind }));
  }
}

/** Unknown routes: close misspellings, traversal, unicode, very long paths. */
function* unknownRoutes(random: SeededRandom): Generator<FuzzCase> {
  const paths = [
    '/',
    '/oauth',
    '/oauth/token/x',
    '/OAUTH/TOKEN',
    '/checkout/preferences//',
    '/checkout/preferences/x/y',
    '/v1/account/release_report',
    '/__control',
    '/__control/unknown',
    '/stores',
    '/%2e%2e/%2e%2e/etc/passwd',
    `/${'a/'.repeat(2000)}`,
    `/${encodeURIComponent('💥')}`,
    ...Array.from(
      { length: 10 },
      () => `/${encodeURIComponent(random.string(1 + random.int(30), ODD_ALPHABET))}`,
    ),
  ];
  for (const path of paths) {
    yield {
      route: 'unknown route',
      family: 'unknown route',
      request: { method: random.pick(WRONG_METHODS), url: path, headers: {} },
    };
  }
}

/**
 * All cases for one seed. Control-route cases come last: a clock move the mock wrongly accepted would
 * otherwise expire the tokens the other cases rely on.
 */
export function* fuzzCases(
  seed: number,
  credentials: FuzzCredentials,
  skipped: Skipped,
): Generator<FuzzCase> {
  const random = new SeededRandom(seed);
  yield* wrongMethods();
  yield* badAuthorization(random, credentials);
  yield* faultHeaders(random, credentials);
  yield* oddPathIds(random, credentials);
  yield* badBodies(random, credentials);
  yield* badPreferences(random, credentials, skipped);
  yield* badTokenRequests(random);
  yield* badAuthorizationQueries(random);
  yield* badQueries(random, credentials);
  yield* unknownRoutes(random);
  yield* badControlBodies(random);
}
