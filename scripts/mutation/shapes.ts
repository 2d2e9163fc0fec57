/**
 * The shapes of target the faithful mock and every conformant variant are proved in, because real targets
 * differ from the embedded mock in what they offer beyond the spec:
 * - `full`: every ability of the embedded mock (its control surface on);
 * - `sandbox`: a real sandbox's shape, the mock served with `--no-control` and the abilities its
 *   `--print-env` prints for that (authorize, destructive), one resource of each kind;
 * - `none`: no ability at all (`PAYMENTS_ABILITIES=` empty), as a target a user has not described.
 * Mutants are met in the full shape only: a rule is broken the same way whatever the target offers.
 *
 * The full shape runs a variant's whole scope first. The sandbox and none shapes then run the tests of it
 * that read the target's abilities there (tests/support/declared-contract.ts notes each read): the shapes
 * differ only in the abilities a run is given and in the control surface the mock opens, which a test
 * reaches only through its abilities, so up to its first read a test sends the same requests to a server
 * that answers them the same, and one that never read them runs in every shape as in the full one. A
 * variant none of whose tests read them is reported "as full" in those shapes (SAME_AS_FULL).
 *
 * In the sandbox and none shapes, generated tests draw a few cases each (REDUCED_SHAPE_RUNS): a shape
 * changes which requests a test can send and where its resources come from, not which values it draws,
 * and the full shape draws every case.
 */
import { GENERATIVE_VARIABLES } from '../../lib/generation.ts';
import { VARIABLES } from '../../lib/target.ts';

/** Cases per generated test in the reduced shapes. */
export const REDUCED_SHAPE_RUNS = 3;

export const SHAPES = ['full', 'sandbox', 'none'] as const;
export type Shape = (typeof SHAPES)[number];
export const REDUCED_SHAPES = ['sandbox', 'none'] as const satisfies readonly Shape[];

/** The scope of a reduced shape none of whose tests read the abilities in the full shape. */
export const SAME_AS_FULL = 'as in the full shape: none of its tests read the abilities';

export interface ShapeOfTarget {
  /** Whether the mock serves its control surface (/__control/*, Prefer faults). */
  control: boolean;
  /** Variables over the ones the mock prints for itself. */
  env: Record<string, string>;
}

export const SHAPE_OF: Record<Shape, ShapeOfTarget> = {
  full: { control: true, env: {} },
  sandbox: { control: false, env: { [GENERATIVE_VARIABLES.runs]: String(REDUCED_SHAPE_RUNS) } },
  none: {
    control: false,
    env: { [VARIABLES.abilities]: '', [GENERATIVE_VARIABLES.runs]: String(REDUCED_SHAPE_RUNS) },
  },
};

/** A target's name in a run: the variation's, with the shape after an `@` unless it is the full one. */
export function shapedName(name: string, shape: Shape): string {
  return shape === 'full' ? name : `${name}@${shape}`;
}
