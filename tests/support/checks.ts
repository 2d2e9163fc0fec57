/**
 * The checks the conformance specs are written in. Each is a small named function that takes its basis
 * (a requirement of the spec, or a platform or HTTP fact), runs as a report step whose title quotes it,
 * and fails with a typed failure whose message starts with that quote and then says what was seen.
 * Platform and HTTP facts are advice, failing only under the `platform` profile.
 */
import { test } from '@playwright/test';
import { adviceById, type AdviceId } from '../../lib/advice.ts';
import { citation, resolveBasis, type Basis } from '../../lib/basis.ts';
import type { SchemaName } from '../../lib/catalogue.ts';
import { documentedCodesOf } from '../../lib/error-body.ts';
import type { FailureKind } from '../../lib/failures.ts';
import type { BehaviourAllowance } from '../../lib/allowances.ts';
import { adviceFails, allowancesApply } from '../../lib/profiles.ts';
import type { DocumentedError, RequirementId } from '../../lib/requirements/index.ts';
import { STORE_BAD_REQUEST_ERROR } from '../../lib/requirements/errors.ts';
import { describeViolation, validate, violationDetail } from '../../schemas/registry.ts';
import type { ApiResponse } from './api-client.ts';
import { advise, cite, fail, recordAllowance } from './outcome.ts';
import type { SentInForms } from './request-forms.ts';
import { failure } from '../../run/typed-failure.ts';
import { redact, redactingErrors } from '../../run/redact.ts';
import { currentTarget } from './current-target.ts';
import { callerOutside, supportFile } from './step-location.ts';

/** This module's file, whose frames a check's call site is looked for beyond. */
const OWN_FILE = supportFile('checks');

const BODY_EXCERPT_LENGTH = 400;
const BODIES_ARE_JSON: RequirementId = 'general.bodies-json';

/** The body as readable, redacted text. */
export function describeBody(response: ApiResponse): string {
  const text = response.json ? JSON.stringify(response.body) : response.text;
  const excerpt = text.length > BODY_EXCERPT_LENGTH ? `${text.slice(0, BODY_EXCERPT_LENGTH)}…` : text;
  return redact(excerpt === '' ? '(empty body)' : excerpt);
}

/** Runs one check as a report step titled with what it checks and the quote it rests on. */
function check<T>(title: string, basis: Basis | undefined, body: () => T | Promise<T>): Promise<T> {
  if (basis) cite(basis);
  const quoted = basis ? ` · ${citation(basis)}` : '';
  const location = callerOutside(OWN_FILE);
  return test.step(
    redact(`${title}${quoted}`),
    () => redactingErrors(body),
    location ? { location } : { box: true },
  );
}

function fails(kind: FailureKind, basis: Basis, seen: string, expected?: string, detail?: string[]): never {
  fail(failure({ kind, basis, seen, ...(expected ? { expected } : {}), ...(detail ? { detail } : {}) }));
}

function profile() {
  return currentTarget().profile;
}

/** A platform or HTTP fact: advice when it does not hold, a failure under the `platform` profile. */
export function adviseThat(holds: boolean, advice: AdviceId, seen: string): Promise<void> {
  return check(adviceById(advice).statement, advice, async () => {
    if (!holds) await advise({ basis: advice, seen }, adviceFails(profile()));
  });
}

export function checkStatus(response: ApiResponse, expected: number | readonly number[], basis: Basis) {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  const wanted = allowed.join(' or ');
  return check(`status is ${wanted}`, basis, () => {
    if (!allowed.includes(response.status)) {
      fails('status', basis, `answered ${response.status}`, wanted, [`body: ${describeBody(response)}`]);
    }
  });
}

/** What a failure's first line adds after what was seen, with the lines that explain it. */
export interface FailureNote {
  summary: string;
  detail: readonly string[];
}

/**
 * A success where the spec states no status: any 2xx, on `basis` (the endpoint's response statement);
 * the status the platform answers is advice, where one is published (`null`: none is).
 */
