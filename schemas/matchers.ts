/**
 * `expect(body).toMatchSchema('<name>', { profile })`: validates with the registry and, on failure, lists
 * every violation (pointer, rule, offending value). Under the lenient profile a pass records nothing here;
 * callers that need the allowances used call `validate` themselves (tests/support records them).
 */
import { expect as baseExpect } from '@playwright/test';
import type { SchemaName } from '../lib/catalogue.ts';
import type { Profile } from '../lib/profiles.ts';
import { formatViolations, validate } from './registry.ts';

export interface MatchSchemaOptions {
  profile?: Profile;
}

export const expect = baseExpect.extend({
  toMatchSchema(received: unknown, name: SchemaName, options: MatchSchemaOptions = {}) {
    const profile = options.profile ?? 'strict';
    const outcome = validate(name, received, profile);
    const subject = `${this.utils.matcherHint('toMatchSchema', 'body', `'${name}'`, { isNot: this.isNot })}`;
    const message = outcome.valid
      ? () =>
          `${subject}\n\nExpected the body not to match schema '${name}' (${profile}), but it does` +
          (outcome.allowances.length ? ` with allowances: ${outcome.allowances.join(', ')}` : '')
      : () => `${subject}\n\nProfile: ${profile}\n${formatViolations(name, outcome.violations)}`;
    return { pass: outcome.valid, message, name: 'toMatchSchema', expected: name, actual: received };
  },
});
