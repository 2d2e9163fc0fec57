/**
 * What a seller of each industry sells: the content of item lines (titles, prices, event dates,
 * passengers, routes). Which of these values a preference actually sends is decided by the field
 * table in industry-fields.ts, not here.
 */
import type { Faker } from '@faker-js/faker';
import type { Industry } from '../lib/catalogue.ts';
import { identificationNumberOf, type Market } from './markets.ts';
import { atLocalMinute, DAY_MS } from './timestamps.ts';

export interface Person {
  firstName: string;
  lastName: string;
  identificationNumber: string;
}

export interface RouteDraft {
  departure: string;
  destination: string;
  departureAt: number;
  arrivalAt: number;
  company: string;
}

/** One item line before the field table picks what to send. Prices are in BRL-like magnitudes. */
export interface Line {
  title: string;
  description: string;
  type?: string;
  quantity: number;
  price: number;
  warranty?: boolean;
  eventAt?: number;
  passenger?: Person;
  route?: RouteDraft;
}

export interface GoodsContext {
  faker: Faker;
  market: Market;
  buyer: Person;
  /** Epoch ms of the preference's date_of_expiration; events and trips come after it. */
  expiresAt: number;
}

export interface Goods {
  categoryId: string;
  /** First part of the item codes (`id`), as the seller's catalogue would number them. */
  skuPrefix: string;
  lines(context: GoodsContext): Line[];
}

const MINUTES_PER_HOUR = 60;

function price(faker: Faker, min: number, max: number): number {
  return faker.number.float({ min, max, fractionDigits: 2 });
}

/** A local wall-clock time on a day some days after `after`, on a half-hour boundary. */
function laterAt(
  context: GoodsContext,
  after: number,
  days: { min: number; max: number },
  hours: { min: number; max: number },
): number {
  const { faker, market } = context;
  const day = after + faker.number.int(days) * DAY_MS;
  const minute = faker.number.int({ min: hours.min * 2, max: hours.max * 2 }) * 30;
  return atLocalMinute(day, minute, market.utcOffsetMinutes);
}

function otherPerson(context: GoodsContext): Person {
  const { faker, market } = context;
  return {
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    identificationNumber: identificationNumberOf(market.identification.type, faker),
  };
}

/** The buyer travels or stays first; companions follow. */
function travellers(context: GoodsContext, count: number): Person[] {
  return [context.buyer, ...Array.from({ length: count - 1 }, () => otherPerson(context))];
}

const GARMENTS = [
  { type: 'T-shirt', title: 'Organic cotton T-shirt' },
  { type: 'Jeans', title: 'Slim fit denim jeans' },
  { type: 'Sneakers', title: 'Canvas low-top sneakers' },
  { type: 'Jacket', title: 'Water-resistant windbreaker' },
  { type: 'Dress', title: 'Linen midi dress' },
  { type: 'Hoodie', title: 'Fleece zip hoodie' },
] as const;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const COLOURS = ['black', 'white', 'navy blue', 'olive green', 'beige', 'burgundy'] as const;

const APPLIANCES = [
  'Smart TV 50" 4K UHD',
  'Wireless noise-cancelling headphones',
  'Front-load washing machine 11 kg',
  'Notebook 15.6" 16 GB RAM 512 GB SSD',
  'Smartphone 128 GB dual SIM',
  'Air fryer 4 L',
  'Split air conditioner 12000 BTU',
] as const;
const ELECTRO_BRANDS = ['Samsung', 'LG', 'Philips', 'Motorola', 'Lenovo', 'Electrolux'] as const;

const SHOWS = [
  'Concert',
  'Theatre play',
  'Stand-up comedy night',
  'Football match',
  'Music festival day',
] as const;
const SECTORS = ['General admission', 'Upper stand', 'Lower stand', 'VIP area', 'Orchestra seats'] as const;

const FURNITURE = [
  'Solid wood coffee table',
  'Linen curtain set, 2 panels',
  'Ceramic table lamp',
  'Three-seat fabric sofa',
  'Queen size cotton bedding set',
  'Round wall mirror 60 cm',
] as const;
const MATERIALS = ['oak', 'walnut', 'linen', 'ceramic', 'cotton', 'steel'] as const;

const PLANS = [
  'Premium plan, monthly subscription',
  'Cloud storage 200 GB, annual plan',
  'Online course: data analysis with Python',
  'In-app credits pack, 1000 coins',
  'Music streaming family plan, 1 month',
] as const;

const GROCERIES = [
  'Roasted coffee beans 1 kg',
  'Stainless steel water bottle 750 ml',
  'Hiking backpack 25 L',
  'Family board game',
  'Argan oil shampoo 400 ml',
  'Set of 4 glass food containers',
] as const;

const PACKAGING = ['single unit', 'pack of 2', 'pack of 3', 'gift box'] as const;

const PUBLIC_SERVICES = [
  'Passport issuance fee',
  'Vehicle registration renewal',
  'Property tax instalment',
  'Driving licence renewal',
  'Certified birth certificate copy',
] as const;

const ROOMS = ['Standard double room', 'Superior twin room', 'Family suite', 'Deluxe king room'] as const;

