/**
 * Test declarations every bearer endpoint shares, driven by lib/catalogue.ts: rejection of a missing or
 * unknown token (the documented 401 where the Errors table has one), and the Errors-table rows only the
 * `faults` ability can trigger. A spec calls them inside its endpoint's `describe`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { DOCUMENTED_ERRORS, type DocumentedError, type EndpointId } from '../../lib/catalogue.ts';
import type { TargetIds } from '../../lib/target.ts';
import type { ApiClient, ApiResponse, Auth } from './api-client.ts';
import { checkDocumentedError, checkRejected, checkRetryAfter } from './checks.ts';
import { labelsFor, test } from './fixtures.ts';
import type { LabelOptions } from './labels.ts';
import type { RunTokens } from './run-state.ts';

/** Token-shaped but issued by no one. */
export const UNKNOWN_BEARER = 'APP_USR-0000000000000000-010100-00000000000000000000000000000000-000000000';

/** An id no target has issued (numeric, for paths the spec types as numbers). */
export function unknownNumericId(): string {
  return String(9_000_000_000 + randomInt(999_999_999));
}

/** An id no target has issued (32 hex digits, the platform's string id format). */
export function unknownHexId(): string {
  return randomBytes(16).toString('hex');
}

export function documentedError(key: string): DocumentedError {
  const row = DOCUMENTED_ERRORS.find((e) => e.key === key);
  if (!row) throw new Error(`no documented error ${key} in lib/catalogue.ts`);
  return row;
}

export interface SendContext {
  api: ApiClient;
  ids: TargetIds;
  tokens: RunTokens;
}

/** Two tests: no Authorization header, and a bearer token nobody issued. */
export function tokenRejectionTests(
  endpointId: EndpointId,
  send: (context: SendContext, auth: Auth) => Promise<ApiResponse>,
  options: LabelOptions = {},
): void {
  const covers = labelsFor(endpointId);
  const row = DOCUMENTED_ERRORS.find((e) => e.endpoint === endpointId && e.status === 401);
  const cases: { title: string; auth: Auth; behaviour: string }[] = [
    { title: 'without a token', auth: 'none', behaviour: 'behaviour:rejects-missing-token' },
    {
      title: 'with an unknown token',
      auth: { bearer: UNKNOWN_BEARER },
      behaviour: 'behaviour:rejects-unknown-token',
    },
  ];
  const checkAnswer = row ? (r: ApiResponse) => checkDocumentedError(r, row) : checkRejected;
  for (const { title, auth, behaviour } of cases) {
    const outcome = row ? `answers ${row.status}` : 'rejects a request';
    const suffix = row ? '' : ' with a 4xx';

    test(
      `${outcome} ${title}${suffix}`,
      covers(row?.key ?? behaviour, options),
      async ({ api, ids, tokens }) => {
        await checkAnswer(await send({ api, ids, tokens }, auth));
      },
    );
  }
}

/** The `Prefer` value that asks a target with `faults` for a documented error. */
export function preferFor(row: DocumentedError): string {
  return `code=${row.status}${row.code ? `, example=${row.code}` : ''}`;
}

/** One test per Errors-table row of the endpoint that only an ability can trigger. */
export function abilityTriggeredErrorTests(
  endpointId: EndpointId,
  send: (context: SendContext, prefer: string) => Promise<ApiResponse>,
  options: LabelOptions = {},
): void {
  const covers = labelsFor(endpointId);
  for (const row of DOCUMENTED_ERRORS.filter((e) => e.endpoint === endpointId)) {
    if (row.trigger.kind !== 'ability') continue;
    const needs = [row.trigger.ability, ...(options.needs ?? [])];
    // A 429 must also say when to retry.
    const extraChecks = row.status === 429 ? [checkRetryAfter] : [];

    test(
      `answers ${row.status} ${row.code ?? row.name} (${row.trigger.how})`,
      covers(row.key, { ...options, needs }),
      async ({ api, ids, tokens }) => {
        const response = await send({ api, ids, tokens }, preferFor(row));
        await checkDocumentedError(response, row);
        for (const extra of extraChecks) await extra(response);
      },
    );
  }
}
