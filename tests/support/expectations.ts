/**
 * What a generated case or a model's command expects of the target: each expectation throws a
 * Divergence (the typed facts of a failure, not yet a failure) where the target deviates, so fast-check
 * can shrink the case before it is reported (./property-runner.ts).
 */
import type { AdviceId } from '../../lib/advice.ts';
import type { BehaviourAllowance } from '../../lib/allowances.ts';
import { allowancesApply } from '../../lib/profiles.ts';
import { resolveBasis, type Basis } from '../../lib/basis.ts';
import type { SchemaName } from '../../lib/catalogue.ts';
import { documentedCodesOf } from '../../lib/error-body.ts';
import type { DocumentedError, RequirementId } from '../../lib/requirements/index.ts';
import { describeViolation, validate, violationDetail } from '../../schemas/registry.ts';
import { NoAnswer, type ApiClient, type ApiResponse, type CallOptions } from './api-client.ts';
import type { SentInForms } from './request-forms.ts';
import { fail } from './outcome.ts';
import { failure } from '../../run/typed-failure.ts';
import { describeBody, type FailureNote } from './checks.ts';
import type { FailureFacts } from '../../run/typed-failure.ts';
import { currentTarget } from './current-target.ts';

const BODIES_ARE_JSON: RequirementId = 'general.bodies-json';

/** What a generated case found the target doing against the spec: thrown by judges and model commands. */
export class Divergence extends Error {
  override name = 'Divergence';
  constructor(readonly facts: FailureFacts & { basis: Basis }) {
    super(`${facts.basis}: ${facts.seen}`);
  }
}

export function diverge(facts: FailureFacts & { basis: Basis }): never {
  throw new Divergence(facts);
}

/** `holds`, or a divergence of kind `behaviour` on `basis`. */
export function expectThat(holds: boolean, basis: Basis, seen: string, expected?: string): void {
  if (!holds) diverge({ kind: 'behaviour', basis, seen, ...(expected ? { expected } : {}) });
}

/**
 * `expectThat`, unless the run's profile grants `allowance`, a behaviour allowance (lib/allowances.ts):
 * under lenient and platform a rule that does not hold is then recorded as relying on it.
 */
export function expectThatUnlessAllowed(
  context: CaseContext,
  allowance: BehaviourAllowance,
  holds: boolean,
  basis: Basis,
  seen: string,
  expected?: string,
): void {
  if (!holds && allowancesApply(currentTarget().profile)) return context.allow(allowance);
  expectThat(holds, basis, seen, expected);
}

