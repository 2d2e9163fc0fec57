/**
 * The basis of a check: the requirement of the spec it enforces, or the platform or HTTP fact it
 * advises on. A failure quotes it, so whoever reads it can file the bug without reading the spec again.
 */
import { adviceById, isAdviceId, type AdviceId } from './advice.ts';
import { isRequirementId, requirementById, type RequirementId } from './requirements/index.ts';

export type Basis = RequirementId | AdviceId;
export type BasisSource = 'spec' | 'platform' | 'http';

export interface ResolvedBasis {
  id: Basis;
  source: BasisSource;
  /** The spec's words, verbatim; for a platform or HTTP fact, its statement. */
  quote: string;
  /** The spec's section; for a platform or HTTP fact, where it is published. */
  where: string;
}

export function isBasis(id: string): id is Basis {
  return isRequirementId(id) || isAdviceId(id);
}

export function resolveBasis(id: Basis): ResolvedBasis {
  if (isAdviceId(id)) {
    const advice = adviceById(id);
    return { id, source: advice.source, quote: advice.statement, where: advice.evidence };
  }
  const requirement = requirementById(id);
  return { id, source: 'spec', quote: requirement.quote, where: requirement.section };
}

/** `chargeback.amount-number — "amount | number | Chargeback amount" (Resources and their fields › Chargeback)` */
export function citation(id: Basis): string {
  const basis = resolveBasis(id);
  const label = basis.source === 'spec' ? '' : `${basis.source} fact, `;
  return `${basis.id} — "${basis.quote}" (${label}${basis.where})`;
}

/** Spec requirements fail under every profile; platform and HTTP facts are advice but under `platform`. */
export function isSpecBasis(id: Basis): id is RequirementId {
  return !isAdviceId(id);
}
