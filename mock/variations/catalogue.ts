/**
 * Every variation of the mock by name: the mutants (they break a rule) and the conformant variants (they
 * read an open point differently). A name the catalogue does not know is refused with the list of names.
 */
import { MUTANTS, type MutantData, type MutantName } from './mutants.ts';
import { PLATFORM_BASE, VARIANTS, type VariantData, type VariantName } from './variants.ts';

export type Mutant = MutantData & { type: 'mutant'; name: MutantName };
export type Variant = VariantData & { type: 'variant'; name: VariantName };
export type Variation = Mutant | Variant;
export type VariationType = Variation['type'];

/**
 * A mutant breaking a platform or HTTP fact is met under `platform`, where the reference mock fails
 * already: it takes a preference's fields only in the spec's forms, and that profile asks for the
 * platform's (platform.preference-request-forms). Such a mutant is built on the variant that takes the
 * platform's forms, proved under `platform` over the whole suite, so that what fails it is its own departure.
 */
export const ALL_MUTANTS: readonly Mutant[] = MUTANTS.map((m) => ({
  ...m,
  type: 'mutant' as const,
  effects: 'killedUnder' in m ? [...PLATFORM_BASE.effects, ...m.effects] : m.effects,
}));
export const ALL_VARIANTS: readonly Variant[] = VARIANTS.map((v) => ({ ...v, type: 'variant' as const }));

export class UnknownVariationError extends Error {
  override name = 'UnknownVariationError';
  constructor(type: VariationType, name: string) {
    const known = (type === 'mutant' ? ALL_MUTANTS : ALL_VARIANTS).map((v) => v.name);
    super(
      `Unknown ${type} ${JSON.stringify(name)}: not in mock/variations/${type}s.ts. Known ${type}s: ${known.join(', ')}`,
    );
  }
}

export function mutantByName(name: string): Mutant {
  const found = ALL_MUTANTS.find((m) => m.name === name);
  if (!found) throw new UnknownVariationError('mutant', name);
  return found;
}

export function variantByName(name: string): Variant {
  const found = ALL_VARIANTS.find((v) => v.name === name);
  if (!found) throw new UnknownVariationError('variant', name);
  return found;
}

/** What `--mutant NAME` / `--variant NAME` select, as one option value. */
export interface VariationChoice {
  type: VariationType;
  name: string;
}

export function variationOf(choice: VariationChoice | undefined): Variation | undefined {
  if (!choice) return undefined;
  return choice.type === 'mutant' ? mutantByName(choice.name) : variantByName(choice.name);
}
