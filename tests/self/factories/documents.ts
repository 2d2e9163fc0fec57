/**
 * The document numbers and postal codes of the platform's sites, checked a second time, apart from
 * lib/sure-valid.ts's table, so a slip in the table's arithmetic cannot confirm itself: each check digit
 * written out as its issuer states it, each postal code as its site writes it.
 */

import type { PreferenceRequest } from '../../../factories/preference.ts';

const digitsOf = (text: string) => [...text].map(Number);

/** Brazil: each check digit is 11 minus the weighted sum modulo 11, 0 where that is 10 or 11. */
function brazilianDigits(number: string, firstWeights: number[]): boolean {
  const all = digitsOf(number);
  for (const extra of [0, 1]) {
    const weights = extra === 0 ? firstWeights : [firstWeights[0]! + 1, ...firstWeights];
    const body = all.slice(0, weights.length);
    const sum = body.reduce((total, digit, i) => total + digit * weights[i]!, 0);
    const digit = 11 - (sum % 11);
    if (all[weights.length] !== (digit >= 10 ? 0 : digit)) return false;
  }
  return true;
}

const CPF_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Argentina (CUIT, CUIL): 11 minus the weighted sum modulo 11; 11 is 0, 10 no number. */
function argentineDigit(number: string): boolean {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = digitsOf(number.slice(0, 10)).reduce((total, digit, i) => total + digit * weights[i]!, 0);
  const digit = 11 - (sum % 11);
  return digit !== 10 && Number(number[10]) === digit % 11;
}

/** Chile (RUT): the body's digits from the right times 2, 3, 4, 5, 6, 7, 2...; 11 is 0, 10 is K. */
function chileanDigit(number: string): boolean {
  const body = number.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const digit = 11 - (sum % 11);
  return number.at(-1) === (digit === 11 ? '0' : digit === 10 ? 'K' : String(digit));
}

/** A YYMMDD date that is a real day. */
function realDate(yymmdd: string): boolean {
  const [year, month, day] = [yymmdd.slice(0, 2), yymmdd.slice(2, 4), yymmdd.slice(4, 6)].map(Number);
  const date = new Date(Date.UTC(1900 + year!, month! - 1, day));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** Mexico: each character's place in the key's alphabet, weighted from `top` down. */
const mexicanSum = (key: string, alphabet: string, top: number) =>
  [...key].reduce((total, ch, i) => total + alphabet.indexOf(ch) * (top - i), 0);

/** Mexico's RFC of a person: 11 minus the sum modulo 11 (0 for 11, A for 10). */
function rfcDigit(number: string): boolean {
  const digit = 11 - (mexicanSum(number.slice(0, 12), '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ', 13) % 11);
  return number[12] === (digit === 11 ? '0' : digit === 10 ? 'A' : String(digit));
}

/** Mexico's CURP: 10 minus the sum modulo 10 (0 for 10). */
function curpDigit(number: string): boolean {
  const digit =
    (10 - (mexicanSum(number.slice(0, 17), '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ', 18) % 10)) % 10;
  return number[17] === String(digit);
}

/** Why `number` is no valid number of `type`, or undefined where it is one. */
export function documentProblem(type: string, number: unknown): string | undefined {
  if (typeof number !== 'string') return `not a string`;
  const problem = (ok: boolean, what: string) => (ok ? undefined : what);
  switch (type) {
    case 'CPF':
      return (
        problem(/^\d{11}$/.test(number), '11 digits') ??
        problem(!/^(\d)\1{10}$/.test(number), 'not all one digit') ??
        problem(brazilianDigits(number, CPF_WEIGHTS), 'check digits')
      );
    case 'CNPJ':
      return (
        problem(/^\d{14}$/.test(number), '14 digits') ??
        problem(brazilianDigits(number, CNPJ_WEIGHTS), 'check digits')
      );
    case 'CUIT':
    case 'CUIL':
      return (
        problem(/^(20|23|24|27|30|33|34)\d{9}$/.test(number), 'a prefix and 9 digits') ??
        problem(argentineDigit(number), 'check digit')
      );
    case 'RUT':
      return (
        problem(/^\d{7,8}[\dK]$/.test(number), '7 or 8 digits and a check') ??
        problem(chileanDigit(number), 'check digit')
      );
    case 'RFC':
      return (
        problem(/^[A-Z]{4}\d{6}[A-Z\d]{2}[\dA]$/.test(number), "the form of a person's RFC") ??
        problem(realDate(number.slice(4, 10)), 'a real birth date') ??
        problem(rfcDigit(number), 'check character')
      );
    case 'CURP':
      return (
        problem(
          /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/.test(number),
          "a CURP's form",
        ) ??
        problem(realDate(number.slice(4, 10)), 'a real birth date') ??
        problem(curpDigit(number), 'check digit')
      );
    case 'DNI':
      return problem(/^\d{8}$/.test(number), '8 digits');
    case 'CC':
      return problem(/^\d{6,10}$/.test(number), '6 to 10 digits');
    case 'CE':
      return problem(/^\d{9}$/.test(number), '9 digits');
    case 'NIT':
      return problem(/^\d{10}$/.test(number), '9 digits and a check digit');
    case 'RUC':
      return problem(/^(10|15|17|20)\d{9}$/.test(number), 'a prefix and 9 digits');
    case 'CI':
      return problem(/^\d{8}$/.test(number), '7 digits and a check digit');
    default:
      return `no site has the type ${type}`;
  }
}

/** Each site's postal codes, by its currency, as the site writes them. */
export const ZIP_CODES: Readonly<Record<string, RegExp>> = {
  ARS: /^\d{4}$/,
  BRL: /^\d{5}-\d{3}$/,
  MXN: /^\d{5}$/,
  CLP: /^\d{7}$/,
  COP: /^\d{6}$/,
  PEN: /^\d{5}$/,
  UYU: /^\d{5}$/,
};

/** Why `zip` is no postal code of the site whose currency is `currency` (any site's where it has none). */
export function zipCodeProblem(currency: string | undefined, zip: unknown): string | undefined {
  const own = currency === undefined ? undefined : ZIP_CODES[currency];
  const formats = own ? [own] : Object.values(ZIP_CODES);
  return typeof zip === 'string' && formats.some((format) => format.test(zip))
    ? undefined
    : `${JSON.stringify(zip)} is no postal code of ${currency ?? 'any site'}`;
}

/** Every document (payer, passengers) and postal code of a preference, with where it sits. */
export function documentsAndZipCodes(preference: PreferenceRequest): {
  documents: { at: string; type: unknown; number: unknown }[];
  zipCodes: { at: string; zip: unknown }[];
} {
  const identification = preference.payer?.identification;
  const documents = [
    ...(identification ? [{ at: 'payer.identification', ...identification }] : []),
    ...(preference.items ?? []).flatMap((item, i) => {
      const passenger = item.category_descriptor?.passenger;
      return passenger ? [{ at: `items[${i}].category_descriptor.passenger`, ...passenger }] : [];
    }),
  ].map((d) => ({ at: d.at, type: d.identification_type, number: d.identification_number }));
  const zipCodes = [
    { at: 'payer.address.zip_code', zip: preference.payer?.address?.zip_code },
    { at: 'shipments.receiver_address.zip_code', zip: preference.shipments?.receiver_address?.zip_code },
  ].filter(({ zip }) => zip !== undefined);
  return { documents, zipCodes };
}
