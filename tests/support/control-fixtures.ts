/**
 * The `fixtures` ability's control route (lib/abilities.ts): a fresh agreement or claim for a test that
 * uses one up. A target that claims the ability and answers otherwise fails the test as the ability
 * broken, never as a contract deviation.
 */
import type { Ability } from '../../lib/abilities.ts';
import type { ApiClient } from './api-client.ts';
import { fail } from './outcome.ts';
import { failure } from '../../run/typed-failure.ts';

/** Fails the running test: the target claims `ability`, but `seen` shows it does not hold. */
export function abilityBroken(ability: Ability, seen: string): never {
  fail(failure({ kind: 'ability-broken', seen: `the target claims '${ability}', but ${seen}` }));
}

/** The id of a fresh `kind` from POST /__control/fixtures, which answers 201 {"id": ...}. */
export async function createdFixtureId(client: ApiClient, kind: 'agreement' | 'claim'): Promise<string> {
  const response = await client.createFixture(kind);
  const id = (response.body as { id?: unknown } | undefined)?.id;
  if (response.status !== 201 || (typeof id !== 'string' && typeof id !== 'number')) {
    abilityBroken(
      'fixtures',
      `POST /__control/fixtures {"kind": "${kind}"} answered ${response.status}, not 201 {"id": ...}`,
    );
  }
  return String(id);
}