export const INDUSTRY_GOODS: Record<Industry, Goods> = {
  apparel: {
    categoryId: 'fashion',
    skuPrefix: 'APR',
    lines: ({ faker }) =>
      Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => {
        const garment = faker.helpers.arrayElement(GARMENTS);
        const colour = faker.helpers.arrayElement(COLOURS);
        return {
          type: garment.type,
          title: `${garment.title}, ${colour}`,
          description: `${garment.title} in ${colour}, size ${faker.helpers.arrayElement(SIZES)}`,
          quantity: faker.number.int({ min: 1, max: 2 }),
          price: price(faker, 49.9, 399.9),
        };
      }),
  },
  electro: {
    categoryId: 'electronics',
    skuPrefix: 'ELE',
    lines: ({ faker }) =>
      Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, () => {
        const product = faker.helpers.arrayElement(APPLIANCES);
        const brand = faker.helpers.arrayElement(ELECTRO_BRANDS);
        return {
          title: `${brand} ${product}`,
          description: `${product} by ${brand}, manufacturer warranty`,
          quantity: 1,
          price: price(faker, 199, 7999),
          warranty: faker.datatype.boolean({ probability: 0.85 }),
        };
      }),
  },
  entertainment: {
    categoryId: 'tickets',
    skuPrefix: 'TKT',
    lines: (context) => {
      const { faker } = context;
      const show = `${faker.helpers.arrayElement(SHOWS)}: ${faker.music.artist()}`;
      const eventAt = laterAt(context, context.expiresAt, { min: 1, max: 120 }, { min: 18, max: 22 });
      return faker.helpers.arrayElements(SECTORS, { min: 1, max: 3 }).map((sector) => ({
        title: `${show} - ${sector}`,
        description: `Ticket for ${show}, ${sector.toLowerCase()}`,
        quantity: faker.number.int({ min: 1, max: 4 }),
        price: price(faker, 80, 900),
        eventAt,
      }));
    },
  },
  'home-deco': {
    categoryId: 'home',
    skuPrefix: 'HOM',
    lines: ({ faker }) =>
      Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => {
        const piece = faker.helpers.arrayElement(FURNITURE);
        return {
          title: piece,
          description: `${piece}, ${faker.helpers.arrayElement(MATERIALS)} finish`,
          quantity: faker.number.int({ min: 1, max: 2 }),
          price: price(faker, 89, 4999),
          warranty: faker.datatype.boolean({ probability: 0.6 }),
        };
      }),
  },
  'apps-platforms': {
    categoryId: 'virtual_goods',
    skuPrefix: 'APP',
    lines: ({ faker }) => {
      const plan = faker.helpers.arrayElement(PLANS);
      return [{ title: plan, description: plan, quantity: 1, price: price(faker, 9.9, 199.9) }];
    },
  },
  retail: {
    categoryId: 'others',
    skuPrefix: 'RET',
    lines: ({ faker }) =>
      faker.helpers.arrayElements(GROCERIES, { min: 1, max: 4 }).map((product) => ({
        title: product,
        description: `${product}, ${faker.helpers.arrayElement(PACKAGING)}`,
        quantity: faker.number.int({ min: 1, max: 5 }),
        price: price(faker, 9.9, 299.9),
      })),
  },
  government: {
    categoryId: 'services',
    skuPrefix: 'GOV',
    lines: (context) => {
      const { faker } = context;
      const service = faker.helpers.arrayElement(PUBLIC_SERVICES);
      return [
        {
          title: service,
          description: `${service}, protocol ${faker.string.numeric(10)}`,
          quantity: 1,
          price: price(faker, 35, 950),
          // The appointment at the office, during opening hours.
          eventAt: laterAt(context, context.expiresAt, { min: 3, max: 60 }, { min: 8, max: 15 }),
        },
      ];
    },
  },
  tourism: {
    categoryId: 'travels',
    skuPrefix: 'TRV',
    lines: (context) => {
      const { faker, market } = context;
      const [from, to] = faker.helpers.arrayElements(market.cities, 2);
      if (!from || !to) throw new Error(`market ${market.country} needs two cities for a route`);
      const company = faker.helpers.arrayElement(market.carriers);
      const outboundAt = laterAt(context, context.expiresAt, { min: 7, max: 200 }, { min: 5, max: 22 });
      const legs = [{ departure: from.name, destination: to.name, departureAt: outboundAt }];
      if (faker.datatype.boolean()) {
        const returnAt = laterAt(context, outboundAt, { min: 2, max: 14 }, { min: 5, max: 22 });
        legs.push({ departure: to.name, destination: from.name, departureAt: returnAt });
      }
      const flightMinutes = faker.number.int({ min: 1, max: 5 }) * MINUTES_PER_HOUR;
      const fare = price(faker, 250, 2500);
      return travellers(context, faker.number.int({ min: 1, max: 3 })).flatMap((passenger) =>
        legs.map((leg) => ({
          title: `Flight ${leg.departure} - ${leg.destination}`,
          description: `${company} economy fare for ${passenger.firstName} ${passenger.lastName}, one checked bag`,
          quantity: 1,
          price: fare,
          passenger,
          route: { ...leg, arrivalAt: leg.departureAt + flightMinutes * 60_000, company },
        })),
      );
    },
  },
  hospitality: {
    categoryId: 'travels',
    skuPrefix: 'HTL',
    lines: (context) => {
      const { faker } = context;
      const hotel = `Hotel ${faker.person.lastName()}`;
      const nights = faker.number.int({ min: 1, max: 7 });
      // Check-in time: hotels hand over rooms in the afternoon.
      const checkInAt = laterAt(context, context.expiresAt, { min: 7, max: 200 }, { min: 14, max: 15 });
      return travellers(context, faker.number.int({ min: 1, max: 2 })).map((guest) => {
        const room = faker.helpers.arrayElement(ROOMS);
        return {
          title: `${hotel} - ${room}, ${nights} night${nights > 1 ? 's' : ''}`,
          description: `${room} at ${hotel}`,
          quantity: 1,
          price: price(faker, 180, 900) * nights,
          eventAt: checkInAt,
          passenger: guest,
        };
      });
    },
  },
};
