/**
 * The coverage gate counts documented paths from lib/catalogue.ts. This keeps the catalogue honest
 * against the spec itself: a row added to the spec's Errors table without a catalogue entry (and so
 * without a test the gate would miss) breaks the build here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DOCUMENTED_ERRORS, type EndpointId } from '../../../lib/catalogue.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';

const SPEC = join(PROJECT_ROOT, '..', 'shared', 'spec', 'payments-platform-api.md');

/** How the spec's Errors table names each endpoint. */
const ERRORS_TABLE_ENDPOINTS: Record<string, EndpointId> = {
  Token: 'token',
  'Release report schedule': 'release-report-schedule',
  'Settlement report config': 'settlement-report-config',
  'Subscription plan': 'subscription-plan',
  'Test user search': 'test-user-search',
  Store: 'store',
  'Cancel agreement': 'cancel-agreement',
};

interface SpecErrorRow {
  endpointLabel: string;
  status: number;
  name: string;
}

/** The rows of the table under `## Errors`, one per status where a row lists several. */
function specErrorRows(markdown: string): SpecErrorRow[] {
  const section = markdown.split(/^## Errors\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  const cells = section
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    )
    .filter((row) => !/^-+$/.test(row[0] ?? '') && row[0] !== 'Endpoint');
  return cells.flatMap(([endpointLabel = '', statuses = '', names = '']) => {
    const statusList = statuses.split(',').map((s) => Number(s.trim()));
    const nameList = statusList.length > 1 ? names.split(',').map((n) => n.trim()) : [names];
    return statusList.map((status, i) => ({ endpointLabel, status, name: nameList[i] ?? '' }));
  });
}

/** A lowercase name (`invalid_client`, `forbidden`) or the part after `/` is a machine code the body must carry. */
function machineCodeOf(name: string): string | undefined {
  const afterSlash = name.split('/')[1]?.trim();
  if (afterSlash) return afterSlash;
  return /^[a-z_]+$/.test(name) ? name : undefined;
}

/** Every disagreement between the spec's Errors table and DOCUMENTED_ERRORS, as readable lines. */
function disagreements(markdown: string): string[] {
  const rows = specErrorRows(markdown);
  if (rows.length === 0) return ['no Errors table found under "## Errors"'];
  const problems = rows.flatMap((row) => {
    const endpoint = ERRORS_TABLE_ENDPOINTS[row.endpointLabel];
    if (!endpoint) {
      return [
        `unknown endpoint "${row.endpointLabel}": add it to lib/catalogue.ts and ERRORS_TABLE_ENDPOINTS`,
      ];
    }
    const entry = DOCUMENTED_ERRORS.find(
      (e) => e.endpoint === endpoint && e.status === row.status && e.name === row.name,
    );
    if (!entry)
      return [`spec row ${row.endpointLabel} ${row.status} ${row.name} has no DOCUMENTED_ERRORS entry`];
    const code = machineCodeOf(row.name);
    return entry.code === code
      ? []
      : [`${entry.key}: code should be ${code ?? 'unset'}, is ${entry.code ?? 'unset'}`];
  });
  const extra = DOCUMENTED_ERRORS.length - rows.length;
  return extra > 0 ? [...problems, `${extra} DOCUMENTED_ERRORS entries have no row in the spec`] : problems;
}

test.describe("the spec's Errors table and lib/catalogue.ts", () => {
  test.skip(
    !existsSync(SPEC),
    'the spec ../shared/spec/payments-platform-api.md is absent (only present beside a full checkout)',
  );

  test('every row of the spec has its catalogue entry, and the catalogue has no other', () => {
    expect(disagreements(readFileSync(SPEC, 'utf8'))).toEqual([]);
  });

  test('a row added to the spec without a catalogue entry is caught', () => {
    const withNewRow = readFileSync(SPEC, 'utf8').replace(
      '| Store | 400 |',
      '| Store | 404 | Not-found | unknown store |\n| Store | 400 |',
    );
    expect(disagreements(withNewRow)).toEqual([
      'spec row Store 404 Not-found has no DOCUMENTED_ERRORS entry',
    ]);
  });
});
