import { expect, test } from '@playwright/test';
import { INDUSTRIES } from '../../../lib/catalogue.ts';
import { buildPreference, type PreferenceRequest } from '../../../factories/preference.ts';
import { formatViolations, validate } from '../../../schemas/registry.ts';
import { openPreferenceValues, PLATFORM_CURRENCIES } from '../../../lib/sure-valid.ts';
import { documentProblem, documentsAndZipCodes, zipCodeProblem } from './documents.ts';
import { expectedItemPaths, expectedPreferencePaths, leafPaths } from './spec-field-sets.ts';

test.describe.configure({ mode: 'parallel' });

const SEEDS_PER_INDUSTRY = 500;
const seeds = Array.from({ length: SEEDS_PER_INDUSTRY }, (_, index) => index * 7919 + 1);

const epoch = (timestamp: string | undefined) => Date.parse(timestamp ?? 'missing');
const OFFSET_SUFFIX = /[+-]\d{2}:\d{2}$/;

/**
 * Realism the schema cannot see: one currency, future events and trips, a past purchase history.
 * Returns what is wrong, so thousands of documents cost one assertion each instead of dozens.
 */
function realismProblems(preference: PreferenceRequest, now: number): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const items = preference.items ?? [];
  check(new Set(items.map((item) => item.currency_id)).size === 1, 'items mix currencies');
  check(epoch(preference.date_of_expiration) > now, 'date_of_expiration is not in the future');
  items.forEach((item, index) => {
    check(
      (item.quantity ?? 0) > 0 && (item.unit_price ?? 0) > 0,
      `item ${index} has no positive quantity and price`,
    );
    if (item.event_date !== undefined)
      check(epoch(item.event_date) > now, `item ${index} event_date is past`);
    const route = item.category_descriptor?.route;
    if (!route) return;
    check(route.departure !== route.destination, `item ${index} route goes nowhere`);
    check(epoch(route.departure_date_time) > now, `item ${index} departs in the past`);
    check(
      epoch(route.arrival_date_time) > epoch(route.departure_date_time),
      `item ${index} arrives before departing`,
    );
    check(route.company.length > 0, `item ${index} route has no company`);
  });
  const payer = preference.payer ?? {};
  check(epoch(payer.registration_date) < epoch(payer.last_purchase), 'last purchase before registration');
  check(epoch(payer.last_purchase) < now, 'last purchase in the future');
  for (const timestamp of [preference.date_of_expiration, payer.registration_date, payer.last_purchase]) {
    check(OFFSET_SUFFIX.test(timestamp ?? ''), `timestamp ${timestamp} has no UTC offset`);
  }
  return problems;
}

/** Everything wrong with one seeded preference: schema violations, field set, realism. */
function problemsOf(
  preference: PreferenceRequest,
  industry: (typeof INDUSTRIES)[number],
  now: number,
): string[] {
  const problems: string[] = [];
  const schema = `preference-request-${industry}` as const;
  const outcome = validate(schema, preference, 'strict');
  if (!outcome.valid) problems.push(formatViolations(schema, outcome.violations));
  const paths = leafPaths(preference);
  const expected = expectedPreferencePaths(industry);
  const missing = expected.filter((path) => !paths.includes(path));
  const extra = paths.filter((path) => !expected.includes(path));
  if (missing.length || extra.length)
    problems.push(`field set: missing ${missing.join(', ')}; extra ${extra.join(', ')}`);
  // Every item on its own, so a field missing from one item cannot hide behind another's.
  const expectedItem = expectedItemPaths(industry).join(',');
  (preference.items ?? []).forEach((item, index) => {
    if (leafPaths(item).join(',') !== expectedItem)
      problems.push(`item ${index} fields: ${leafPaths(item).join(', ')}`);
  });
  return [...problems, ...realismProblems(preference, now)];
}

for (const industry of INDUSTRIES) {
  test(`${industry}: ${SEEDS_PER_INDUSTRY} seeded preferences match the strict profile and carry exactly the spec's field set`, () => {
    const now = Date.now();
    const failures = seeds.flatMap((seed) =>
      problemsOf(buildPreference(industry, { seed }), industry, now).map(
        (problem) => `seed ${seed}: ${problem}`,
      ),
    );
    expect(failures).toEqual([]);
  });
}

