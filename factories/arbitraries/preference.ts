/**
 * Checkout preferences drawn by fast-check, in two families:
 * - `validPreference(industry)`: exactly the fields the spec's "Fields by industry" table sends in that
 *   industry (../industry-fields.ts, the one table), plus any combination of the fields the table does not
 *   govern, every value sure-valid (lib/sure-valid.ts): ordinary values every reading of the spec must
 *   accept. Such a document passes schema `preference-request` and the industry's profile, and a server
 *   must accept it (tests/self/generative/ checks all three).
 * - `openPreference()`: such a preference with one field carrying a value the spec leaves open (zero,
 *   negative or extreme numbers, unknown codes, empty, long or unusual text, far dates, unusual offsets),
 *   or one combination it leaves open; a server may take it or refuse it with a 4xx.
 */
import fc from 'fast-check';
import { INDUSTRIES, type Industry } from '../../lib/catalogue.ts';
import {
  PLATFORM_CURRENCIES,
  PREFERENCE_FIELD_KINDS,
  SURE,
  type PlatformCurrency,
} from '../../lib/sure-valid.ts';
import {
  INDUSTRY_FIELDS,
  SUB_FIELDS,
  type ItemField,
  type PayerField,
  type ShipmentField,
} from '../industry-fields.ts';
import type { PreferenceRequest } from '../preference.ts';
import { DAY_MS, startOfCurrentUtcYear } from '../timestamps.ts';
import {
  hasOpenValues,
  openValue,
  SURE_FUTURE_DAYS,
  sureIdentification,
  sureTimestamp,
  sureValue,
  type OpenKind,
} from './values.ts';

export interface PreferenceArbitraryOptions {
  /** Epoch ms dates are drawn around; default 00:00 UTC on 1 January of the current year, as the factories. */
  referenceDate?: number;
  /** The one currency of the items (the account's); default any of the platform's, or none. */
  currency?: PlatformCurrency;
}

type Fields = Record<string, fc.Arbitrary<unknown>>;

/** A record of exactly `required` (always present) and `optional` (each present or absent) fields. */
function object(required: Fields, optional: Fields = {}): fc.Arbitrary<Record<string, unknown>> {
  return fc.record({ ...required, ...optional }, { requiredKeys: Object.keys(required) });
}

/** The sure-valid value of the field at `path` of lib/sure-valid.ts's table. */
interface Draw {
  (path: string): fc.Arbitrary<unknown>;
}

function drawer(referenceDate: number, currency: PlatformCurrency | undefined): Draw {
  return (path) => {
    const kind = PREFERENCE_FIELD_KINDS[path];
    if (!kind) throw new Error(`lib/sure-valid.ts names no field ${path}`);
    return sureValue(kind, { referenceDate, ...(currency ? { currency } : {}) });
  };
}

/** A route whose arrival follows its departure by one to twenty hours. */
function route(draw: Draw, referenceDate: number): fc.Arbitrary<Record<string, unknown>> {
  const [from, to] = SURE_FUTURE_DAYS;
  return fc
    .tuple(
      fc.integer({ min: referenceDate + from * DAY_MS, max: referenceDate + (to - 1) * DAY_MS }),
      fc.integer({ min: 1, max: 20 }),
    )
    .chain(([departure, hours]) =>
      object({
        departure: draw('items[].category_descriptor.route.departure'),
        destination: draw('items[].category_descriptor.route.destination'),
        departure_date_time: sureTimestamp(departure, 0, 0),
        arrival_date_time: sureTimestamp(departure + hours * 3_600_000, 0, 0),
        company: draw('items[].category_descriptor.route.company'),
      }),
    );
}

function item(industry: Industry, draw: Draw, referenceDate: number, currency: PlatformCurrency | undefined) {
  const values: Record<ItemField, fc.Arbitrary<unknown>> = {
    id: draw('items[].id'),
    title: draw('items[].title'),
    category_id: draw('items[].category_id'),
    quantity: draw('items[].quantity'),
    unit_price: draw('items[].unit_price'),
    description: draw('items[].description'),
    picture_url: draw('items[].picture_url'),
    type: draw('items[].type'),
    warranty: draw('items[].warranty'),
    event_date: draw('items[].event_date'),
    // The document is drawn whole: a number of the type beside it.
    'category_descriptor.passenger': fc
      .tuple(
        object({
          first_name: draw('items[].category_descriptor.passenger.first_name'),
          last_name: draw('items[].category_descriptor.passenger.last_name'),
        }),
        sureIdentification(currency),
      )
      .map(([names, document]) => ({ ...names, ...document })),
    'category_descriptor.route': route(draw, referenceDate),
  };
  const fields = INDUSTRY_FIELDS[industry].items;
  const plain = fields.filter((f) => !f.startsWith('category_descriptor.'));
  const descriptor = fields.filter((f) => f.startsWith('category_descriptor.'));
  const required: Fields = Object.fromEntries(plain.map((f) => [f, values[f]]));
  if (descriptor.length > 0) {
    required.category_descriptor = object(
      Object.fromEntries(descriptor.map((f) => [f.slice('category_descriptor.'.length), values[f]])),
    );
  }
  // Not in the industry table: the preference's one currency, or none.
  return object(required, currency ? { currency_id: fc.constant(currency) } : {});
}

