/**
 * How strictly a run judges a target. Every check has a basis: a requirement of the spec, or a published
 * fact of the real platform (`platform`), or a rule of HTTP or OAuth (`http`).
 * - `strict`: the spec's requirements fail a test; platform and HTTP facts are reported as advice.
 * - `lenient`: as strict, but a known real-world departure from a requirement passes under its named
 *   allowance (recorded on the test, never silently).
 * - `platform`: as lenient, and platform and HTTP facts fail too: for faithful replicas of the real
 *   platform, which has the known departures the allowances name.
 */
export const PROFILES = ['strict', 'lenient', 'platform'] as const;
export type Profile = (typeof PROFILES)[number];
export const DEFAULT_PROFILE: Profile = 'strict';

export function isProfile(name: string): name is Profile {
  return (PROFILES as readonly string[]).includes(name);
}

/** Whether a failed platform or HTTP fact fails the test under `profile` (else it is advice). */
export function adviceFails(profile: Profile): boolean {
  return profile === 'platform';
}

/** Whether the lenient allowances may excuse a requirement under `profile`. */
export function allowancesApply(profile: Profile): boolean {
  return profile === 'lenient' || profile === 'platform';
}
