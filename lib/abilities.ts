/**
 * What a target can do for the suite beyond the spec: the optional control surface a test may need to
 * provoke a documented path. A target declares its abilities in PAYMENTS_ABILITIES; a test that needs one
 * the target lacks is skipped, saying which.
 */
export const ABILITIES = ['faults', 'clock', 'authorize', 'destructive', 'fixtures'] as const;
export type Ability = (typeof ABILITIES)[number];

export const ABILITY_DESCRIPTIONS: Record<Ability, string> = {
  faults: 'a request with `Prefer: code=NNN[, example=NAME]` is answered with that documented error',
  clock:
    'POST /__control/clock {"advance_seconds": N, "credentials": [codes and tokens]} ages those credentials by N seconds',
  authorize:
    'GET /authorization?response_type=code&client_id=..&redirect_uri=..&state=.. answers 302 with a fresh code',
  destructive: 'the suite may cancel agreements, open disputes and enable report scheduling',
  fixtures:
    'POST /__control/fixtures {"kind": "agreement" | "claim"} answers 201 {"id": ...}, a fresh resource',
};

/**
 * What each ability lets a target do, as a skipped test explains itself to someone reading a run against
 * a real sandbox: which abilities such a target has by nature, and which one is theirs to give.
 */
export const ABILITY_PURPOSES: Record<Ability, string> = {
  faults:
    'answers a documented error on request (Prefer: code=NNN), as the embedded mock does; a sandbox does not',
  clock: 'moves its clock on request to age codes and tokens, as the embedded mock does; a sandbox does not',
  authorize:
    'mints authorization codes without a person, as the embedded mock does; a sandbox asks a person (npm run authorize)',
  destructive:
    'may have the resources it lent used up (agreements cancelled, disputes opened, reports scheduled): give it when you lend them',
  fixtures: 'creates agreements and claims on request, as the embedded mock does; a sandbox does not',
};

/** Abilities that live on the control surface, and so disappear when a mock runs without it. */
export const CONTROL_ABILITIES: readonly Ability[] = ['faults', 'clock', 'fixtures'];

export function isAbility(name: string): name is Ability {
  return (ABILITIES as readonly string[]).includes(name);
}

/** The tag a test that needs `ability` carries, so `--grep-invert @needs-faults` and the gate can find it. */
export function abilityTag(ability: Ability): `@needs-${Ability}` {
  return `@needs-${ability}`;
}

/** The abilities named by a test's `@needs-<ability>` tags. */
export function abilitiesOfTags(tags: readonly string[]): Ability[] {
  return tags
    .filter((tag) => tag.startsWith('@needs-'))
    .map((tag) => tag.slice('@needs-'.length))
    .filter(isAbility);
}
