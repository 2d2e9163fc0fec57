/**
 * Checkout preference requests (spec: Endpoints 2) for each industry, seeded and pure: the same
 * industry, seed, reference date and overrides give the same document. Which fields a preference
 * carries comes from the field table (industry-fields.ts); their content from industry-goods.ts.
 */
import type { Faker } from '@faker-js/faker';
import { faker as chooser } from '@faker-js/faker/locale/base';
import type { Industry } from '../lib/catalogue.ts';
import { INDUSTRY_FIELDS, type ItemField, type PayerField, type ShipmentField } from './industry-fields.ts';
import { INDUSTRY_GOODS, type Line, type Person } from './industry-goods.ts';
import {
  IDENTIFICATION_TYPES,
  WHOLE_AMOUNT_CURRENCIES,
  ZIP_CODE_FORMATS,
  type PlatformCurrency,
  type SiteCurrency,
} from '../lib/sure-valid.ts';
import { identificationNumberOf, MARKETS, zipPatternOf, type City, type Market } from './markets.ts';
import { deepMerge, type Overrides } from './merge.ts';
import { atLocalMinute, DAY_MS, formatWithOffset, startOfCurrentUtcYear } from './timestamps.ts';

export const AUTHENTICATION_TYPES = ['Gmail', 'Facebook', 'Native web', 'Other'] as const;
export type AuthenticationType = (typeof AUTHENTICATION_TYPES)[number];

export interface Passenger {
  first_name: string;
  last_name: string;
  identification_type: string;
  identification_number: string;
}

export interface Route {
  departure: string;
  destination: string;
  departure_date_time: string;
  arrival_date_time: string;
  company: string;
}

export interface PreferenceItem {
  id?: string;
  title?: string;
  type?: string;
  description?: string;
  picture_url?: string;
  category_id?: string;
  currency_id?: string;
  quantity?: number;
  unit_price?: number;
  warranty?: boolean;
  event_date?: string;
  category_descriptor?: { passenger?: Passenger; route?: Route };
}

export interface Payer {
  first_name?: string;
  last_name?: string;
  email?: string;
  date_created?: string;
  identification?: { identification_type?: string; identification_number?: string };
  phone?: { area_code?: number; number?: number };
  address?: { zip_code?: string; street_name?: string; street_number?: number };
  authentication_type?: AuthenticationType;
  registration_date?: string;
  is_prime_user?: boolean;
  is_first_purchase_online?: boolean;
  last_purchase?: string;
}

export interface Shipments {
  mode?: string;
  receiver_address?: {
    zip_code?: string;
    street_name?: string;
    state_name?: string;
    city_name?: string;
    street_number?: number;
  };
  express_shipment?: boolean;
  local_pickup?: boolean;
}

/** The request shape of the spec's "Checkout preference (request shape)". */
export interface PreferenceRequest {
  auto_return?: string;
  back_urls?: { failure?: string; pending?: string; success?: string };
  notification_url?: string;
  expires?: boolean;
  external_reference?: string;
  date_of_expiration?: string;
  items?: PreferenceItem[];
  payer?: Payer;
  payment_methods?: Record<string, unknown>;
  shipments?: Shipments;
}

export interface PreferenceOptions {
  /** Defaults to DEFAULT_SEED, so a call without options is deterministic too. */
  seed?: number;
  /** Applied last, deeply (see merge.ts); `undefined` removes a field. */
  overrides?: Overrides<PreferenceRequest>;
  /** Epoch ms every generated date is relative to; defaults to 1 January (UTC) of the current year. */
  referenceDate?: number;
  /** The account's currency (a real account takes its market's only); defaults to the seed's market's. */
  currency?: PlatformCurrency;
}

export const DEFAULT_SEED = 1;
const LAST_MINUTE_OF_DAY = 23 * 60 + 59;

/** Everything one preference's fields are drawn from, fixed before any field is built. */
interface Draft {
  faker: Faker;
  market: Market;
  city: City;
  buyer: Person;
  street: { name: string; number: number; zip: string };
  merchantDomain: string;
  categoryId: string;
  /** Past dates hang off the reference date, so they stay in the past whatever the year. */
  registeredAt: number;
  lastPurchaseAt: number;
  expiresAt: number;
}

