/**
 * Checkout preferences valid for one industry, drawn by fast-check: exactly the fields the spec's
 * "Fields by industry" table sends in that industry (../industry-fields.ts, the one table), each with a
 * value of its type drawn with its boundaries (./values.ts), plus any combination of the fields the
 * table does not govern (back_urls, notification_url, auto_return, expires, external_reference,
 * date_of_expiration, payment_methods with its nullable fields, items currency_id, payer email and
 * date_created, shipments mode). Such a document passes schema `preference-request` and the industry's
 * profile (tests/self/generative/ checks both), so a server must accept it.
 */
import fc from 'fast-check';
import type { Industry } from '../../lib/catalogue.ts';
import {
  INDUSTRY_FIELDS,
  SUB_FIELDS,
  type ItemField,
  type PayerField,
  type ShipmentField,
} from '../industry-fields.ts';
import { AUTHENTICATION_TYPES, type PreferenceRequest } from '../preference.ts';
import { startOfCurrentUtcYear } from '../timestamps.ts';
import { anyAmount, anyInteger, anyText, code, email, timestamp, url } from './values.ts';

export interface PreferenceArbitraryOptions {
  /** Epoch ms dates are drawn around; default 00:00 UTC on 1 January of the current year, as the factories. */
  referenceDate?: number;
}

/** Days after the reference date future dates lie in (at least a year, as the factories' dates). */
const FUTURE = [367, 3650] as const;
/** Days before it past dates lie in. */
const PAST = [-3650, -1] as const;

type Fields = Record<string, fc.Arbitrary<unknown>>;

/** A record of exactly `required` (always present) and `optional` (each present or absent) fields. */
function object(required: Fields, optional: Fields = {}): fc.Arbitrary<Record<string, unknown>> {
  return fc.record({ ...required, ...optional }, { requiredKeys: Object.keys(required) });
}

function item(industry: Industry, referenceDate: number): fc.Arbitrary<Record<string, unknown>> {
  const future = () => timestamp(referenceDate, ...FUTURE);
  const values: Record<ItemField, fc.Arbitrary<unknown>> = {
    id: anyText(),
    title: anyText(),
    category_id: anyText(),
    quantity: anyInteger(),
    unit_price: anyAmount(),
    description: anyText(),
    picture_url: url(),
    type: anyText(),
    warranty: fc.boolean(),
    event_date: future(),
    'category_descriptor.passenger': object(
      Object.fromEntries(SUB_FIELDS.passenger.map((field) => [field, anyText()])),
    ),
    'category_descriptor.route': object({
      departure: anyText(),
      destination: anyText(),
      departure_date_time: future(),
      arrival_date_time: future(),
      company: anyText(),
    }),
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
  // Not in the industry table: optional everywhere.
  return object(required, { currency_id: code(3, 3) });
}

function payer(industry: Industry, referenceDate: number): fc.Arbitrary<Record<string, unknown>> {
  const past = () => timestamp(referenceDate, ...PAST);
  const values: Record<PayerField, fc.Arbitrary<unknown>> = {
    first_name: anyText(),
    last_name: anyText(),
    identification: object(Object.fromEntries(SUB_FIELDS.identification.map((f) => [f, anyText()]))),
    phone: object({ area_code: anyInteger(), number: anyInteger() }),
    authentication_type: fc.constantFrom(...AUTHENTICATION_TYPES),
    registration_date: past(),
    is_prime_user: fc.boolean(),
    is_first_purchase_online: fc.boolean(),
    last_purchase: past(),
    address: object({ zip_code: anyText(), street_name: anyText(), street_number: anyInteger() }),
  };
  const required = Object.fromEntries(INDUSTRY_FIELDS[industry].payer.map((f) => [f, values[f]]));
  return object(required, { email: email(), date_created: past() });
}

function shipments(industry: Industry): fc.Arbitrary<Record<string, unknown>> | undefined {
  const fields = INDUSTRY_FIELDS[industry].shipments;
  if (fields.length === 0) return undefined;
  const values: Record<ShipmentField, fc.Arbitrary<unknown>> = {
    // The table lists receiver_address as these four fields: street_name is not among them.
    receiver_address: object({
      zip_code: anyText(),
      state_name: anyText(),
      city_name: anyText(),
      street_number: anyInteger(),
    }),
    express_shipment: fc.boolean(),
    local_pickup: fc.boolean(),
  };
  return object(Object.fromEntries(fields.map((f) => [f, values[f]])), {
    mode: fc.constantFrom('not_specified', 'custom', 'me2', 'me1'),
  });
}

/** "nullable": null as often as a value. */
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.oneof(fc.constant(null), arb);
const idObjects = fc.array(object({ id: code(2, 16) }), { maxLength: 3 });

function paymentMethods(): fc.Arbitrary<Record<string, unknown>> {
  return object(
    {},
    {
      excluded_payment_methods: idObjects,
      excluded_payment_types: idObjects,
      default_installments: nullable(fc.integer({ min: 1, max: 36 })),
      default_payment_method_id: nullable(code(2, 16)),
      installments: nullable(fc.integer({ min: 1, max: 36 })),
    },
  );
}

/** A preference valid for `industry`: its table's fields always, every other documented field optionally. */
export function validPreference(
  industry: Industry,
  { referenceDate = startOfCurrentUtcYear() }: PreferenceArbitraryOptions = {},
): fc.Arbitrary<PreferenceRequest> {
  const shipping = shipments(industry);
  const required: Fields = {
    items: fc.array(item(industry, referenceDate), { minLength: 1, maxLength: 3 }),
    payer: payer(industry, referenceDate),
    ...(shipping ? { shipments: shipping } : {}),
  };
  const optional: Fields = {
    auto_return: fc.constantFrom('approved', 'all'),
    back_urls: object({}, { failure: url(), pending: url(), success: url() }),
    notification_url: url(),
    expires: fc.boolean(),
    external_reference: anyText(),
    date_of_expiration: timestamp(referenceDate, ...FUTURE),
    payment_methods: paymentMethods(),
  };
  return object(required, optional);
}
