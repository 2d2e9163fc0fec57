/**
 * Small named checks the conformance specs are written in. Each runs as its own report step, fails with
 * a message that says which rule of the spec was broken, and is redacted before anything records it.
 */
import { expect, test } from '@playwright/test';
import { label, logStep } from 'allure-js-commons';
import type { DocumentedError, SchemaName } from '../../lib/catalogue.ts';
import { formatViolations, validate } from '../../schemas/registry.ts';
import type { ApiResponse } from './api-client.ts';
import { targetConfig } from './config.ts';
import { redact, redactingErrors } from './redact.ts';

/** Allowances the suite itself grants under `lenient` (behaviour, not shape; the schemas hold the shape ones). */
export const BEHAVIOUR_ALLOWANCES = {
  'refresh-token-reusable': {
    description:
      'The platform rotates refresh tokens (single use); some targets accept a used refresh token again.',
  },
  'rate-limit-without-retry-after': {
    description:
      'A 429 local_rate_limited tells the client to "retry"; some targets do not say when (no Retry-After header).',
  },
} as const;
/** A name of BEHAVIOUR_ALLOWANCES above or of the schemas' ALLOWANCES (schemas/allowances.ts). */
export type AllowanceName = string;

const BODY_EXCERPT_LENGTH = 600;
const ERROR_SCHEMA: SchemaName = 'error';

/** The body as readable, redacted text for a failure message. */
export function describeBody(response: ApiResponse): string {
  const text = response.body === undefined ? response.text : JSON.stringify(response.body);
  const excerpt = text.length > BODY_EXCERPT_LENGTH ? `${text.slice(0, BODY_EXCERPT_LENGTH)}…` : text;
  return redact(excerpt === '' ? '(empty body)' : excerpt);
}

/** Runs one named check as a report step; whatever it throws is redacted. */
function check<T>(title: string, body: () => T | Promise<T>): Promise<T> {
  return test.step(redact(title), () => redactingErrors(body), { box: true });
}

/**
 * Records a lenient allowance the run relied on: a Playwright annotation (JUnit, JSON, the coverage
 * matrix) and an Allure label plus a visible step (runtime annotations do not reach Allure).
 */
export async function recordAllowance(name: string): Promise<void> {
  const info = test.info();
  if (info.annotations.some((a) => a.type === 'allowance' && a.description === name)) return;
  info.annotations.push({ type: 'allowance', description: name });
  await label('allowance', name);
  await logStep(`allowance: ${name}`);
}

export function checkStatus(response: ApiResponse, expected: number | readonly number[]) {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  return check(`status is ${allowed.join(' or ')}`, () => {
    expect(
      allowed.includes(response.status),
      `expected HTTP status ${allowed.join(' or ')}, got ${response.status}; body: ${describeBody(response)}`,
    ).toBe(true);
  });
}

/** Validates `body` against a schema under the configured profile; lenient allowances used are recorded. */
export function checkSchema(body: unknown, name: SchemaName) {
  const { profile } = targetConfig();
  return check(`body matches schema ${name} (${profile})`, async () => {
    expect(body, `expected a JSON body for schema ${name}, got none (empty or not JSON)`).toBeDefined();
    const outcome = validate(name, body, profile);
    expect(outcome.valid, formatViolations(name, outcome.violations)).toBe(true);
    for (const allowance of outcome.allowances) await recordAllowance(allowance);
  });
}

/**
 * A spec rule the platform is known to break in practice: under `strict` a violation fails; under
 * `lenient` it passes and the named allowance is recorded, never silently.
 */
export function checkRuleOrAllowance(holds: boolean, allowance: AllowanceName, rule: string) {
  const { profile } = targetConfig();
  return check(`${rule} (${profile})`, async () => {
    if (holds) return;
    if (profile === 'lenient') {
      await recordAllowance(allowance);
      return;
    }
    expect(holds, `${rule}: not so on this target (allowed only under lenient as '${allowance}')`).toBe(true);
  });
}

/**
 * A 429 tells the client to "retry" (Errors table); when is Retry-After's job, as delay-seconds or an
 * HTTP date (RFC 9110). Missing: fails under strict, the allowance under lenient (docs/decisions.md).
 */
