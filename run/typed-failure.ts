/**
 * A typed failure (lib/failures.ts) with its message: the citation of its basis first, then what was
 * expected and seen, then detail; every part redacted. The checks, the generated cases and the target's
 * set-up all build their failures here, so a failure reads the same wherever it was found.
 */
import { citation, type Basis } from '../lib/basis.ts';
import type { Failure, FailureKind } from '../lib/failures.ts';
import { redact } from './redact.ts';

export interface FailureFacts {
  kind: FailureKind;
  basis?: Basis;
  expected?: string;
  seen: string;
  /** Lines shown under the first, e.g. the schema's pointer and rule. */
  detail?: readonly string[];
}

/** A failure with its message: the citation first, then what was expected and seen, then detail. */
export function failure({ kind, basis, expected, seen, detail = [] }: FailureFacts): Failure {
  const head = basis ? `${citation(basis)}: ${seen}` : seen;
  const lines = [head, ...(expected ? [`  expected: ${expected}`] : []), ...detail.map((d) => `  ${d}`)];
  return {
    kind,
    ...(basis ? { basis } : {}),
    ...(expected ? { expected: redact(expected) } : {}),
    seen: redact(seen),
    message: redact(lines.join('\n')),
  };
}