const ITEM_VALUES: Record<ItemField, (line: Line, draft: Draft, sku: string) => unknown> = {
  id: (_line, _draft, sku) => sku,
  title: (line) => line.title,
  category_id: (_line, draft) => draft.categoryId,
  quantity: (line) => line.quantity,
  unit_price: (line, draft) => localPrice(line.price, draft.market),
  description: (line) => line.description,
  picture_url: (_line, draft, sku) => `https://cdn.${draft.merchantDomain}/products/${sku.toLowerCase()}.jpg`,
  type: (line) => required(line.type, 'type'),
  warranty: (line) => required(line.warranty, 'warranty'),
  event_date: (line, draft) => timestamp(required(line.eventAt, 'event date'), draft),
  'category_descriptor.passenger': (line, draft) => passenger(required(line.passenger, 'passenger'), draft),
  'category_descriptor.route': (line, draft) => {
    const route = required(line.route, 'route');
    return {
      departure: route.departure,
      destination: route.destination,
      departure_date_time: timestamp(route.departureAt, draft),
      arrival_date_time: timestamp(route.arrivalAt, draft),
      company: route.company,
    } satisfies Route;
  },
};

const PAYER_VALUES: Record<PayerField, (draft: Draft) => unknown> = {
  first_name: ({ buyer }) => buyer.firstName,
  last_name: ({ buyer }) => buyer.lastName,
  identification: ({ buyer, market }) => ({
    identification_type: market.identification.type,
    identification_number: buyer.identificationNumber,
  }),
  phone: ({ faker, city }) => ({
    area_code: city.areaCode,
    // A leading non-zero digit keeps the number's length when it is sent as an integer.
    number: Number(
      faker.helpers.replaceSymbols(`${faker.number.int({ min: 2, max: 9 })}`.padEnd(city.phoneDigits, '#')),
    ),
  }),
  authentication_type: ({ faker }) => faker.helpers.arrayElement(AUTHENTICATION_TYPES),
  registration_date: (draft) => timestamp(draft.registeredAt, draft),
  is_prime_user: ({ faker }) => faker.datatype.boolean({ probability: 0.3 }),
  is_first_purchase_online: ({ faker }) => faker.datatype.boolean({ probability: 0.2 }),
  last_purchase: (draft) => timestamp(draft.lastPurchaseAt, draft),
  address: ({ street }) => ({ zip_code: street.zip, street_name: street.name, street_number: street.number }),
};

const SHIPMENT_VALUES: Record<ShipmentField, (draft: Draft) => unknown> = {
  receiver_address: ({ street, city }) => ({
    zip_code: street.zip,
    state_name: city.state,
    city_name: city.name,
    street_number: street.number,
  }),
  express_shipment: ({ faker }) => faker.datatype.boolean({ probability: 0.4 }),
  local_pickup: ({ faker }) => faker.datatype.boolean({ probability: 0.25 }),
};

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`industry goods produced no ${what} for a field the table sends`);
  return value;
}

function timestamp(epochMs: number, draft: Draft): string {
  return formatWithOffset(epochMs, draft.market.utcOffsetMinutes);
}

function localPrice(price: number, market: Market): number {
  const local = price * market.priceFactor;
  // Currencies with large unit values are priced in round hundreds, as shops there do.
  return market.priceFactor >= 100 ? Math.round(local / 100) * 100 : Math.round(local * 100) / 100;
}

function passenger(person: Person, draft: Draft): Passenger {
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    identification_type: draft.market.identification.type,
    identification_number: person.identificationNumber,
  };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
  node[last] = value;
}

/**
 * One generator per market, reseeded at the start of every build: reseeding resets all of a Faker's
 * state, so a build depends only on its arguments, without paying for a new Faker (about 1 ms) each time.
 */
function seededFakerFor(market: Market, seed: number): Faker {
  market.faker.seed(seed);
  return market.faker;
}

/**
 * The market of a preference in `currency`: the one that trades in it, else the seed's buyer and places
 * priced in it, in round hundreds where the currency has no cents, carrying a document and postal codes of
 * the currency's own site where it has one (a Chilean account may refuse a Mexican RFC).
 */
