/**
 * The spec's "Fields by industry" (Endpoints 2) transcribed a second time, as leaf paths, independently
 * of factories/industry-fields.ts, so a slip in the factory's table cannot confirm itself.
 */
import { INDUSTRIES, type Industry } from '../../../lib/catalogue.ts';

// Columns in the spec's order: Apparel, Electro, Entertainment, Home & deco, Applications and online
// platforms, Retail, Government and public services, Tourism, Hospitality. `x` = sent, `.` = blank.
const ITEM_TABLE: readonly (readonly [readonly string[], string])[] = [
  [['id', 'title', 'category_id', 'quantity', 'unit_price'], 'x x x x x x x x x'],
  [['description'], 'x . . x . x x x .'],
  [['picture_url'], 'x . . . . x . . .'],
  [['type'], 'x . . . . . . . .'],
  [['warranty'], '. x . x . . . . .'],
  [['event_date'], '. . x . . . x . x'],
  [
    [
      'category_descriptor.passenger.first_name',
      'category_descriptor.passenger.last_name',
      'category_descriptor.passenger.identification_type',
      'category_descriptor.passenger.identification_number',
    ],
    '. . . . . . . x x',
  ],
  [
    [
      'category_descriptor.route.departure',
      'category_descriptor.route.destination',
      'category_descriptor.route.departure_date_time',
      'category_descriptor.route.arrival_date_time',
      'category_descriptor.route.company',
    ],
    '. . . . . . . x .',
  ],
];

// "Payer: all industries send ...; the address object is sent in every industry except Entertainment."
const PAYER_EVERYWHERE = [
  'first_name',
  'last_name',
  'identification.identification_type',
  'identification.identification_number',
  'phone.area_code',
  'phone.number',
  'authentication_type',
  'registration_date',
  'is_prime_user',
  'is_first_purchase_online',
  'last_purchase',
];
const PAYER_ADDRESS = ['address.zip_code', 'address.street_name', 'address.street_number'];

// "Shipments: sent with receiver_address (zip_code, state_name, city_name, street_number) in Apparel,
// Electro, Entertainment, Home & deco, Retail, Government ...; express_shipment in Apparel, Electro,
// Entertainment, Home & deco, Retail; local_pickup in Electro only."
const SHIPMENT_TABLE: readonly (readonly [readonly string[], string])[] = [
  [
    [
      'receiver_address.zip_code',
      'receiver_address.state_name',
      'receiver_address.city_name',
      'receiver_address.street_number',
    ],
    'x x x x . x x . .',
  ],
  [['express_shipment'], 'x x x x . x . . .'],
  [['local_pickup'], '. x . . . . . . .'],
];

/**
 * Fields the table does not govern that the factory sends in every industry (docs/decisions.md,
 * "Preference factory"): the item currency and the merchant's URLs, reference and expiry.
 */
const ITEM_OUTSIDE_TABLE = ['currency_id'];
const TOP_LEVEL_OUTSIDE_TABLE = [
  'back_urls.success',
  'back_urls.pending',
  'back_urls.failure',
  'notification_url',
  'external_reference',
  'date_of_expiration',
];

function sentIn(marks: string, industry: Industry): boolean {
  const column = marks.split(' ')[INDUSTRIES.indexOf(industry)];
  if (column !== 'x' && column !== '.') throw new Error(`bad transcription row '${marks}'`);
  return column === 'x';
}

function fromTable(table: typeof ITEM_TABLE, industry: Industry): string[] {
  return table.flatMap(([fields, marks]) => (sentIn(marks, industry) ? fields : []));
}

/** Leaf paths one item of the industry carries, relative to the item. */
export function expectedItemPaths(industry: Industry): string[] {
  return [...fromTable(ITEM_TABLE, industry), ...ITEM_OUTSIDE_TABLE].sort();
}

/** Leaf paths of a whole preference of the industry; array elements are written `[]`. */
export function expectedPreferencePaths(industry: Industry): string[] {
  const payer = [...PAYER_EVERYWHERE, ...(industry === 'entertainment' ? [] : PAYER_ADDRESS)];
  return [
    ...expectedItemPaths(industry).map((path) => `items[].${path}`),
    ...payer.map((path) => `payer.${path}`),
    ...fromTable(SHIPMENT_TABLE, industry).map((path) => `shipments.${path}`),
    ...TOP_LEVEL_OUTSIDE_TABLE,
  ].sort();
}

/** Distinct leaf paths present in a JSON value; array elements are written `[]`. */
export function leafPaths(value: unknown, prefix = ''): string[] {
  const paths = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((element) => walk(element, `${path}[]`));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    } else paths.add(path);
  };
  walk(value, prefix);
  return [...paths].sort();
}