export async function checkSuccess(
  response: ApiResponse,
  basis: Basis,
  platform: { status: number | readonly number[]; advice: AdviceId } | null = {
    status: 200,
    advice: 'platform.success-status',
  },
  note?: FailureNote,
) {
  await check('the request succeeds (2xx)', basis, () => {
    if (response.status < 200 || response.status > 299) {
      fails(
        'status',
        basis,
        `answered ${response.status}${note ? `; ${note.summary}` : ''}`,
        'a 2xx success',
        [`body: ${describeBody(response)}`, ...(note?.detail ?? [])],
      );
    }
  });
  if (!platform) return;
  const statuses: readonly number[] =
    typeof platform.status === 'number' ? [platform.status] : platform.status;
  await adviseThat(statuses.includes(response.status), platform.advice, `answered ${response.status}`);
}

/**
 * What a request sent in the profile's forms (./request-forms.ts) relied on: the allowance of the
 * platform's form it was answered in, or, where a target refused the platform's own form, that fact
 * (advice; a failure under `platform`).
 */
export async function recordForms(sent: SentInForms) {
  for (const allowance of sent.allowances) await recordAllowance(allowance);
  if (sent.platformFormRefused !== undefined)
    await adviseThat(false, 'platform.preference-request-forms', sent.platformFormRefused);
}

/** "Bodies are JSON.": a body that is there parses as JSON. */
export async function checkJsonBody(response: ApiResponse, required = true) {
  await check('the body is JSON', BODIES_ARE_JSON, () => {
    if (response.json) return;
    if (!required && response.text.trim() === '') return;
    fails(
      'schema',
      BODIES_ARE_JSON,
      response.text === '' ? 'the body is empty' : `the body is not JSON: ${describeBody(response)}`,
    );
  });
  if (response.json) {
    const type = response.headers['content-type'] ?? '';
    await adviseThat(
      /\bjson\b/i.test(type),
      'http.json-content-type',
      `the JSON body is labelled ${type === '' ? 'nothing' : JSON.stringify(type)}`,
    );
  }
}

/**
 * The body against a schema: what the spec states fails, each violation quoting its requirement; what
 * only the platform's answers show is advice (a failure under `platform`). Lenient allowances used are
 * recorded by name.
 */
export async function checkSchema(
  response: ApiResponse,
  name: SchemaName,
  basis: RequirementId,
  { bodyRequired = true }: { bodyRequired?: boolean } = {},
) {
  await checkJsonBody(response, bodyRequired);
  if (!bodyRequired && !response.json) return;
  const currentProfile = profile();
  await check(`the body matches schema ${name} (${currentProfile})`, basis, async () => {
    const outcome = validate(name, response.body, currentProfile);
    if (outcome.violations.length > 0) {
      fail(
        ...outcome.violations.map((v) =>
          failure({
            kind: resolveBasis(v.basis).source === 'spec' ? 'schema' : 'platform-fact',
            basis: v.basis,
            seen: describeViolation(v),
            detail: [violationDetail(name, v)],
          }),
        ),
      );
    }
    for (const v of outcome.advice) await advise({ basis: v.basis, seen: describeViolation(v) }, false);
    for (const allowance of outcome.allowances) await recordAllowance(allowance);
  });
}

/** The error body's shape is the platform's (advice: the spec does not show it). */
export async function adviseErrorShape(response: ApiResponse) {
  const currentProfile = profile();
  await check('the error body has the platform shape', 'platform.error-body-shape', async () => {
    const outcome = validate('error', response.body, currentProfile);
    const seen = outcome.advice[0] ?? outcome.violations[0];
    if (!response.json)
      await advise(
        { basis: 'platform.error-body-shape', seen: `no JSON body: ${describeBody(response)}` },
        adviceFails(currentProfile),
      );
    else if (seen)
      await advise(
        { basis: 'platform.error-body-shape', seen: describeViolation(seen) },
        adviceFails(currentProfile),
      );
  });
}

