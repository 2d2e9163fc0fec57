/**
 * Sending a request whose fields the platform types otherwise than the spec (lib/request-forms.ts), in
 * the forms the run's profile asks for:
 * - `strict` sends the spec's form; when a target refuses it, the note says how the platform types each
 *   such field and that lenient sends that form (the failure shows it);
 * - `lenient` and `platform` send the platform's form first, and record its allowance when it is taken;
 *   refused, the spec's form is sent, and that the platform's own form was refused is a platform fact not
 *   followed (advice, a failure under `platform`).
 */
import { test } from '@playwright/test';
import type { AllowanceName } from '../../lib/allowances.ts';
import type { EndpointId } from '../../lib/catalogue.ts';
import { allowancesApply, type Profile } from '../../lib/profiles.ts';
import {
  formsCarried,
  inPlatformForms,
  platformFormsNote,
  REQUEST_FORMS,
  type PlatformFormsNote,
} from '../../lib/request-forms.ts';
import { PLATFORM_FORM } from '../../run/skip-reasons.ts';
import type { ApiResponse } from './api-client.ts';

export interface SentInForms {
  response: ApiResponse;
  /** The allowances of the form that was answered. */
  allowances: AllowanceName[];
  /** Set when the platform's own form was refused and the spec's then answered. */
  platformFormRefused?: string;
  /** For a refusal of the spec's form: how the platform types its fields. */
  note?: PlatformFormsNote;
}

const refused = (response: ApiResponse) => response.status >= 400 && response.status < 500;

export async function sendInForms<T>(
  endpoint: EndpointId,
  body: T,
  profile: Profile,
  send: (body: T) => Promise<ApiResponse>,
): Promise<SentInForms> {
  const note = platformFormsNote(formsCarried(endpoint, body));
  const platform = allowancesApply(profile) ? inPlatformForms(endpoint, body) : undefined;
  if (!platform) {
    const response = await send(body);
    return { response, allowances: [], ...(refused(response) && note ? { note } : {}) };
  }
  const first = await send(platform.body);
  if (!refused(first)) return { response: first, allowances: platform.allowances };
  const response = await send(body);
  return {
    response,
    allowances: [],
    ...(refused(response)
      ? {}
      : {
          platformFormRefused: `the platform's form (${platform.allowances.join(', ')}) was refused with ${first.status}, the spec's taken`,
        }),
  };
}

/**
 * Skips a test that sends, as a broken rule, a value of the type the platform gives the field: under
 * lenient and platform it breaks no rule.
 */
export function skipWherePlatformForm(profile: Profile, requirement: string): void {
  const form = REQUEST_FORMS.find((f) => f.requirement === requirement);
  if (form && allowancesApply(profile)) test.skip(true, PLATFORM_FORM(form.field, form.platformType));
}
