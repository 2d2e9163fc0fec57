/** POST /checkout/preferences: validated against schema `preference-request`, stored, answered 201. */
import { formsCarried, type RequestForm } from '../../lib/request-forms.ts';
import { ANY_CURRENCY } from '../../lib/target.ts';
import { bearerToken, type AreaHandlers } from '../context.ts';
import { badRequest, cause, MESSAGES } from '../errors.ts';
import { requestViolations, violationCauses } from '../validation.ts';

/** The official SDK posts to `/checkout/preferences/`; the same handler serves both spellings. */
export const PREFERENCE_PATH_ALIASES = ['/checkout/preferences/'];

/** Whether `value` is in the platform's form of `form`'s field. */
function inPlatformForm(form: RequestForm, value: unknown): boolean {
  return form.platformType.startsWith('string') ? typeof value === 'string' : Number.isInteger(value);
}

/**
 * A preference whose fields the platform types otherwise, taken only in the platform's forms, as the
 * platform itself would: a field in the spec's form is refused; one in the platform's is read back into
 * the spec's for validation (a numeric string as its number, an integer for a nullable field as null).
 */
function fromPlatformForms(body: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const form of formsCarried('preference', body)) {
    const keys = form.field.split('.');
    const parent = keys
      .slice(0, -1)
      .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
    const value = parent[keys.at(-1)!];
    if (!inPlatformForm(form, value)) {
      const message = MESSAGES.notPlatformForm(form.field, form.platformType);
      throw badRequest(message, [cause('invalid_field', message, form.field)]);
    }
    parent[keys.at(-1)!] =
      typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : typeof value === 'string'
          ? value
          : null;
  }
  return copy;
}

export const checkoutHandlers: AreaHandlers = {
  preference: (request, reply, ctx) => {
    const token = bearerToken(request);
    if (request.body === undefined) throw badRequest(MESSAGES.bodyRequired);
    const judged =
      ctx.rules.preferenceFieldForms === 'platform' ? fromPlatformForms(request.body) : request.body;
    const violations = ctx.rules.validatePreferences ? requestViolations('preference-request', judged) : [];
    if (violations.length > 0) throw badRequest(MESSAGES.invalidRequestBody, violationCauses(violations));
    // An account takes its own market's currency only (the spec names no currency, so either is conformant).
    const currency = ctx.rules.preferenceCurrency;
    const items = (judged as { items?: { currency_id?: unknown }[] }).items ?? [];
    const other =
      currency === ANY_CURRENCY
        ? -1
        : items.findIndex((item) => item.currency_id !== undefined && item.currency_id !== currency);
    if (other >= 0) {
      const message = MESSAGES.currencyNotTaken(currency);
      throw badRequest(message, [cause('invalid_field', message, `items.${other}.currency_id`)]);
    }
    const stored = ctx.state.storePreference(
      request.body as Record<string, unknown>,
      token.userId,
      token.clientId,
    );
    return reply.code(201).send(stored);
  },
};