function payer(
  industry: Industry,
  draw: Draw,
  currency: PlatformCurrency | undefined,
): fc.Arbitrary<Record<string, unknown>> {
  const values: Record<PayerField, fc.Arbitrary<unknown>> = {
    first_name: draw('payer.first_name'),
    last_name: draw('payer.last_name'),
    identification: sureIdentification(currency),
    phone: object({ area_code: draw('payer.phone.area_code'), number: draw('payer.phone.number') }),
    authentication_type: draw('payer.authentication_type'),
    registration_date: draw('payer.registration_date'),
    is_prime_user: draw('payer.is_prime_user'),
    is_first_purchase_online: draw('payer.is_first_purchase_online'),
    last_purchase: draw('payer.last_purchase'),
    address: object(Object.fromEntries(SUB_FIELDS.payerAddress.map((f) => [f, draw(`payer.address.${f}`)]))),
  };
  const required = Object.fromEntries(INDUSTRY_FIELDS[industry].payer.map((f) => [f, values[f]]));
  return object(required, { email: draw('payer.email'), date_created: draw('payer.date_created') });
}

function shipments(industry: Industry, draw: Draw): fc.Arbitrary<Record<string, unknown>> | undefined {
  const fields = INDUSTRY_FIELDS[industry].shipments;
  if (fields.length === 0) return undefined;
  const values: Record<ShipmentField, fc.Arbitrary<unknown>> = {
    // The table lists receiver_address as these four fields: street_name is not among them.
    receiver_address: object(
      Object.fromEntries(SUB_FIELDS.receiverAddress.map((f) => [f, draw(`shipments.receiver_address.${f}`)])),
    ),
    express_shipment: draw('shipments.express_shipment'),
    local_pickup: draw('shipments.local_pickup'),
  };
  return object(Object.fromEntries(fields.map((f) => [f, values[f]])), { mode: draw('shipments.mode') });
}

function paymentMethods(draw: Draw): fc.Arbitrary<Record<string, unknown>> {
  // Each id once: a reading may refuse a list that excludes the same method twice.
  const ids = (path: string) =>
    fc
      .uniqueArray(draw(path), { minLength: SURE.listLength.min, maxLength: SURE.listLength.max })
      .map((list) => list.map((id) => ({ id })));
  return object(
    {},
    {
      excluded_payment_methods: ids('payment_methods.excluded_payment_methods[].id'),
      excluded_payment_types: ids('payment_methods.excluded_payment_types[].id'),
      default_installments: draw('payment_methods.default_installments'),
      default_payment_method_id: draw('payment_methods.default_payment_method_id'),
      installments: draw('payment_methods.installments'),
    },
  );
}

/** The fields of expiry: none, the flag alone, or a date of expiration with the flag true or absent. */
function expiry(draw: Draw): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    fc.constant({}),
    draw('expires').map((expires) => ({ expires })),
    draw('date_of_expiration').map((date) => ({ date_of_expiration: date })),
    draw('date_of_expiration').map((date) => ({ expires: true, date_of_expiration: date })),
  );
}

/**
 * The preference without `auto_return` where it has no `back_urls.success` to return to: the spec relates
 * the two fields nowhere, and the platform refuses the one without the other.
 */
function withReturnTarget(preference: PreferenceRequest): PreferenceRequest {
  if (preference.auto_return === undefined || preference.back_urls?.success !== undefined) return preference;
  const { auto_return: _unreachable, ...rest } = preference;
  return rest;
}

/** A preference valid for `industry`, every value sure-valid: its table's fields always, the others optionally. */
export function validPreference(
  industry: Industry,
  { referenceDate = startOfCurrentUtcYear(), currency }: PreferenceArbitraryOptions = {},
): fc.Arbitrary<PreferenceRequest> {
  const currencies = fc.option(fc.constantFrom(...(currency ? [currency] : PLATFORM_CURRENCIES)), {
    nil: undefined,
  });
  return currencies.chain((chosen) => {
    const draw = drawer(referenceDate, chosen);
    const shipping = shipments(industry, draw);
    const required: Fields = {
      items: fc.array(item(industry, draw, referenceDate, chosen), { minLength: 1, maxLength: 3 }),
      payer: payer(industry, draw, chosen),
      ...(shipping ? { shipments: shipping } : {}),
    };
    const optional: Fields = {
      auto_return: draw('auto_return'),
      back_urls: object(
        {},
        {
          failure: draw('back_urls.failure'),
          pending: draw('back_urls.pending'),
          success: draw('back_urls.success'),
        },
      ),
      notification_url: draw('notification_url'),
      external_reference: draw('external_reference'),
      payment_methods: paymentMethods(draw),
    };
    return fc
      .tuple(object(required, optional), expiry(draw))
      .map(([preference, expiring]): PreferenceRequest => withReturnTarget({ ...preference, ...expiring }));
  });
}

