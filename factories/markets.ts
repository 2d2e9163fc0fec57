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

export interface City {
  name: string;
  state: string;
  areaCode: number;
  /** Digits of the local phone number after the area code. */
  phoneDigits: number;
  /** Pattern for `faker.helpers.replaceSymbols`-like filling: `#` digit, `?` upper-case letter. */
  zipPattern: string;
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
  identification: { type: string; pattern: string };
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
    identification: { type: 'CPF', pattern: '###########' },
    cities: [
      { name: 'São Paulo', state: 'São Paulo', areaCode: 11, phoneDigits: 9, zipPattern: '0####-###' },
      {
        name: 'Rio de Janeiro',
        state: 'Rio de Janeiro',
        areaCode: 21,
        phoneDigits: 9,
        zipPattern: '2####-###',
      },
      {
        name: 'Belo Horizonte',
        state: 'Minas Gerais',
        areaCode: 31,
        phoneDigits: 9,
        zipPattern: '30###-###',
      },
      { name: 'Curitiba', state: 'Paraná', areaCode: 41, phoneDigits: 9, zipPattern: '8####-###' },
      {
        name: 'Porto Alegre',
        state: 'Rio Grande do Sul',
        areaCode: 51,
        phoneDigits: 9,
        zipPattern: '9####-###',
      },
      { name: 'Salvador', state: 'Bahia', areaCode: 71, phoneDigits: 9, zipPattern: '4####-###' },
      { name: 'Recife', state: 'Pernambuco', areaCode: 81, phoneDigits: 9, zipPattern: '5####-###' },
      { name: 'Brasília', state: 'Distrito Federal', areaCode: 61, phoneDigits: 9, zipPattern: '7####-###' },
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
    identification: { type: 'RFC', pattern: '????######???' },
    cities: [
      {
        name: 'Ciudad de México',
        state: 'Ciudad de México',
        areaCode: 55,
        phoneDigits: 8,
        zipPattern: '0####',
      },
      { name: 'Guadalajara', state: 'Jalisco', areaCode: 33, phoneDigits: 8, zipPattern: '44###' },
      { name: 'Monterrey', state: 'Nuevo León', areaCode: 81, phoneDigits: 8, zipPattern: '64###' },
      { name: 'Puebla', state: 'Puebla', areaCode: 222, phoneDigits: 7, zipPattern: '72###' },
      { name: 'Querétaro', state: 'Querétaro', areaCode: 442, phoneDigits: 7, zipPattern: '76###' },
      { name: 'Mérida', state: 'Yucatán', areaCode: 999, phoneDigits: 7, zipPattern: '97###' },
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
    identification: { type: 'DNI', pattern: '########' },
    cities: [
      {
        name: 'Buenos Aires',
        state: 'Ciudad Autónoma de Buenos Aires',
        areaCode: 11,
        phoneDigits: 8,
        zipPattern: 'C1###???',
      },
      { name: 'Córdoba', state: 'Córdoba', areaCode: 351, phoneDigits: 7, zipPattern: 'X5###???' },
      { name: 'Rosario', state: 'Santa Fe', areaCode: 341, phoneDigits: 7, zipPattern: 'S2###???' },
      { name: 'Mendoza', state: 'Mendoza', areaCode: 261, phoneDigits: 7, zipPattern: 'M5###???' },
      {
        name: 'San Miguel de Tucumán',
        state: 'Tucumán',
        areaCode: 381,
        phoneDigits: 7,
        zipPattern: 'T4###???',
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
    identification: { type: 'CC', pattern: '##########' },
    cities: [
      { name: 'Bogotá', state: 'Cundinamarca', areaCode: 601, phoneDigits: 7, zipPattern: '11####' },
      { name: 'Medellín', state: 'Antioquia', areaCode: 604, phoneDigits: 7, zipPattern: '050###' },
      { name: 'Cali', state: 'Valle del Cauca', areaCode: 602, phoneDigits: 7, zipPattern: '760###' },
      { name: 'Barranquilla', state: 'Atlántico', areaCode: 605, phoneDigits: 7, zipPattern: '080###' },
      { name: 'Cartagena', state: 'Bolívar', areaCode: 605, phoneDigits: 7, zipPattern: '130###' },
    ],
    carriers: ['Avianca', 'LATAM Airlines Colombia', 'Wingo'],
  },
];