function marketIn(currency: PlatformCurrency | undefined, seedMarket: Market): Market {
  if (currency === undefined) return seedMarket;
  const own = MARKETS.find((m) => m.currency === currency);
  if (own) return own;
  const whole = WHOLE_AMOUNT_CURRENCIES.includes(currency);
  const siteDocument = IDENTIFICATION_TYPES[currency]?.[0];
  return {
    ...seedMarket,
    currency,
    priceFactor: whole ? 100 : 1,
    ...(siteDocument
      ? {
          identification: { type: siteDocument },
          zipCodeFormat: ZIP_CODE_FORMATS[currency as SiteCurrency],
          // The seed market's cities, under the site's codes: their own prefixes belong to another format.
          cities: seedMarket.cities.map((city) => ({ ...city, zipPrefix: '' })),
        }
      : {}),
  };
}

function draftFor(
  industry: Industry,
  seed: number,
  referenceDate: number,
  currency: PlatformCurrency | undefined,
): Draft {
  // The market decides the locale, so it is drawn first with a locale-free generator of the same seed.
  chooser.seed(seed);
  const market = marketIn(currency, chooser.helpers.arrayElement(MARKETS));
  const faker = seededFakerFor(market, seed);
  const city = faker.helpers.arrayElement(market.cities);
  const registeredAt = referenceDate - faker.number.int({ min: 400 * DAY_MS, max: 3000 * DAY_MS });
  return {
    faker,
    market,
    city,
    buyer: {
      firstName: faker.person.firstName(),
      lastName: faker.person.lastName(),
      identificationNumber: identificationNumberOf(market.identification.type, faker),
    },
    street: {
      name: faker.location.street(),
      number: faker.number.int({ min: 1, max: 3999 }),
      zip: faker.helpers.replaceSymbols(zipPatternOf(market, city)),
    },
    merchantDomain: `${faker.internet.domainWord()}.${market.topLevelDomain}`,
    categoryId: INDUSTRY_GOODS[industry].categoryId,
    registeredAt,
    lastPurchaseAt: faker.number.int({ min: registeredAt + DAY_MS, max: referenceDate - DAY_MS }),
    // A year after the reference date, so it is in the future all year (timestamps.ts); end of the local day.
    expiresAt:
      atLocalMinute(
        referenceDate + faker.number.int({ min: 367, max: 397 }) * DAY_MS,
        LAST_MINUTE_OF_DAY,
        market.utcOffsetMinutes,
      ) + 59_999,
  };
}

function buildItem(industry: Industry, line: Line, draft: Draft): PreferenceItem {
  const sku = `${INDUSTRY_GOODS[industry].skuPrefix}-${draft.faker.string.numeric(6)}`;
  const item: Record<string, unknown> = {};
  for (const field of INDUSTRY_FIELDS[industry].items) {
    setPath(item, field, ITEM_VALUES[field](line, draft, sku));
  }
  // Not in the industry table; every item carries the one currency of the preference.
  item.currency_id = draft.market.currency;
  return item;
}

export function buildPreference(industry: Industry, options: PreferenceOptions = {}): PreferenceRequest {
  const draft = draftFor(
    industry,
    options.seed ?? DEFAULT_SEED,
    options.referenceDate ?? startOfCurrentUtcYear(),
    options.currency,
  );
  const { faker, merchantDomain } = draft;
  const fields = INDUSTRY_FIELDS[industry];

  const lines = INDUSTRY_GOODS[industry].lines({
    faker,
    market: draft.market,
    buyer: draft.buyer,
    expiresAt: draft.expiresAt,
  });
  const payer: Record<string, unknown> = {};
  for (const field of fields.payer) payer[field] = PAYER_VALUES[field](draft);

  const preference: PreferenceRequest = {
    items: lines.map((line) => buildItem(industry, line, draft)),
    payer,
    back_urls: {
      success: `https://www.${merchantDomain}/checkout/success`,
      pending: `https://www.${merchantDomain}/checkout/pending`,
      failure: `https://www.${merchantDomain}/checkout/failure`,
    },
    notification_url: `https://api.${merchantDomain}/webhooks/payments`,
    external_reference: `ORDER-${faker.string.numeric(8)}`,
    date_of_expiration: timestamp(draft.expiresAt, draft),
  };
  if (fields.shipments.length > 0) {
    const shipments: Record<string, unknown> = {};
    for (const field of fields.shipments) shipments[field] = SHIPMENT_VALUES[field](draft);
    preference.shipments = shipments;
  }
  return options.overrides === undefined ? preference : deepMerge(preference, options.overrides);
}