/** The codes a documented row names: its machine code, and the store row's `bad_request` beside it. */
function codesOf(row: DocumentedError): string[] {
  if (!row.code) return [];
  return row.endpoint === 'store' ? [row.code, STORE_BAD_REQUEST_ERROR] : [row.code];
}

export function checkDocumentedCode(response: ApiResponse, code: string, basis: Basis) {
  return check(`the body carries the code ${code}`, basis, () => {
    if (!documentedCodesOf(response.body).includes(code)) {
      fails('error-code', basis, `the body carries ${code} nowhere (no value of it is ${code})`, code, [
        `body: ${describeBody(response)}`,
      ]);
    }
  });
}

/** A row of the spec's Errors table: its status, its code where it names one, and the platform's shape (advice). */
export async function checkDocumentedError(response: ApiResponse, row: DocumentedError) {
  await checkStatus(response, row.status, row.id);
  await checkJsonBody(response, codesOf(row).length > 0);
  for (const code of codesOf(row)) await checkDocumentedCode(response, code, row.id);
  await adviseErrorShape(response);
}

/**
 * A refusal the spec lists under several rows with no condition to tell them apart, or with conditions a
 * request meets at once: the row of the status answered (of rows sharing a status, the one whose code the
 * body carries), which must be one of theirs.
 */
export async function checkOneOfDocumentedErrors(response: ApiResponse, rows: readonly DocumentedError[]) {
  const carried = documentedCodesOf(response.body);
  const ofStatus = rows.filter((r) => r.status === response.status);
  const row = ofStatus.find((r) => codesOf(r).some((code) => carried.includes(code))) ?? ofStatus[0];
  if (row) return checkDocumentedError(response, row);
  await checkStatus(
    response,
    rows.map((r) => r.status),
    rows[0]!.id,
  );
}

/** A rejection the spec does not pin to one status: any 4xx, and the platform's error shape (advice). */
export async function checkRejected(response: ApiResponse, basis: Basis) {
  await check('rejected with a 4xx', basis, () => {
    if (response.status < 400 || response.status > 499) {
      fails('status', basis, `answered ${response.status}`, 'a 4xx rejection', [
        `body: ${describeBody(response)}`,
      ]);
    }
  });
  await checkJsonBody(response, false);
  await adviseErrorShape(response);
}

/** A rule the spec states about behaviour; `seen` says what the target did when it does not hold. */
export function checkThat(holds: boolean, basis: Basis, rule: string, seen: string) {
  return check(rule, basis, () => {
    if (!holds) fails(resolveBasis(basis).source === 'spec' ? 'behaviour' : 'platform-fact', basis, seen);
  });
}

export function checkEqual(actual: unknown, expected: unknown, basis: Basis, what: string) {
  return check(`${what} is ${JSON.stringify(expected)}`, basis, () => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      fails('behaviour', basis, `${what} is ${JSON.stringify(actual)}`, JSON.stringify(expected));
    }
  });
}

/**
 * `checkEqual`, unless the run's profile grants `allowance`, a behaviour allowance (lib/allowances.ts):
 * under lenient and platform a difference then passes, and the allowance is recorded on the test.
 */
export async function checkEqualUnlessAllowed(
  actual: unknown,
  expected: unknown,
  basis: Basis,
  what: string,
  allowance: BehaviourAllowance,
) {
  if (JSON.stringify(actual) !== JSON.stringify(expected) && allowancesApply(profile()))
    return recordAllowance(allowance);
  return checkEqual(actual, expected, basis, what);
}

/** "Response: no body.": the answer carries nothing. */
export function checkNoBody(response: ApiResponse, basis: Basis) {
  return check('the answer has no body', basis, () => {
    if (response.text !== '') fails('schema', basis, `the answer has a body: ${describeBody(response)}`);
  });
}