test('the field-set check notices a missing and an extra field', () => {
  const preference = buildPreference('electro', { seed: 5, overrides: { items: [{ warranty: undefined }] } });
  // Another item may still carry warranty, so the per-item check is the one that must notice.
  expect(problemsOf(preference, 'electro', Date.now()).join('\n')).toContain('item 0 fields:');
  const withType = buildPreference('electro', { seed: 5, overrides: { items: [{ type: 'TV' }] } });
  expect(problemsOf(withType, 'electro', Date.now()).join('\n')).toContain('extra items[].type');
});

test('the buyer is the first traveller of a tourism preference', () => {
  for (const seed of seeds.slice(0, 50)) {
    const preference = buildPreference('tourism', { seed });
    const first = preference.items?.[0]?.category_descriptor?.passenger;
    expect(first?.first_name).toBe(preference.payer?.first_name);
    expect(first?.identification_number).toBe(preference.payer?.identification?.identification_number);
  }
});

test('shipments go to the payer address where both are sent', () => {
  for (const seed of seeds.slice(0, 50)) {
    const { payer, shipments } = buildPreference('apparel', { seed });
    expect(shipments?.receiver_address?.zip_code).toBe(payer?.address?.zip_code);
    expect(shipments?.receiver_address?.street_number).toBe(payer?.address?.street_number);
  }
});

test("in every currency, documents are numbers their type takes (a CPF's check digits, an RFC's real birth date) and postal codes are in the site's format", () => {
  const wrong: string[] = [];
  const types = new Set<unknown>();
  for (const industry of INDUSTRIES)
    for (const seed of seeds.slice(0, 20))
      for (const currency of [undefined, ...PLATFORM_CURRENCIES]) {
        const preference = buildPreference(industry, { seed, currency });
        const { documents, zipCodes } = documentsAndZipCodes(preference);
        const where = `${industry} seed ${seed} ${currency ?? 'seed market'}`;
        for (const { at, type, number } of documents) {
          types.add(type);
          const problem = documentProblem(String(type), number);
          if (problem) wrong.push(`${where}: ${at} ${String(type)} ${JSON.stringify(number)}: ${problem}`);
        }
        for (const { at, zip } of zipCodes) {
          const problem = zipCodeProblem(preference.items?.[0]?.currency_id, zip);
          if (problem) wrong.push(`${where}: ${at}: ${problem}`);
        }
      }
  expect(wrong, 'documents and postal codes a validator may refuse').toEqual([]);
  // Each market's document, and the first document of each site without a market of its own.
  expect([...types].sort()).toEqual(['CC', 'CI', 'CPF', 'DNI', 'RFC', 'RUT']);
});

test("in the account's currency: every item carries it, in its own market, whole where it has no cents", () => {
  for (const industry of INDUSTRIES)
    for (const seed of seeds.slice(0, 20)) {
      const ars = buildPreference(industry, { seed, currency: 'ARS' });
      expect(new Set(ars.items?.map((i) => i.currency_id))).toEqual(new Set(['ARS']));
      // Argentina's market: its identification type, not the seed market's (where the industry sends one).
      expect(ars.payer?.identification?.identification_type ?? 'DNI', `${industry} ${seed}`).toBe('DNI');
      const clp = buildPreference(industry, { seed, currency: 'CLP' });
      expect(new Set(clp.items?.map((i) => i.currency_id))).toEqual(new Set(['CLP']));
      for (const item of clp.items ?? [])
        expect(Number.isInteger(item.unit_price), `${industry} ${seed}`).toBe(true);
      expect(validate('preference-request', clp).valid, `${industry} ${seed}`).toBe(true);
      // Values every reading must accept, as a server refusing every open value would take them.
      expect(openPreferenceValues(clp), `${industry} ${seed}`).toEqual([]);
      expect(openPreferenceValues(ars), `${industry} ${seed}`).toEqual([]);
    }
  // In any of the platform's currencies: nothing open, the documents of that currency's site among them.
  for (const currency of PLATFORM_CURRENCIES)
    for (const industry of INDUSTRIES)
      expect(
        openPreferenceValues(buildPreference(industry, { seed: seeds[0], currency })),
        `${industry} ${currency}`,
      ).toEqual([]);
  // Unsaid, the seed's market decides, as before.
  expect(buildPreference('retail', { seed: 1 })).toEqual(
    buildPreference('retail', { seed: 1, currency: undefined }),
  );
});
