import { expect, test } from '@playwright/test';
import type { AdviceId } from '../../../lib/advice.ts';
import { INDUSTRIES, SCHEMA_NAMES, type Industry, type SchemaName } from '../../../lib/catalogue.ts';
import { isSpecBasis } from '../../../lib/basis.ts';
import { PROFILES } from '../../../lib/profiles.ts';
import { formatViolations, requirementsOfSchema, validate } from '../../../schemas/registry.ts';
import { readExample } from './support.ts';

/**
 * Per resource, the spec-shaped example broken in exactly one way must be rejected at that pointer by
 * that keyword. A break of what the spec states fails under every profile, citing a requirement of the
 * schema; a break of a platform fact only (an `x-platform` part) is advice under strict and lenient, citing
 * that fact, and fails under `platform`. Every resource covers the four kinds below, in either layer, or
 * states why a kind does not apply to it.
 */
const KINDS = ['wrong type', 'missing required', 'bad enum', 'bad timestamp'] as const;
type Kind = (typeof KINDS)[number];

interface Rejection {
  schema: SchemaName;
  kind: Kind | 'other';
  what: string;
  /** The example is changed at `pointer`: set to `value`, or removed when `remove` is set. */
  pointer: string;
  value?: unknown;
  remove?: true;
  keyword: string;
  /** Set when only a platform fact is broken: the fact the advice (or, under `platform`, the failure) cites. */
  advice?: AdviceId;
}

const NOT_APPLICABLE: Partial<Record<SchemaName, Partial<Record<Kind, string>>>> = {
  common: {
    'wrong type': 'only shared $defs; exercised through every other schema',
    'missing required': 'only shared $defs',
    'bad enum': 'only shared $defs',
    'bad timestamp': 'only shared $defs',
  },
  error: {
    'bad enum': 'the error body has no enumerated field',
    'bad timestamp': 'the error body has no timestamp',
  },
  'token-request': { 'bad timestamp': 'the token request has no timestamp' },
  'access-token-grant': { 'bad timestamp': 'the grant has no timestamp' },
  'settlement-report-config': {
    'bad enum': 'allowed values of frequency.type, report_translation and column keys are not shown',
    'bad timestamp': 'the configuration has no timestamp',
  },
  'subscription-plan': { 'bad enum': 'plan status values other than active are not shown' },
  'test-user-search-result': { 'bad enum': 'site_status and site_id values are not shown' },
  'claim-reason': { 'bad timestamp': 'a claim reason has no timestamp' },
  chargeback: {
    'bad enum': 'documentation_status values are not shown; boolean-like fields are typed, not enumerated',
  },
  'mediation-response': {
    'bad enum': 'status and message values are not enumerated',
    'bad timestamp': 'the mediation response has no timestamp',
  },
};

const NO_OFFSET = '2026-11-20T10:15:00';
/** A timestamp's form on a month and day no calendar has. */
const NO_SUCH_DATE = '2026-13-40T10:15:00Z';
const NOT_A_DAY = '2026-02-30T10:15:00.000-03:00';