export function checkRetryAfter(response: ApiResponse) {
  const value = response.headers['retry-after']?.trim();
  const valid = value !== undefined && (/^\d+$/.test(value) || !Number.isNaN(Date.parse(value)));
  return checkRuleOrAllowance(
    valid,
    'rate-limit-without-retry-after',
    'a 429 says when to retry (Retry-After)',
  );
}

/**
 * A single-use rule (e.g. a refresh token): the repeated use must answer the documented error; a target
 * that accepts it again fails under strict and passes under lenient with the named allowance recorded.
 */
export async function checkSingleUse(
  repeated: ApiResponse,
  row: DocumentedError,
  allowance: AllowanceName,
  rule: string,
) {
  const accepted = repeated.status >= 200 && repeated.status < 300;
  await checkRuleOrAllowance(!accepted, allowance, rule);
  if (!accepted) await checkDocumentedError(repeated, row);
}

/** The platform's error body shape `{message, error, status, cause[]}` (docs/decisions.md). */
export function checkErrorShape(response: ApiResponse) {
  return checkSchema(response.body, ERROR_SCHEMA);
}

/** The documented code counts as present in `error`, `code` or any `cause[].code`. */
export function documentedCodesOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const causes = Array.isArray(record.cause) ? (record.cause as unknown[]) : [];
  const causeCodes = causes.map((c) =>
    typeof c === 'object' && c !== null ? (c as Record<string, unknown>).code : undefined,
  );
  return [record.error, record.code, ...causeCodes]
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(String);
}

export function checkDocumentedCode(body: unknown, code: string) {
  return check(`documented code ${code} is present`, () => {
    const found = documentedCodesOf(body);
    expect(
      found.includes(code),
      `expected code ${code} in error, code or cause[].code; found ${found.length > 0 ? found.join(', ') : 'none'}`,
    ).toBe(true);
  });
}

/** A row of the spec's Errors table: its status, the error shape, and its code where the spec names one. */
export async function checkDocumentedError(response: ApiResponse, row: DocumentedError) {
  await checkStatus(response, row.status);
  await checkErrorShape(response);
  if (row.code) await checkDocumentedCode(response.body, row.code);
}

/** A rejection the spec does not pin to one status: any 4xx, in the error shape. */
export async function checkRejected(response: ApiResponse) {
  await check('rejected with a 4xx', () => {
    expect(
      response.status >= 400 && response.status < 500,
      `expected a 4xx rejection, got ${response.status}; body: ${describeBody(response)}`,
    ).toBe(true);
  });
  await checkErrorShape(response);
}

export function checkTimestampZ(value: unknown, field: string) {
  return check(`${field} is a UTC timestamp ending in Z`, () => {
    expect(
      typeof value === 'string' && value.endsWith('Z') && !Number.isNaN(Date.parse(value)),
      `${field} must be a timestamp ending with Z, got ${JSON.stringify(value)}`,
    ).toBe(true);
  });
}

/** UTC written either as `Z` or as a zero offset `±00:00` (the schemas' `timestamp-utc`). */
export function checkTimestampUtc(value: unknown, field: string) {
  return check(`${field} is a UTC timestamp`, () => {
    expect(
      typeof value === 'string' && /(Z|[+-]00:00)$/.test(value) && !Number.isNaN(Date.parse(value)),
      `${field} must be a UTC timestamp, got ${JSON.stringify(value)}`,
    ).toBe(true);
  });
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function checkHhMm(value: unknown, field: string) {
  return check(`${field} is HH:MM`, () => {
    expect(
      typeof value === 'string' && HH_MM.test(value),
      `${field} must be an HH:MM time, got ${JSON.stringify(value)}`,
    ).toBe(true);
  });
}

export function checkOneOf(value: unknown, allowed: readonly unknown[], field: string) {
  return check(`${field} is one of ${allowed.join(', ')}`, () => {
    expect(
      allowed.includes(value),
      `${field} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`,
    ).toBe(true);
  });
}

export function checkEqual(actual: unknown, expected: unknown, rule: string) {
  return check(rule, () => {
    expect(actual, `${rule}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`).toEqual(
      expected,
    );
  });
}

/** A yes/no rule; the message says what the spec requires. Never pass secret values in `rule`. */
export function checkThat(holds: boolean, rule: string) {
  return check(rule, () => {
    expect(holds, rule).toBe(true);
  });
}
