/**
 * The report's categories (Allure 3's `categories`), decided by typed data only: the `failure-kind` label
 * a failed test carries (tests/support/outcome.ts), the `known-deviation` label the baseline adds, and
 * the `advice` label of a passed test. No category looks at a message's wording.
 */
import type { CategoryRule } from '@allurereport/core-api';
import {
  ADVICE_CATEGORY,
  FAILURE_KINDS,
  KNOWN_DEVIATION_CATEGORY,
  type FailureKind,
} from '../lib/failures.ts';
import { RUN_LABELS } from '../lib/results.ts';

const FAILURE_KIND_LABEL = RUN_LABELS.failureKind;
const KNOWN_DEVIATION_LABEL = RUN_LABELS.knownDeviation;
const ADVICE_LABEL = RUN_LABELS.advice;

export const SUITE_ERROR_CATEGORY = 'Not tested: the suite itself failed (no typed failure recorded)';

const FAILING = ['failed', 'broken'] as const;

export const CONFORMANCE_CATEGORIES: CategoryRule[] = [
  {
    id: 'known-deviation',
    name: KNOWN_DEVIATION_CATEGORY,
    matchers: [{ statuses: FAILING, labels: { [KNOWN_DEVIATION_LABEL]: /./ } }],
    groupBy: [{ label: 'feature' }],
    expand: true,
  },
  ...(Object.keys(FAILURE_KINDS) as FailureKind[]).map((kind) => ({
    id: kind,
    name: FAILURE_KINDS[kind].category,
    matchers: [{ statuses: FAILING, labels: { [FAILURE_KIND_LABEL]: kind } }],
    groupBy: [{ label: 'feature' }],
    expand: true,
  })),
  {
    id: 'untyped',
    name: SUITE_ERROR_CATEGORY,
    matchers: [
      (d) =>
        (d.status === 'failed' || d.status === 'broken') &&
        !d.labels.some((l) => l.name === FAILURE_KIND_LABEL),
    ],
    groupBy: [{ label: 'feature' }],
  },
  {
    id: 'advice',
    name: ADVICE_CATEGORY,
    matchers: [{ statuses: ['passed'], labels: { [ADVICE_LABEL]: /./ } }],
    groupBy: [{ label: ADVICE_LABEL }],
  },
];
