/**
 * Countries a generated buyer lives in. One market fixes everything that must agree inside a
 * preference: currency, UTC offset of every timestamp, identification type, and cities whose state,
 * postal code and phone area code belong together, so an address reads like a real one.
 */
// Per-locale entry points: the package root loads every locale (about half a second per process).
import type { Faker } from '@faker-js/faker';
import { faker as fakerEs } from '@faker-js/faker/locale/es';
import { faker as fakerEsMx } from '@faker-js/faker/locale/es_MX';
import { faker as fakerPtBr } from '@faker-js/faker/locale/pt_BR';
import {
  IDENTIFICATION_NUMBER_FORMS,
  identificationNumberFrom,
  ZIP_CODE_FORMATS,
  type IdentificationType,
} from '../lib/sure-valid.ts';

export interface City {
  name: string;
  state: string;
  areaCode: number;
  /** Digits of the local phone number after the area code. */
  phoneDigits: number;
  /** The leading digits of the city's postal codes; the rest follow the site's format (`zipCodeFormat`). */
  zipPrefix: string;
}

export interface Market {
  country: string;
  currency: string;
  /** Prices are drawn in BRL-like magnitudes and multiplied by this, so ARS and COP prices look local. */
  priceFactor: number;
  /** Minutes east of UTC used for every timestamp of the preference. */
  utcOffsetMinutes: number;
  /** The market's generator (its locale with en and base fallbacks); reseeded before every build. */
  faker: Faker;
  topLevelDomain: string;
  /** The buyer's document, a type of the market's site. */
  identification: { type: IdentificationType };
  /** The site's postal code format (lib/sure-valid.ts), `#` a digit. */
  zipCodeFormat: string;
  cities: readonly City[];
  /** Carriers whose domestic routes tourism items sell. */
  carriers: readonly string[];
}