const REJECTIONS: Rejection[] = [
  {
    schema: 'error',
    kind: 'wrong type',
    what: 'status as a string',
    pointer: '/status',
    value: '400',
    keyword: 'type',
    advice: 'platform.error-body-shape',
  },
  {
    schema: 'error',
    kind: 'missing required',
    what: 'no message',
    pointer: '/message',
    remove: true,
    keyword: 'required',
    advice: 'platform.error-body-shape',
  },
  {
    schema: 'error',
    kind: 'other',
    what: 'cause not an array',
    pointer: '/cause',
    value: {},
    keyword: 'type',
    advice: 'platform.error-body-shape',
  },

  {
    schema: 'token-request',
    kind: 'wrong type',
    what: 'numeric client_id',
    pointer: '/client_id',
    value: 42,
    keyword: 'type',
  },
  {
    schema: 'token-request',
    kind: 'missing required',
    what: 'no client_secret',
    pointer: '/client_secret',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'token-request',
    kind: 'missing required',
    what: 'authorization_code without code',
    pointer: '/code',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'token-request',
    kind: 'bad enum',
    what: 'grant_type password',
    pointer: '/grant_type',
    value: 'password',
    keyword: 'enum',
  },
  {
    schema: 'token-request',
    kind: 'bad enum',
    what: 'test_token as a boolean',
    pointer: '/test_token',
    value: true,
    keyword: 'enum',
  },
  {
    schema: 'token-request',
    kind: 'other',
    what: 'an unknown field',
    pointer: '/clientSecret',
    value: 'x',
    keyword: 'additionalProperties',
  },
  {
    schema: 'token-request',
    kind: 'other',
    what: 'a relative redirect_uri',
    pointer: '/redirect_uri',
    value: '/callback',
    keyword: 'format',
  },

  {
    schema: 'access-token-grant',
    kind: 'wrong type',
    what: 'expires_in as a string',
    pointer: '/expires_in',
    value: '15552000',
    keyword: 'type',
  },
  {
    schema: 'access-token-grant',
    kind: 'missing required',
    what: 'no access_token',
    pointer: '/access_token',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'access-token-grant',
    kind: 'bad enum',
    what: 'token_type mac',
    pointer: '/token_type',
    value: 'mac',
    keyword: 'const',
  },
  {
    schema: 'access-token-grant',
    kind: 'other',
    what: 'a scope word with a capital',
    pointer: '/scope',
    value: 'read Write',
    keyword: 'pattern',
  },

  {
    schema: 'preference-request',
    kind: 'wrong type',
    what: 'quantity as a string',
    pointer: '/items/0/quantity',
    value: '2',
    keyword: 'type',
  },
  {
    schema: 'preference-request',
    kind: 'missing required',
    what: 'an excluded payment type without id',
    pointer: '/payment_methods/excluded_payment_types/0/id',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'preference-request',
    kind: 'bad enum',
    what: 'authentication_type Twitter',
    pointer: '/payer/authentication_type',
    value: 'Twitter',
    keyword: 'enum',
  },
  {
    schema: 'preference-request',
    kind: 'bad timestamp',
    what: 'date_of_expiration without offset',
    pointer: '/date_of_expiration',
    value: NO_OFFSET,
    keyword: 'pattern',
  },
  {
    schema: 'preference-request',
    kind: 'other',
    what: 'an unknown top-level field',
    pointer: '/itemz',
    value: [],
    keyword: 'additionalProperties',
  },
  {
    schema: 'preference-request',
    kind: 'other',
    what: 'an unknown item field',
    pointer: '/items/0/price',
    value: 1,
    keyword: 'unevaluatedProperties',
  },
  {
    schema: 'preference-request',
    kind: 'other',
    what: 'a notification_url that is not a URL',
    pointer: '/notification_url',
    value: 'not a url',
    keyword: 'format',
  },

  {
    schema: 'preference',
    kind: 'wrong type',
    what: 'collector_id as a string',
    pointer: '/collector_id',
    value: '1273205088',
    keyword: 'type',
    advice: 'platform.preference-answer-shape',
  },
  {
    schema: 'preference',
    kind: 'missing required',
    what: 'no init_point',
    pointer: '/init_point',
    remove: true,
    keyword: 'required',
    advice: 'platform.preference-answer-shape',
  },
  {
    schema: 'preference',
    kind: 'bad enum',
    what: 'payer authentication_type Twitter',
    pointer: '/payer/authentication_type',
    value: 'Twitter',
    keyword: 'enum',
    advice: 'platform.preference-answer-shape',
  },
  {
    schema: 'preference',
    kind: 'bad timestamp',
    what: 'date_created without offset',
    pointer: '/date_created',
    value: NO_OFFSET,
    keyword: 'pattern',
    advice: 'platform.timestamps-rfc3339',
  },

  {
    schema: 'release-report',
    kind: 'wrong type',
    what: 'retries as a string',
    pointer: '/retries',
    value: '0',
    keyword: 'type',
  },
  {
    schema: 'release-report',
    kind: 'missing required',
    what: 'no status',
    pointer: '/status',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'release-report',
    kind: 'bad enum',
    what: 'created_from cron',
    pointer: '/created_from',
    value: 'cron',
    keyword: 'enum',
  },
  {
    schema: 'release-report',
    kind: 'bad timestamp',
    what: 'begin_date with an offset instead of Z',
    pointer: '/begin_date',
    value: '2026-07-01T02:00:00-04:00',
    keyword: 'pattern',
  },
  {
    schema: 'release-report',
    kind: 'bad timestamp',
    what: 'end_date with a non-zero offset (not UTC)',
    pointer: '/end_date',
    value: '2026-07-31T23:59:59-04:00',
    keyword: 'pattern',
  },

  {
    schema: 'settlement-report-config',
    kind: 'wrong type',
    what: 'scheduled as a string',
    pointer: '/scheduled',
    value: 'false',
    keyword: 'type',
  },
  {
    schema: 'settlement-report-config',
    kind: 'missing required',
    what: 'no file_name_prefix',
    pointer: '/file_name_prefix',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'settlement-report-config',
    kind: 'other',
    what: 'an empty file_name_prefix',
    pointer: '/file_name_prefix',
    value: '',
    keyword: 'minLength',
  },

  {
    schema: 'subscription-plan',
    kind: 'wrong type',
    what: 'application_id as a string',
    pointer: '/application_id',
    value: '1979447422004048',
    keyword: 'type',
  },
  {
    schema: 'subscription-plan',
    kind: 'missing required',
    what: 'no auto_recurring currency',
    pointer: '/auto_recurring/currency_id',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'subscription-plan',
    kind: 'bad timestamp',
    what: 'last_modified without offset',
    pointer: '/last_modified',
    value: NO_OFFSET,
    keyword: 'pattern',
  },

  {
    schema: 'test-user-search-result',
    kind: 'wrong type',
    what: 'total as a string',
    pointer: '/total',
    value: '1',
    keyword: 'type',
  },
  {
    schema: 'test-user-search-result',
    kind: 'missing required',
    what: 'a test user without nickname',
    pointer: '/results/0/nickname',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'test-user-search-result',
    kind: 'bad timestamp',
    what: 'February 30th',
    pointer: '/results/0/date_created',
    value: NOT_A_DAY,
    keyword: 'format',
    advice: 'platform.timestamps-rfc3339',
  },

  {
    schema: 'claim-reason',
    kind: 'wrong type',
    what: 'position as a string',
    pointer: '/position',
    value: '1',
    keyword: 'type',
  },
  {
    schema: 'claim-reason',
    kind: 'missing required',
    what: 'no flow',
    pointer: '/flow',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'claim-reason',
    kind: 'bad enum',
    what: 'flow refund',
    pointer: '/flow',
    value: 'refund',
    keyword: 'enum',
  },
  {
    schema: 'claim-reason',
    kind: 'other',
    what: 'an id outside the PNR/PDD/CS groups',
    pointer: '/id',
    value: 'XYZ1',
    keyword: 'pattern',
    advice: 'platform.claim-reason-group-prefix',
  },

  {
    schema: 'claim',
    kind: 'wrong type',
    what: 'parent_id as a string',
    pointer: '/parent_id',
    value: '1',
    keyword: 'type',
  },
  {
    schema: 'claim',
    kind: 'missing required',
    what: 'no players',
    pointer: '/players',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'claim',
    kind: 'bad enum',
    what: 'status pending',
    pointer: '/status',
    value: 'pending',
    keyword: 'enum',
  },
  {
    schema: 'claim',
    kind: 'bad enum',
    what: 'type change',
    pointer: '/type',
    value: 'change',
    keyword: 'enum',
  },
  {
    schema: 'claim',
    kind: 'bad timestamp',
    what: 'a due_date in words',
    pointer: '/players/0/available_actions/0/due_date',
    value: 'tomorrow',
    keyword: 'pattern',
  },

  {
    schema: 'chargeback',
    kind: 'wrong type',
    what: 'amount as a boolean',
    pointer: '/amount',
    value: true,
    keyword: 'type',
  },
  {
    schema: 'chargeback',
    kind: 'missing required',
    what: 'no currency',
    pointer: '/currency',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'chargeback',
    kind: 'bad timestamp',
    what: 'date_last_updated without time',
    pointer: '/date_last_updated',
    value: '2026-11-17',
    keyword: 'pattern',
  },
  {
    schema: 'chargeback',
    kind: 'other',
    what: 'a documentation type that is not a media type',
    pointer: '/documentation/0/type',
    value: 'pdf',
    keyword: 'pattern',
  },

  {
    schema: 'store',
    kind: 'wrong type',
    what: 'latitude as a string',
    pointer: '/location/latitude',
    value: '-23.5',
    keyword: 'type',
  },
  {
    schema: 'store',
    kind: 'missing required',
    what: 'no name',
    pointer: '/name',
    remove: true,
    keyword: 'required',
  },
  {
    schema: 'store',
    kind: 'bad enum',
    what: 'a weekday that does not exist',
    pointer: '/business_hours/funday',
    value: [],
    keyword: 'pattern',
  },
  {
    schema: 'store',
    kind: 'bad timestamp',
    what: 'date_creation on a month that does not exist',
    pointer: '/date_creation',
    value: NO_SUCH_DATE,
    keyword: 'pattern',
  },
  {
    schema: 'store',
    kind: 'other',
    what: 'an hour without leading zero',
    pointer: '/business_hours/monday/0/open',
    value: '8:00',
    keyword: 'pattern',
  },

  {
    schema: 'mediation-response',
    kind: 'wrong type',
    what: 'status as a string',
    pointer: '/status',
    value: '201',
    keyword: 'type',
  },
  {
    schema: 'mediation-response',
    kind: 'missing required',
    what: 'no message',
    pointer: '/message',
    remove: true,
    keyword: 'required',
  },

  {
    schema: 'error',
    kind: 'other',
    what: 'a cause element without code',
    pointer: '/cause/0/code',
    remove: true,
    keyword: 'required',
    advice: 'platform.error-body-shape',
  },
  {
    schema: 'token-request',
    kind: 'other',
    what: 'an ftp redirect_uri',
    pointer: '/redirect_uri',
    value: 'ftp://seller.example.com/oauth/callback',
    keyword: 'pattern',
    advice: 'platform.urls-http',
  },
  {
    schema: 'access-token-grant',
    kind: 'other',
    what: 'a fractional user_id',
    pointer: '/user_id',
    value: 1234.5,
    keyword: 'type',
    advice: 'platform.identifiers-integers',
  },
  {
    schema: 'access-token-grant',
    kind: 'other',
    what: 'a lifetime of zero seconds',
    pointer: '/expires_in',
    value: 0,
    keyword: 'exclusiveMinimum',
    advice: 'platform.non-empty-values',
  },
  {
    schema: 'settlement-report-config',
    kind: 'other',
    what: 'an empty display_timezone',
    pointer: '/display_timezone',
    value: '',
    keyword: 'minLength',
    advice: 'platform.non-empty-values',
  },
  {
    schema: 'test-user-search-result',
    kind: 'bad timestamp',
    what: 'date_last_updated on a month that does not exist',
    pointer: '/results/0/date_last_updated',
    value: NO_SUCH_DATE,
    keyword: 'pattern',
  },
  {
    schema: 'preference',
    kind: 'other',
    what: "a payer's email that is no address",
    pointer: '/payer/email',
    value: 'test user',
    keyword: 'format',
    advice: 'platform.email-addresses',
  },
  {
    schema: 'chargeback',
    kind: 'other',
    what: 'a boolean-like flag written as a string',
    pointer: '/coverage_applied',
    value: 'true',
    keyword: 'type',
    advice: 'platform.chargeback-flags-boolean',
  },
  {
    schema: 'chargeback',
    kind: 'other',
    what: 'a boolean-like flag that is neither a boolean nor "true"/"false"',
    pointer: '/live_mode',
    value: 'yes',
    keyword: 'enum',
  },
  {
    schema: 'store',
    kind: 'other',
    what: 'a weekday written with a capital',
    pointer: '/business_hours/Monday',
    value: [],
    keyword: 'enum',
    advice: 'platform.store-weekday-names',
  },
  {
    schema: 'store',
    kind: 'other',
    what: 'a latitude beyond the pole',
    pointer: '/location/latitude',
    value: 91,
    keyword: 'maximum',
    advice: 'platform.coordinates-in-range',
  },
  {
    schema: 'mediation-response',
    kind: 'other',
    what: 'an empty message',
    pointer: '/message',
    value: '',
    keyword: 'minLength',
    advice: 'platform.non-empty-values',
  },
];