export function expectStatus(
  response: ApiResponse,
  allowed: readonly number[],
  basis: Basis,
  expected?: string,
): void {
  if (!allowed.includes(response.status)) {
    diverge({
      kind: 'status',
      basis,
      seen: `answered ${response.status}`,
      expected: expected ?? allowed.join(' or '),
      detail: [`body: ${describeBody(response)}`],
    });
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
export const SUCCESS_STATUSES = range(200, 299);
/** A refusal: the client erred. A 5xx is no refusal but the server failing at the rule it was asked to apply. */
export const REFUSAL_STATUSES = range(400, 499);

export function expectSuccess(response: ApiResponse, basis: Basis, note?: FailureNote): void {
  if (!SUCCESS_STATUSES.includes(response.status))
    diverge({
      kind: 'status',
      basis,
      seen: `answered ${response.status}${note ? `; ${note.summary}` : ''}`,
      expected: 'a 2xx success',
      detail: [`body: ${describeBody(response)}`, ...(note?.detail ?? [])],
    });
}

/** What a case sent in the profile's forms relied on, recorded once after the run (see checks.ts recordForms). */
export function noteForms(context: CaseContext, sent: SentInForms): void {
  for (const allowance of sent.allowances) context.allow(allowance);
  if (sent.platformFormRefused !== undefined)
    context.advise('platform.preference-request-forms', sent.platformFormRefused);
}

export function expectRefused(response: ApiResponse, basis: Basis): void {
  expectStatus(response, REFUSAL_STATUSES, basis, 'a 4xx refusal');
}

/** A refusal's body in the platform's error shape: advice (the spec does not show the shape). */
export function noteErrorShape(context: CaseContext, response: ApiResponse): void {
  if (!response.json) {
    context.advise('platform.error-body-shape', `no JSON body: ${describeBody(response)}`);
    return;
  }
  const outcome = validate('error', response.body, currentTarget().profile);
  const first = outcome.advice[0] ?? outcome.violations[0];
  if (first) context.advise('platform.error-body-shape', describeViolation(first));
}

/** A row of the Errors table: its status and, where it names one, its machine code. */
export function expectDocumentedError(response: ApiResponse, row: DocumentedError): void {
  expectStatus(response, [row.status], row.id);
  if (row.code && !documentedCodesOf(response.body).includes(row.code)) {
    diverge({
      kind: 'error-code',
      basis: row.id,
      seen: `the body carries ${row.code} nowhere (no value of it is ${row.code})`,
      expected: row.code,
      detail: [`body: ${describeBody(response)}`],
    });
  }
}

/** What a judge (a property's check of one case, or a model's command) works with. */
export interface CaseContext {
  client: ApiClient;
  /** A platform or HTTP fact not followed: advice, reported once after the run (a divergence under `platform`). */
  advise(advice: AdviceId, seen: string): void;
  /** A lenient allowance a case relied on, recorded once after the run. */
  allow(name: string): void;
}

/** The body against a schema under the run's profile: its first violation diverges, platform facts are advice. */
export function expectSchema(context: CaseContext, response: ApiResponse, name: SchemaName): void {
  const outcome = validate(name, response.body, currentTarget().profile);
  const first = outcome.violations[0];
  if (first) {
    diverge({
      kind: resolveBasis(first.basis).source === 'spec' ? 'schema' : 'platform-fact',
      basis: first.basis,
      seen: describeViolation(first),
      detail: [violationDetail(name, first)],
    });
  }
  for (const v of outcome.advice) context.advise(v.basis as AdviceId, describeViolation(v));
  for (const allowance of outcome.allowances) context.allow(allowance);
}

/** How a target may answer a request carrying a value the spec leaves open (a robustness case). */
export interface OpenValueAnswer {
  /** What the request rests on: a request of this shape is answered, taken or refused, never failed. */
  basis: RequirementId;
  /** The endpoint's documented errors, where the spec documents them: a refusal must be one of them. */
  documented?: readonly DocumentedError[];
  /** The schema a success must match, where the spec shows the answer. */
  successSchema?: SchemaName;
}

/**
 * A request the spec neither allows nor forbids: taking it (2xx) and refusing it (4xx; one of the
 * endpoint's documented errors where it has any) both pass. Failing at it does not: a 5xx, a status that
 * is neither, a body that is not JSON, a refusal outside the documented errors, or a success whose body
 * breaks the schema. A hang is judged apart (`noAnswerToOpenValue`).
 */
export function expectTakenOrRefused(
  context: CaseContext,
  response: ApiResponse,
  answer: OpenValueAnswer,
): void {
  if (response.text.trim() !== '' && !response.json)
    diverge({
      kind: 'schema',
      basis: BODIES_ARE_JSON,
      seen: `the body is not JSON: ${describeBody(response)}`,
    });
  if (response.status >= 200 && response.status < 300) {
    if (answer.successSchema) expectSchema(context, response, answer.successSchema);
    return;
  }
  if (response.status >= 400 && response.status < 500) {
    const documented = answer.documented ?? [];
    if (documented.length === 0) return noteErrorShape(context, response);
    const codes = documentedCodesOf(response.body);
    const matches = documented.some(
      (row) => row.status === response.status && (!row.code || codes.includes(row.code)),
    );
    if (!matches)
      diverge({
        kind: 'error-code',
        basis: documented[0]!.id,
        seen: documented.some((row) => row.status === response.status)
          ? `refused with ${response.status}, its body carrying no code of the endpoint's documented ${response.status} errors`
          : `refused with ${response.status}, none of the endpoint's documented errors`,
        expected: documented.map((row) => `${row.status} ${row.code ?? row.name}`).join(' or '),
        detail: [`body: ${describeBody(response)}`],
      });
    return;
  }
  diverge({
    kind: 'status',
    basis: answer.basis,
    seen: `answered ${response.status} to a request of the documented shape carrying a value the spec leaves open`,
    expected: 'a success, or a refusal with a 4xx',
    detail: [`body: ${describeBody(response)}`],
  });
}

/**
 * The answer to a request carrying an open value. No answer, or a 502, 503 or 504, is judged against the
 * same request with only sure-valid values (`base`): a target that answers that one but not this hangs or
 * fails on the value, a divergence; a target that answers neither is not answering at all, and could not
 * be tested.
 */
export async function answerToOpenValue<T>(
  send: (request: T, options: CallOptions) => Promise<ApiResponse>,
  request: T,
  base: T,
  basis: RequirementId,
): Promise<ApiResponse> {
  try {
    return await send(request, { noAnswer: 'throw' });
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    try {
      await send(base, { noAnswer: 'throw' });
    } catch (control) {
      if (control instanceof NoAnswer) fail(failure({ kind: control.kind, seen: control.message }));
      throw control;
    }
    return diverge({
      kind: 'behaviour',
      basis,
      seen: `${error.brief}, while the same request with ordinary values was answered: the target ${error.kind === 'target-unavailable' ? 'fails' : 'hangs'} on the value`,
    });
  }
}
