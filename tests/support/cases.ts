/**
 * Tests every bearer endpoint has, as cases its spec file declares in its own `test()` calls (so the
 * report places them in that file): rejection of a missing or unknown token, and the Errors-table rows
 * only the `faults` ability can provoke.
 */
import type { TestDetails } from '@playwright/test';
import type { EndpointId } from '../../lib/catalogue.ts';
import type { FaultPreference } from '../../lib/prefer.ts';
import {
  DOCUMENTED_ERRORS,
  isRequirementId,
  type DocumentedError,
  type RequirementId,
} from '../../lib/requirements/index.ts';
import type { ApiResponse, Auth } from './api-client.ts';
import { adviseThat, checkDocumentedError, checkOneOfDocumentedErrors, checkRejected } from './checks.ts';
import { declare } from './declare.ts';
import type { ConformanceArgs } from './fixtures.ts';
import { authenticationRequirements, UNKNOWN_BEARER } from './lookups.ts';

/** What a case's request may use (Playwright reads a test's fixtures from its body's destructuring). */
export type SendContext = Pick<ConformanceArgs, 'api' | 'ids' | 'tokens' | 'config'>;

export interface Case {
  title: string;
  details: TestDetails;
  body: (args: SendContext) => Promise<void>;
}

/** The endpoint paragraph's own list of its errors, where it has one. */
function paragraphOf(endpointId: EndpointId): RequirementId[] {
  const id = `${endpointId}.errors-listed`;
  return isRequirementId(id) ? [id] : [];
}

/**
 * Two cases: no Authorization header, and a bearer token nobody issued. `alsoRefusedAs`: other rows of
 * the endpoint's errors a refused token may be answered with, where the spec's rows give no condition.
 */
export function tokenRejectionCases(
  endpointId: EndpointId,
  send: (context: SendContext, auth: Auth) => Promise<ApiResponse>,
  alsoRefusedAs: readonly DocumentedError[] = [],
): Case[] {
  const row = DOCUMENTED_ERRORS.find((e) => e.endpoint === endpointId && e.status === 401);
  const rows = row ? [row, ...alsoRefusedAs] : [];
  const requirements = [
    ...authenticationRequirements(endpointId),
    ...(row ? [...rows.map((r) => r.id), ...paragraphOf(endpointId)] : []),
  ];
  const basis = row?.id ?? authenticationRequirements(endpointId).at(-1)!;
  const answers = row ? `answers ${rows.map((r) => r.status).join(' or ')}` : 'rejects a request';
  const suffix = row ? '' : ' with a 4xx';
  return [
    { title: 'without a token', auth: 'none' as const },
    { title: 'with an unknown token', auth: { bearer: UNKNOWN_BEARER } },
  ].map(({ title, auth }) => ({
    title: `${answers} ${title}${suffix}`,
    details: declare(endpointId, { requirements }),
    body: async ({ api, ids, tokens, config }) => {
      const response = await send({ api, ids, tokens, config }, auth);
      if (row) await checkOneOfDocumentedErrors(response, rows);
      else await checkRejected(response, basis);
    },
  }));
}

/** The `Prefer` a target with `faults` answers a row with. */
export function preferFor(row: DocumentedError): FaultPreference {
  return { status: row.status, ...(row.code ? { example: row.code } : {}) };
}

const RATE_LIMIT_429: RequirementId = 'limits.rate-limit-429';

/** One case per Errors-table row of the endpoint that only an ability can provoke. */
export function abilityRowCases(
  endpointId: EndpointId,
  send: (context: SendContext, prefer: FaultPreference) => Promise<ApiResponse>,
): Case[] {
  return DOCUMENTED_ERRORS.filter((e) => e.endpoint === endpointId && e.trigger.kind === 'ability').map(
    (row) => ({
      title: `answers ${row.status} ${row.code ?? row.name} (${row.trigger.how})`,
      details: declare(endpointId, {
        // The Limits section says it again: a rate-limit rejection is HTTP 429 local_rate_limited.
        requirements: [row.id, ...paragraphOf(endpointId), ...(row.status === 429 ? [RATE_LIMIT_429] : [])],
        needs: row.trigger.kind === 'ability' ? [row.trigger.ability] : [],
      }),
      body: async ({ api, ids, tokens, config }) => {
        const response = await send({ api, ids, tokens, config }, preferFor(row));
        await checkDocumentedError(response, row);
        // A 429 asks the client to "retry"; HTTP's way to say when is Retry-After.
        if (row.status === 429) {
          const value = response.headers['retry-after']?.trim();
          const valid = value !== undefined && (/^\d+$/.test(value) || !Number.isNaN(Date.parse(value)));
          await adviseThat(
            valid,
            'platform.retry-after-on-429',
            `Retry-After is ${value === undefined ? 'absent' : JSON.stringify(value)}`,
          );
        }
      },
    }),
  );
}