/** Per industry: a field the table requires there, and one it leaves blank there (must be absent). */
const INDUSTRY_PROBES: Record<Industry, { required: string; absent: [string, unknown] }> = {
  apparel: { required: '/items/0/type', absent: ['/items/0/warranty', true] },
  electro: { required: '/shipments/local_pickup', absent: ['/items/0/description', 'x'] },
  entertainment: {
    required: '/items/0/event_date',
    absent: ['/payer/address', { zip_code: '1', street_name: 'x', street_number: 1 }],
  },
  'home-deco': { required: '/items/0/warranty', absent: ['/items/0/type', 'x'] },
  'apps-platforms': { required: '/payer/phone', absent: ['/shipments', { mode: 'me2' }] },
  retail: { required: '/items/0/picture_url', absent: ['/items/0/event_date', '2026-12-20T21:00:00-03:00'] },
  government: {
    required: '/shipments/receiver_address/city_name',
    absent: ['/shipments/express_shipment', true],
  },
  tourism: { required: '/items/0/category_descriptor/route', absent: ['/shipments', { mode: 'me2' }] },
  hospitality: {
    required: '/items/0/category_descriptor/passenger',
    absent: [
      '/items/0/category_descriptor/route',
      {
        departure: 'a',
        destination: 'b',
        departure_date_time: '2026-12-20T08:30:00-03:00',
        arrival_date_time: '2026-12-20T09:35:00-03:00',
        company: 'c',
      },
    ],
  },
};

