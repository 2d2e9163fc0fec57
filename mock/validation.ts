/**
 * Request validation against schemas/, in one place, so the mock and the suite judge requests by the
 * same schemas. Answers the violations as the error body's cause entries.
 */
import type { SchemaName } from '../lib/catalogue.ts';
import { validate, type SchemaViolation } from '../schemas/registry.ts';
import type { ErrorCause } from '../lib/error-body.ts';
import { cause } from './errors.ts';

/** Violations of `data` under the strict profile: what the spec says a request must be. */
export function requestViolations(name: SchemaName, data: unknown): SchemaViolation[] {
  return validate(name, data, 'strict').violations;
}

export function violationCauses(violations: SchemaViolation[]): ErrorCause[] {
  return violations.map((v) =>
    cause(
      `invalid_${v.keyword.replace(/\W+/g, '_')}`,
      `${v.pointer || '(body)'} ${v.message}`,
      v.pointer || null,
    ),
  );
}
