/**
 * Request validation against schemas/, in one place, so the mock and the suite judge requests by the
 * same schemas. Answers the violations as the error body's cause entries.
 */
import type { SchemaName } from '../lib/catalogue.ts';
import { cause, type ErrorCause } from './errors.ts';

export interface RequestViolation {
  pointer: string;
  message: string;
}

export function requestViolations(_name: SchemaName, data: unknown): RequestViolation[] {
  // Placeholder until schemas/registry.ts lands: only the object shape is checked.
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return [{ pointer: '', message: 'must be object' }];
  }
  return [];
}

export function violationCauses(violations: RequestViolation[]): ErrorCause[] {
  return violations.map((v) =>
    cause('invalid_field', `${v.pointer || '(body)'} ${v.message}`, v.pointer || null),
  );
}