for (const industry of INDUSTRIES) {
  const schema = `preference-request-${industry}` as const;
  const probe = INDUSTRY_PROBES[industry];
  REJECTIONS.push(
    {
      schema,
      kind: 'wrong type',
      what: 'unit_price as a string',
      pointer: '/items/0/unit_price',
      value: '10.5',
      keyword: 'type',
    },
    {
      schema,
      kind: 'missing required',
      what: `no ${probe.required}`,
      pointer: probe.required,
      remove: true,
      keyword: 'required',
    },
    {
      schema,
      kind: 'missing required',
      what: 'no payer last_purchase',
      pointer: '/payer/last_purchase',
      remove: true,
      keyword: 'required',
    },
    {
      schema,
      kind: 'other',
      what: `${probe.absent[0]} sent`,
      pointer: probe.absent[0],
      value: probe.absent[1],
      keyword: 'false schema',
    },
    {
      schema,
      kind: 'bad enum',
      what: 'authentication_type Twitter',
      pointer: '/payer/authentication_type',
      value: 'Twitter',
      keyword: 'enum',
    },
    {
      schema,
      kind: 'bad timestamp',
      what: 'registration_date without offset',
      pointer: '/payer/registration_date',
      value: NO_OFFSET,
      keyword: 'pattern',
    },
    {
      schema,
      kind: 'bad timestamp',
      what: 'registration_date February 30th',
      pointer: '/payer/registration_date',
      value: NOT_A_DAY,
      keyword: 'format',
      advice: 'platform.timestamps-rfc3339',
    },
  );
}

