/**
 * What a run's Allure output holds, read as the report does: the result files allure-playwright wrote
 * (labels, status, message), so a self-test can look into a run's results without a browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AllureLabel {
  name: string;
  value: string;
}

export interface AllureAttachment {
  name: string;
  /** The attachment's file in the results folder. */
  source: string;
}

interface AllureStep {
  attachments?: AllureAttachment[];
  steps?: AllureStep[];
}

export interface AllureResult extends AllureStep {
  name: string;
  status: string;
  labels: AllureLabel[];
  statusDetails?: { message?: string; trace?: string };
}

export function readAllureResults(dir: string): AllureResult[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as AllureResult);
}

export function labelOf(result: AllureResult, name: string): string | undefined {
  return result.labels.find((l) => l.name === name)?.value;
}

/** The attachments of a result and of all its steps. */
export function attachmentsOf(node: AllureStep): AllureAttachment[] {
  return [...(node.attachments ?? []), ...(node.steps ?? []).flatMap(attachmentsOf)];
}