export const MARKETS: readonly Market[] = [
  {
    country: 'Brazil',
    currency: 'BRL',
    priceFactor: 1,
    utcOffsetMinutes: -180,
    faker: fakerPtBr,
    topLevelDomain: 'com.br',
    identification: { type: 'CPF' },
    zipCodeFormat: ZIP_CODE_FORMATS.BRL,
    cities: [
      { name: 'São Paulo', state: 'São Paulo', areaCode: 11, phoneDigits: 9, zipPrefix: '01' },
      {
        name: 'Rio de Janeiro',
        state: 'Rio de Janeiro',
        areaCode: 21,
        phoneDigits: 9,
        zipPrefix: '2',
      },
      {
        name: 'Belo Horizonte',
        state: 'Minas Gerais',
        areaCode: 31,
        phoneDigits: 9,
        zipPrefix: '30',
      },
      { name: 'Curitiba', state: 'Paraná', areaCode: 41, phoneDigits: 9, zipPrefix: '8' },
      {
        name: 'Porto Alegre',
        state: 'Rio Grande do Sul',
        areaCode: 51,
        phoneDigits: 9,
        zipPrefix: '9',
      },
      { name: 'Salvador', state: 'Bahia', areaCode: 71, phoneDigits: 9, zipPrefix: '4' },
      { name: 'Recife', state: 'Pernambuco', areaCode: 81, phoneDigits: 9, zipPrefix: '5' },
      { name: 'Brasília', state: 'Distrito Federal', areaCode: 61, phoneDigits: 9, zipPrefix: '7' },
    ],
    carriers: ['LATAM Airlines Brasil', 'GOL Linhas Aéreas', 'Azul Linhas Aéreas'],
  },
  {
    country: 'Mexico',
    currency: 'MXN',
    priceFactor: 3.6,
    utcOffsetMinutes: -360,
    faker: fakerEsMx,
    topLevelDomain: 'com.mx',
    identification: { type: 'RFC' },
    zipCodeFormat: ZIP_CODE_FORMATS.MXN,
    cities: [
      {
        name: 'Ciudad de México',
        state: 'Ciudad de México',
        areaCode: 55,
        phoneDigits: 8,
        zipPrefix: '06',
      },
      { name: 'Guadalajara', state: 'Jalisco', areaCode: 33, phoneDigits: 8, zipPrefix: '44' },
      { name: 'Monterrey', state: 'Nuevo León', areaCode: 81, phoneDigits: 8, zipPrefix: '64' },
      { name: 'Puebla', state: 'Puebla', areaCode: 222, phoneDigits: 7, zipPrefix: '72' },
      { name: 'Querétaro', state: 'Querétaro', areaCode: 442, phoneDigits: 7, zipPrefix: '76' },
      { name: 'Mérida', state: 'Yucatán', areaCode: 999, phoneDigits: 7, zipPrefix: '97' },
    ],
    carriers: ['Aeroméxico', 'Volaris', 'Viva Aerobus'],
  },
  {
    country: 'Argentina',
    currency: 'ARS',
    priceFactor: 190,
    utcOffsetMinutes: -180,
    faker: fakerEs,
    topLevelDomain: 'com.ar',
    identification: { type: 'DNI' },
    zipCodeFormat: ZIP_CODE_FORMATS.ARS,
    cities: [
      {
        name: 'Buenos Aires',
        state: 'Ciudad Autónoma de Buenos Aires',
        areaCode: 11,
        phoneDigits: 8,
        zipPrefix: '14',
      },
      { name: 'Córdoba', state: 'Córdoba', areaCode: 351, phoneDigits: 7, zipPrefix: '50' },
      { name: 'Rosario', state: 'Santa Fe', areaCode: 341, phoneDigits: 7, zipPrefix: '20' },
      { name: 'Mendoza', state: 'Mendoza', areaCode: 261, phoneDigits: 7, zipPrefix: '55' },
      {
        name: 'San Miguel de Tucumán',
        state: 'Tucumán',
        areaCode: 381,
        phoneDigits: 7,
        zipPrefix: '40',
      },
    ],
    carriers: ['Aerolíneas Argentinas', 'Flybondi', 'JetSMART'],
  },
  {
    country: 'Colombia',
    currency: 'COP',
    priceFactor: 780,
    utcOffsetMinutes: -300,
    faker: fakerEs,
    topLevelDomain: 'com.co',
    identification: { type: 'CC' },
    zipCodeFormat: ZIP_CODE_FORMATS.COP,
    cities: [
      { name: 'Bogotá', state: 'Cundinamarca', areaCode: 601, phoneDigits: 7, zipPrefix: '11' },
      { name: 'Medellín', state: 'Antioquia', areaCode: 604, phoneDigits: 7, zipPrefix: '050' },
      { name: 'Cali', state: 'Valle del Cauca', areaCode: 602, phoneDigits: 7, zipPrefix: '760' },
      { name: 'Barranquilla', state: 'Atlántico', areaCode: 605, phoneDigits: 7, zipPrefix: '080' },
      { name: 'Cartagena', state: 'Bolívar', areaCode: 605, phoneDigits: 7, zipPrefix: '130' },
    ],
    carriers: ['Avianca', 'LATAM Airlines Colombia', 'Wingo'],
  },
];

/** The market's postal code pattern for the city, for `faker.helpers.replaceSymbols` (`#` a digit). */
export function zipPatternOf(market: Market, city: City): string {
  return `${city.zipPrefix}${market.zipCodeFormat.slice(city.zipPrefix.length)}`;
}

/** A number of the document `type` every validator of the type accepts, drawn with `faker`. */
export function identificationNumberOf(type: IdentificationType, faker: Faker): string {
  // A body a check digit cannot complete (one in eleven at most) is drawn again.
  for (;;) {
    const body = IDENTIFICATION_NUMBER_FORMS[type].body.map((part) => faker.helpers.arrayElement(part));
    const number = identificationNumberFrom(type, body.join(''));
    if (number !== undefined) return number;
  }
}
