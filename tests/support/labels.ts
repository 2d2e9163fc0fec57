/**
 * The report's label contract, declared statically on each test so the Allure results, Playwright's own
 * reporters and `playwright test --list` all see which documented path a test covers.
 *
 * epic = area, feature = `METHOD /path`, story = coverage key (`<endpoint>.success` or an Errors-table
 * key) or `behaviour:<name>`, severity, tags `@needs-<ability>` and `@industry-<industry>`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestDetails } from '@playwright/test';
import {
  DOCUMENTED_ERRORS,
  ENDPOINTS,
  endpointById,
  type Capability,
  type EndpointId,
  type Industry,
} from '../../lib/catalogue.ts';

/** `<endpoint>.success`, a key of the Errors table, or `behaviour:<name>` (checked when declared). */
export type Story = string;

export const BEHAVIOUR_PREFIX = 'behaviour:';
/** Where the spec lives relative to the project root (beside a full checkout). */
export const SPEC_DOCUMENT = '../shared/spec/payments-platform-api.md';
/**
 * A relative link would resolve against the HTML report's own URL and break, so the report links the
 * spec by absolute file:// URL, and only where the file exists on the machine that ran the suite; the
 * link's name (the section) is recorded as the `spec` label either way (docs/decisions.md).
 */
const SPEC_FILE = path.resolve(import.meta.dirname, '../..', SPEC_DOCUMENT);

export const ANNOTATION = {
  epic: 'allure.label.epic',
  feature: 'allure.label.feature',
  story: 'allure.label.story',
  severity: 'allure.label.severity',
} as const;

export interface LabelOptions {
  /**
   * Target abilities the test needs; it is skipped, naming the ability, when the target lacks one. Every
   * test of a `destructive` endpoint (lib/catalogue.ts) needs 'destructive' without saying so here.
   */
  needs?: Capability[];
  industry?: Industry;
}

function severityOf(story: string): 'critical' | 'normal' | 'minor' {
  if (story.endsWith('.success')) return 'critical';
  if (story.startsWith(BEHAVIOUR_PREFIX)) return 'minor';
  return 'normal';
}

/**
 * Labels for the tests of one endpoint. `covers(story)` takes `<endpoint>.success`, a key of the
 * Errors table (lib/catalogue.ts) or `behaviour:<name>`; anything else is a typo and stops collection.
 */
export function labelsFor(endpointId: EndpointId) {
  const endpoint = endpointById(endpointId);
  const errorKeys = new Set(DOCUMENTED_ERRORS.filter((e) => e.endpoint === endpointId).map((e) => e.key));
  return function covers(story: Story, options: LabelOptions = {}): TestDetails {
    const known =
      story === `${endpointId}.success` ||
      errorKeys.has(story) ||
      (story.startsWith(BEHAVIOUR_PREFIX) && story.length > BEHAVIOUR_PREFIX.length);
    if (!known) {
      throw new Error(
        `covers(${JSON.stringify(story)}) is neither ${endpointId}.success, a documented error of ${endpointId} (${[...errorKeys].join(', ') || 'none'}) nor behaviour:<name>`,
      );
    }
    const needs = new Set<Capability>([
      ...(endpoint.destructive ? (['destructive'] as const) : []),
      ...(options.needs ?? []),
    ]);
    return {
      tag: [
        ...[...needs].map((ability) => `@needs-${ability}`),
        ...(options.industry ? [`@industry-${options.industry}`] : []),
      ],
      annotation: [
        { type: ANNOTATION.epic, description: endpoint.area },
        { type: ANNOTATION.feature, description: endpoint.feature },
        { type: ANNOTATION.story, description: story },
        { type: ANNOTATION.severity, description: severityOf(story) },
      ],
    };
  };
}

/** The abilities a test declared through its `@needs-<ability>` tags. */
export function neededAbilities(tags: readonly string[]): string[] {
  return tags.filter((t) => t.startsWith('@needs-')).map((t) => t.slice('@needs-'.length));
}

const ENDPOINT_BY_FEATURE = new Map(ENDPOINTS.map((e) => [e.feature, e]));

/** A file:// URL of the spec at `anchor`, or undefined when the spec is not beside this checkout. */
function specUrl(anchor: string): string | undefined {
  return existsSync(SPEC_FILE) ? `${pathToFileURL(SPEC_FILE).href}#${anchor}` : undefined;
}

/**
 * The spec section a test's feature points to: its endpoint's section, or the Errors table. `name`
 * always names the section; `url` is set only where the spec file exists.
 */
export function specLinkFor(feature: string, story: string): { url?: string; name: string } | undefined {
  const endpoint = ENDPOINT_BY_FEATURE.get(feature);
  if (!endpoint) return undefined;
  const isErrorRow = DOCUMENTED_ERRORS.some((e) => e.key === story);
  return isErrorRow
    ? { url: specUrl('errors'), name: `spec: Errors table (${story})` }
    : { url: specUrl('endpoints'), name: `spec: Endpoints §${endpoint.section} ${feature}` };
}
