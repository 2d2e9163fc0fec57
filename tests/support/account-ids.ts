/**
 * The notes a failed answer about one of the account's own resources carries against a target other than
 * the embedded mock: the id is the user's (lib/target.ts), and a 404 for a mistyped one, or for an
 * agreement an earlier destructive run already cancelled, reads like the server's fault unless the
 * failure says which variable named it.
 */
import type { ResourceId } from '../../lib/catalogue.ts';
import { ID_VARIABLES, VARIABLE_DOCS, VARIABLES } from '../../lib/target.ts';
import { failure } from '../../run/typed-failure.ts';
import type { ApiResponse } from './api-client.ts';
import { currentTarget } from './current-target.ts';
import type { FailureNote } from './checks.ts';
import { fail } from './outcome.ts';

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

/**
 * For an agreement or claim the run was lent rather than made by `fixtures`: a destructive run uses each
 * up, so the same ids fail a second run. Undefined against the embedded mock and a target with `fixtures`.
 */
export function lentIdNote(kind: 'agreement' | 'claim', id: string): FailureNote | undefined {
  const config = currentTarget();
  if (config.embedded || config.abilities.has('fixtures')) return undefined;
  const [single, list] =
    kind === 'agreement'
      ? [VARIABLES.agreementId, VARIABLES.agreementIds]
      : [VARIABLES.claimId, VARIABLES.claimIds];
  return {
    summary: `${id} came from ${single} or ${list}: check that it still names ${VARIABLE_DOCS[single]?.meaning}; an earlier destructive run may have used it up`,
    detail: [],
  };
}

/**
 * Stops the test as not tested where a lent agreement or claim answers as used up: an agreement its 404 or
 * 400 (gone, or kept and refused as cancelled already: the spec's rows carry no condition), a claim any
 * refusal (disputed or closed already). The run was lent it, not given it by `fixtures`, so an
 * earlier destructive run or the account's owner may have used it, and the answer cannot tell that from a
 * deviation. Against the embedded mock and with `fixtures` the resource is the run's own: nothing stops.
 */
export function stopWhereLentResourceUsedUp(
  kind: 'agreement' | 'claim',
  id: string,
  response: ApiResponse,
): void {
  const note = lentIdNote(kind, id);
  if (!note) return;
  const usedUp =
    kind === 'agreement'
      ? response.status === 404 || response.status === 400
      : response.status >= 400 && response.status < 500;
  if (!usedUp) return;
  fail(
    failure({
      kind: 'resource-used-up',
      seen: `answered ${response.status}; ${note.summary}`,
      detail: [`lend an active ${kind} for each test that uses one up, or give the target 'fixtures'`],
    }),
  );
}
