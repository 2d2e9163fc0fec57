/**
 * The spec's "Fields by industry" (Endpoints, section 2) as one table: which item, payer and shipment
 * fields a checkout preference of each industry sends. The preference factory builds exactly these
 * fields and no other field the table governs; fields the table does not mention are decided in
 * `preference.ts` (see docs/decisions.md, "Preference factory").
 */
import type { Industry } from '../lib/catalogue.ts';
import type { RequirementId } from '../lib/requirements/index.ts';

/** Item fields the industry table names; `category_descriptor.*` are whole sub-objects. */
export type ItemField =
  | 'id'
  | 'title'
  | 'category_id'
  | 'quantity'
  | 'unit_price'
  | 'description'
  | 'picture_url'
  | 'type'
  | 'warranty'
  | 'event_date'
  | 'category_descriptor.passenger'
  | 'category_descriptor.route';

/** Payer fields the industry statement names; `identification`, `phone`, `address` are whole sub-objects. */
export type PayerField =
  | 'first_name'
  | 'last_name'
  | 'identification'
  | 'phone'
  | 'authentication_type'
  | 'registration_date'
  | 'is_prime_user'
  | 'is_first_purchase_online'
  | 'last_purchase'
  | 'address';

/** Shipment fields the industry statement names; an empty list means no `shipments` object at all. */
export type ShipmentField = 'receiver_address' | 'express_shipment' | 'local_pickup';

export interface IndustryFieldSet {
  items: readonly ItemField[];
  payer: readonly PayerField[];
  shipments: readonly ShipmentField[];
}

/** Sub-fields of the table's objects, as the industry statement lists them. */
export const SUB_FIELDS = {
  identification: ['identification_type', 'identification_number'],
  phone: ['area_code', 'number'],
  payerAddress: ['zip_code', 'street_name', 'street_number'],
  // The statement lists four receiver_address fields; street_name is not among them.
  receiverAddress: ['zip_code', 'state_name', 'city_name', 'street_number'],
  passenger: ['first_name', 'last_name', 'identification_type', 'identification_number'],
  route: ['departure', 'destination', 'departure_date_time', 'arrival_date_time', 'company'],
} as const;

const EVERY_ITEM: readonly ItemField[] = ['id', 'title', 'category_id', 'quantity', 'unit_price'];
const EVERY_PAYER: readonly PayerField[] = [
  'first_name',
  'last_name',
  'identification',
  'phone',
  'authentication_type',
  'registration_date',
  'is_prime_user',
  'is_first_purchase_online',
  'last_purchase',
];

export const INDUSTRY_FIELDS: Record<Industry, IndustryFieldSet> = {
  apparel: {
    items: [...EVERY_ITEM, 'description', 'picture_url', 'type'],
    payer: [...EVERY_PAYER, 'address'],
    shipments: ['receiver_address', 'express_shipment'],
  },
  electro: {
    items: [...EVERY_ITEM, 'warranty'],
    payer: [...EVERY_PAYER, 'address'],
    shipments: ['receiver_address', 'express_shipment', 'local_pickup'],
  },
  entertainment: {
    items: [...EVERY_ITEM, 'event_date'],
    payer: EVERY_PAYER,
    shipments: ['receiver_address', 'express_shipment'],
  },
  'home-deco': {
    items: [...EVERY_ITEM, 'description', 'warranty'],
    payer: [...EVERY_PAYER, 'address'],
    shipments: ['receiver_address', 'express_shipment'],
  },
  'apps-platforms': {
    items: EVERY_ITEM,
    payer: [...EVERY_PAYER, 'address'],
    shipments: [],
  },
  retail: {
    items: [...EVERY_ITEM, 'description', 'picture_url'],
    payer: [...EVERY_PAYER, 'address'],
    shipments: ['receiver_address', 'express_shipment'],
  },
  government: {
    items: [...EVERY_ITEM, 'description', 'event_date'],
    payer: [...EVERY_PAYER, 'address'],
    shipments: ['receiver_address'],
  },
  tourism: {
    items: [...EVERY_ITEM, 'description', 'category_descriptor.passenger', 'category_descriptor.route'],
    payer: [...EVERY_PAYER, 'address'],
    shipments: [],
  },
  hospitality: {
    items: [...EVERY_ITEM, 'event_date', 'category_descriptor.passenger'],
    payer: [...EVERY_PAYER, 'address'],
    shipments: [],
  },
};

/** The rows and sentences of the spec's "Fields by industry" (lib/requirements) each field set follows. */
export const INDUSTRY_ROW_OF: Record<ItemField | PayerField | ShipmentField | 'no-shipments', RequirementId> =
  {
    id: 'preference.industry.item-core-fields',
    title: 'preference.industry.item-core-fields',
    category_id: 'preference.industry.item-core-fields',
    quantity: 'preference.industry.item-core-fields',
    unit_price: 'preference.industry.item-core-fields',
    description: 'preference.industry.description',
    picture_url: 'preference.industry.picture-url',
    type: 'preference.industry.type',
    warranty: 'preference.industry.warranty',
    event_date: 'preference.industry.event-date',
    'category_descriptor.passenger': 'preference.industry.category-descriptor-passenger',
    'category_descriptor.route': 'preference.industry.category-descriptor-route',
    first_name: 'preference.industry.payer-fields',
    last_name: 'preference.industry.payer-fields',
    identification: 'preference.industry.payer-fields',
    phone: 'preference.industry.payer-fields',
    authentication_type: 'preference.industry.payer-fields',
    registration_date: 'preference.industry.payer-fields',
    is_prime_user: 'preference.industry.payer-fields',
    is_first_purchase_online: 'preference.industry.payer-fields',
    last_purchase: 'preference.industry.payer-fields',
    address: 'preference.industry.payer-address-except-entertainment',
    receiver_address: 'preference.industry.shipments-receiver-address',
    express_shipment: 'preference.industry.shipments-express-shipment',
    local_pickup: 'preference.industry.shipments-local-pickup-electro-only',
    'no-shipments': 'preference.industry.no-shipments',
  };

/** The industry-table requirements a preference of `industry` follows. */
export function industryRequirements(industry: Industry): RequirementId[] {
  const fields = INDUSTRY_FIELDS[industry];
  const rows = [...fields.items, ...fields.payer, ...fields.shipments].map((field) => INDUSTRY_ROW_OF[field]);
  if (fields.shipments.length === 0) rows.push(INDUSTRY_ROW_OF['no-shipments']);
  return [...new Set(rows)];
}
