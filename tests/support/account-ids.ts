/**
 * The note a failed answer about one of the account's own resources carries against a target other than
 * the embedded mock: the id is the user's (lib/target.ts), and a 404 for a mistyped one reads like a
 * server's fault unless the failure says which variable named it.
 */
import type { ResourceId } from '../../lib/catalogue.ts';
import { ID_VARIABLES, VARIABLE_DOCS } from '../../lib/target.ts';
import { currentTarget } from './current-target.ts';
import type { FailureNote } from './checks.ts';

/** Undefined against the embedded mock, whose ids are its own seed. */
export function accountIdNote(id: ResourceId): FailureNote | undefined {
  const config = currentTarget();
  if (config.embedded) return undefined;
  const variable = ID_VARIABLES[id];
  return {
    summary: `${variable} is ${config[id]}: check that it names ${VARIABLE_DOCS[variable]?.meaning} of the account under test`,
    detail: [],
  };
}