function tokens(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function broken(rejection: Rejection): Record<string, unknown> {
  const document = readExample(rejection.schema);
  const path = tokens(rejection.pointer);
  const last = path.pop() as string;
  let parent: Record<string, unknown> = document;
  for (const token of path) parent = parent[token] as Record<string, unknown>;
  if (rejection.remove) {
    expect(parent[last], `the example has ${rejection.pointer} to remove`).toBeDefined();
    delete parent[last];
  } else parent[last] = rejection.value;
  return document;
}

test('every resource is rejected for each kind of break, or says why the kind does not apply', () => {
  for (const schema of SCHEMA_NAMES) {
    for (const kind of KINDS) {
      const covered = REJECTIONS.some((r) => r.schema === schema && r.kind === kind);
      const reason = NOT_APPLICABLE[schema]?.[kind];
      expect
        .soft(covered !== (reason !== undefined), `${schema} / ${kind}: covered xor not-applicable`)
        .toBe(true);
    }
  }
});

/** The requirements a spec-layer violation of `schema` may cite: its own, and its family's for an industry profile. */
function requirementsOf(schema: SchemaName): string[] {
  const family = schema.startsWith('preference-request-') ? requirementsOfSchema('preference-request') : [];
  return [...requirementsOfSchema(schema), ...family];
}

for (const rejection of REJECTIONS.filter((r) => r.advice === undefined)) {
  test(`${rejection.schema} rejects ${rejection.what} (${rejection.keyword} at ${rejection.pointer}; spec)`, () => {
    const document = broken(rejection);
    const at = expect.objectContaining({ pointer: rejection.pointer, keyword: rejection.keyword });
    for (const profile of PROFILES) {
      const outcome = validate(rejection.schema, document, profile);
      expect(outcome.valid, `${profile} rejects`).toBe(false);
      expect(outcome.violations, formatViolations(rejection.schema, outcome.violations)).toContainEqual(at);
      // Under platform the same place may break a platform fact too; the spec's rule must be among them.
      const requirements = outcome.violations
        .filter((v) => v.pointer === rejection.pointer && v.keyword === rejection.keyword)
        .map((v) => v.basis)
        .filter(isSpecBasis);
      expect(requirements.length, `${profile}: a requirement is cited`).toBeGreaterThan(0);
      for (const basis of requirements) {
        expect(
          requirementsOf(rejection.schema),
          `${profile}: ${basis} states a field of the schema`,
        ).toContain(basis);
      }
    }
    const strict = validate(rejection.schema, document, 'strict');
    const pointers = new Set(strict.violations.map((v) => v.pointer));
    expect([...pointers], 'under strict, only the broken place is reported').toEqual([rejection.pointer]);
  });
}

for (const rejection of REJECTIONS.filter((r) => r.advice !== undefined)) {
  test(`${rejection.schema} rejects ${rejection.what} (${rejection.keyword} at ${rejection.pointer}; platform fact ${rejection.advice})`, () => {
    const document = broken(rejection);
    const cited = expect.objectContaining({
      pointer: rejection.pointer,
      keyword: rejection.keyword,
      basis: rejection.advice,
    });
    for (const profile of ['strict', 'lenient'] as const) {
      const outcome = validate(rejection.schema, document, profile);
      expect(outcome.violations, `${profile}: a platform fact fails nothing`).toEqual([]);
      expect(outcome.valid).toBe(true);
      expect(outcome.advice, `${profile}: it is advice`).toContainEqual(cited);
    }
    const platform = validate(rejection.schema, document, 'platform');
    expect(platform.valid, 'platform rejects').toBe(false);
    expect(platform.violations, formatViolations(rejection.schema, platform.violations)).toContainEqual(
      cited,
    );
    expect(platform.advice, 'under platform nothing is mere advice').toEqual([]);
    const pointers = new Set(platform.violations.map((v) => v.pointer));
    expect([...pointers], 'under platform, only the broken place is reported').toEqual([rejection.pointer]);
  });
}