/** Where a field sits in a document: a path of keys and list indexes. */
type Location = (string | number)[];

/** Every place of `document` a field of lib/sure-valid.ts's table sits at, with the field's table path. */
function placesOf(document: unknown): { location: Location; path: string }[] {
  const found: { location: Location; path: string }[] = [];
  const visit = (value: unknown, location: Location, path: string) => {
    if (path !== '' && PREFERENCE_FIELD_KINDS[path] !== undefined) found.push({ location, path });
    if (Array.isArray(value)) value.forEach((inner, i) => visit(inner, [...location, i], `${path}[]`));
    else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value))
        visit(inner, [...location, key], path === '' ? key : `${path}.${key}`);
  };
  visit(document, [], '');
  return found;
}

/** `items[0].quantity` for ['items', 0, 'quantity']. */
const locationText = (location: Location) =>
  location.reduce<string>(
    (at, key) => (typeof key === 'number' ? `${at}[${key}]` : at === '' ? key : `${at}.${key}`),
    '',
  );

function withValue<T>(document: T, location: Location, value: unknown): T {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node = copy;
  for (const key of location.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[location.at(-1)!] = value;
  return copy as T;
}

/** A preference carrying an open value, what it changed, and where. */
export interface OpenPreferenceCase {
  industry: Industry;
  preference: PreferenceRequest;
  /** The same preference before the open value: every value sure-valid. */
  base: PreferenceRequest;
  /** The field (lib/sure-valid.ts path) or combination made open, and its value. */
  open: { at: string; value: unknown };
}

/** Combinations the spec leaves open, each made from a sure-valid preference. */
function openCombination(
  preference: PreferenceRequest,
): fc.Arbitrary<OpenPreferenceCase['open'] & { preference: PreferenceRequest }> {
  const items = preference.items ?? [];
  const { success: _success, ...urlsButSuccess } = preference.back_urls ?? {};
  const options: fc.Arbitrary<OpenPreferenceCase['open'] & { preference: PreferenceRequest }>[] = [
    fc.constant({ at: 'items', value: [], preference: { ...preference, items: [] } }),
    fc.constant({
      at: 'payment_methods.excluded_payment_methods',
      value: [],
      preference: {
        ...preference,
        payment_methods: { ...preference.payment_methods, excluded_payment_methods: [] },
      },
    }),
  ];
  if (preference.date_of_expiration !== undefined)
    options.push(fc.constant({ at: 'expires', value: false, preference: { ...preference, expires: false } }));
  // An automatic return with nowhere to return to.
  options.push(
    fc.constant({
      at: 'auto_return',
      value: 'approved',
      preference: { ...preference, auto_return: 'approved', back_urls: urlsButSuccess },
    }),
  );
  if (items.length > 0)
    options.push(
      fc.constantFrom<PlatformCurrency[]>(['BRL', 'ARS'], ['MXN', 'USD']).map(([first, second]) => ({
        at: 'items[].currency_id',
        value: [first, second],
        preference: {
          ...preference,
          items: [...items.map((i) => ({ ...i, currency_id: first })), { ...items[0], currency_id: second }],
        },
      })),
    );
  return fc.oneof(...options);
}

/**
 * A sure-valid preference of any industry with one value, or one combination, the spec leaves open. Drawn
 * so that most cases change a single field of the preference.
 */
export function openPreference({
  referenceDate = startOfCurrentUtcYear(),
}: PreferenceArbitraryOptions = {}): fc.Arbitrary<OpenPreferenceCase> {
  return fc
    .constantFrom(...INDUSTRIES)
    .chain((industry) =>
      validPreference(industry, { referenceDate }).map((preference) => ({ industry, preference })),
    )
    .chain(({ industry, preference }) => {
      const places = placesOf(preference).filter(({ path }) => hasOpenValues(PREFERENCE_FIELD_KINDS[path]!));
      // A kind first, then a field of it: every kind as likely, however many fields a preference has of it
      // (texts outnumber quantities ten to one, and a server may mishandle either).
      const kinds = [...new Set(places.map(({ path }) => PREFERENCE_FIELD_KINDS[path]!))];
      const place = fc
        .constantFrom(...kinds)
        .chain((kind) =>
          fc.constantFrom(...places.filter(({ path }) => PREFERENCE_FIELD_KINDS[path] === kind)),
        );
      const field = place.chain(({ location, path }) =>
        openValue(PREFERENCE_FIELD_KINDS[path] as OpenKind, referenceDate).map((value) => ({
          at: locationText(location),
          value,
          preference: withValue(preference, location, value),
        })),
      );
      return fc
        .oneof({ weight: 5, arbitrary: field }, { weight: 1, arbitrary: openCombination(preference) })
        .map(({ at, value, preference: changed }) => ({
          industry,
          preference: changed,
          base: preference,
          open: { at, value },
        }));
    });
}
