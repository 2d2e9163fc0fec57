/**
 * Mutants that refuse requests a conforming server accepts: each names what it refuses, checked before
 * the clean handler runs. Keyed by mutant name.
 */
import type { MutantName } from './catalogue.ts';

type JsonObject = Record<string, unknown>;
/** The refusal message for a request body the mutant refuses; undefined to let it through. */
type Refusal = (body: unknown) => string | undefined;

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as JsonObject)[name] : undefined;

export const REFUSALS = {
  warranty: 'items[].warranty is not accepted',
  payerAddress: 'payer.address is required',
  shipments: 'shipments is required',
} as const;

export const REQUEST_REFUSALS: Partial<Record<MutantName, Refusal>> = {
  'preference-rejects-warranty': (body) => {
    const items = field(body, 'items');
    return Array.isArray(items) && items.some((item) => field(item, 'warranty') !== undefined)
      ? REFUSALS.warranty
      : undefined;
  },
  'preference-requires-payer-address': (body) =>
    field(field(body, 'payer'), 'address') === undefined ? REFUSALS.payerAddress : undefined,
  'preference-requires-shipments': (body) =>
    field(body, 'shipments') === undefined ? REFUSALS.shipments : undefined,
};
