/**
 * The platform's request forms (lib/request-forms.ts) as a user at a target shaped like the platform meets
 * them: against a server that takes a preference's phone and street numbers only as strings, strict fails
 * with a message naming the platform's type and the profile that sends it, and lenient passes, naming the
 * allowance it relied on.
 */
import { expect, test } from '@playwright/test';
import { VARIABLES } from '../../../lib/target.ts';
import { inPlatformForms, platformFormsNote, REQUEST_FORMS } from '../../../lib/request-forms.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { startMockInWorker, type MockInWorker } from '../reports/support/mock-in-worker.ts';

const TITLE = 'creates a preference for Retail';
let mock: MockInWorker;

test.beforeAll(async () => {
  mock = await startMockInWorker({ variation: { type: 'variant', name: 'platform-request-forms' } });
});

test.afterAll(async () => {
  await mock?.stop();
});

const runUnder = (profile: string) =>
  runSuite({
    via: 'playwright',
    target: { ...mock.env, [VARIABLES.profile]: profile },
    args: ['--grep', TITLE, '--workers', '1'],
  });

test("strict sends the spec's integers; refused, the failure names the platform's type and lenient", async () => {
  const run = await runUnder('strict');
  const record = run.records.find((r) => r.title === TITLE);
  expect(record?.status, run.output).toBe('failed');
  const first = record!.failures[0]!.message.split('\n')[0]!;
  expect(first).toContain('answered 400');
  expect(first).toContain('the platform types payer.phone.area_code, payer.phone.number');
  expect(first).toContain('as string');
  expect(first).toContain('PAYMENTS_PROFILE=lenient sends that form');
});

test("lenient sends the platform's strings and passes, recording the allowances", async () => {
  const run = await runUnder('lenient');
  const record = run.records.find((r) => r.title === TITLE);
  expect(record?.status, run.output).toBe('passed');
  expect(record!.allowances).toEqual(
    expect.arrayContaining(['request-phone-as-strings', 'request-street-number-as-string']),
  );
});

test('the platform form of a body changes only the fields the platform types otherwise', () => {
  const body = {
    items: [{ id: 'A-1', quantity: 2 }],
    payer: { phone: { area_code: 11, number: 987654321 }, address: { street_number: 12 } },
    payment_methods: { installments: null },
  };
  const converted = inPlatformForms('preference', body);
  expect(converted?.body).toEqual({
    items: [{ id: 'A-1', quantity: 2 }],
    payer: { phone: { area_code: '11', number: '987654321' }, address: { street_number: '12' } },
    payment_methods: { installments: 12 },
  });
  expect(new Set(converted?.allowances)).toEqual(
    new Set([
      'request-phone-as-strings',
      'request-street-number-as-string',
      'request-installments-as-integers',
    ]),
  );
  expect(body.payer.phone.area_code, 'the body itself is left as it was').toBe(11);
  expect(inPlatformForms('preference', { items: [] }), 'no such field: nothing to change').toBeUndefined();
});

test("every request form names its source in the platform's OpenAPI, and the note quotes it", () => {
  for (const form of REQUEST_FORMS)
    expect(form.source, form.field).toContain('mercadopago/openapi spec3.json');
  const note = platformFormsNote(REQUEST_FORMS.filter((f) => f.endpoint === 'preference'));
  expect(note?.detail).toHaveLength(6);
  expect(note?.summary).toMatch(/as string; .* as integer, not nullable \(its OpenAPI\)/);
});
