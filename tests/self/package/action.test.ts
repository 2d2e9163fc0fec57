/**
 * action.yml is valid action metadata (checked by action-validator against the schema of GitHub's
 * action metadata), maps its inputs to the target contract's variables, and the repository's own
 * workflow runs its sharded conformance run through it (`uses: ./`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import {
  DEPRECATED_ABILITIES_VARIABLE,
  VARIABLE_DOCS,
  VARIABLES,
  type VariableName,
} from '../../../lib/target.ts';
import { ACTION_FILE, readAction, stepWithId } from './support/action-steps.ts';

const WORKFLOW_FILE = path.join(PROJECT_ROOT, '.github/workflows/conformance.yml');
const actionText = readFileSync(ACTION_FILE, 'utf8');
const workflowText = readFileSync(WORKFLOW_FILE, 'utf8');

interface WorkflowStep {
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

interface Workflow {
  jobs: Record<string, { strategy?: { matrix?: Record<string, unknown> }; steps: WorkflowStep[] }>;
}

test('action.yml validates as action metadata, and the validator does reject broken metadata', () => {
  expect(validateAction(actionText).errors).toEqual([]);
  // A composite run step without its shell, and metadata without a description: both refused.
  const withoutShell = actionText.replace(/^ {6}shell: bash\n/m, '');
  expect(withoutShell).not.toBe(actionText);
  expect(validateAction(withoutShell).errors.length).toBeGreaterThan(0);
  expect(validateAction(actionText.replace(/^description: .*\n/m, '')).errors.length).toBeGreaterThan(0);
});

test('the workflow validates, and its sharded job runs the conformance suite through the action in this repository', () => {
  expect(validateWorkflow(workflowText).errors).toEqual([]);
  const workflow = parse(workflowText) as Workflow;
  const sharded = Object.values(workflow.jobs).filter((job) => job.strategy?.matrix?.shard !== undefined);
  expect(sharded).toHaveLength(1);
  const [job] = sharded;
  const uses = job!.steps.filter((step) => step.uses === './');
  expect(uses).toHaveLength(1);
  expect(uses[0]!.with?.shard).toMatch(/\$\{\{ matrix\.shard \}\}\//);
  // The repository's own run is not run some other way beside the action.
  expect(job!.steps.some((step) => JSON.stringify(step).includes('npm run conformance'))).toBe(false);
});

/** How the workflow's step should give each variable: an input of the action, or its env. */
const ACTION_INPUTS: Partial<Record<string, string>> = {
  [VARIABLES.baseUrl]: 'base-url',
  [VARIABLES.profile]: 'profile',
  [VARIABLES.abilities]: 'abilities',
};

function givenBy(step: WorkflowStep, variable: VariableName): { where: string; value: string | undefined } {
  const input = ACTION_INPUTS[variable];
  return input
    ? { where: `with.${input}`, value: step.with?.[input] }
    : { where: `env.${variable}`, value: step.env?.[variable] };
}

test("every variable of the target contract reaches the workflow's run, secrets from secrets and the rest from variables", () => {
  const workflow = parse(workflowText) as Workflow;
  const step = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .find((s) => s.uses === './')!;
  const given = Object.values(VARIABLES).map((variable) => ({ variable, ...givenBy(step, variable) }));
  const expected = Object.values(VARIABLES).map((variable) => ({
    variable,
    where: givenBy(step, variable).where,
    value: `\${{ ${VARIABLE_DOCS[variable]?.secret ? 'secrets' : 'vars'}.${variable} }}`,
  }));
  expect(given).toEqual(expected);
  expect(workflowText).not.toContain(DEPRECATED_ABILITIES_VARIABLE);
});

test("the action hands its inputs to the run as the contract's variables, and never splices one into a script", () => {
  const action = readAction();
  expect(actionText).not.toContain(DEPRECATED_ABILITIES_VARIABLE);
  const run = stepWithId(action, 'run');
  for (const [input, variable] of [
    ['base-url', VARIABLES.baseUrl],
    ['profile', VARIABLES.profile],
    ['abilities', VARIABLES.abilities],
  ] as const) {
    expect(action.inputs[input]?.description, input).toContain(variable);
    expect(run.run, input).toContain(`export ${variable}=`);
  }
  for (const input of ['shard', 'baseline', 'reports', 'args']) expect(action.inputs).toHaveProperty(input);
  for (const step of action.runs.steps) expect(step.run ?? '', step.name).not.toContain('${{');
  const uploads = action.runs.steps.filter((step) => step.uses?.startsWith('actions/upload-artifact@'));
  expect(uploads.map((step) => step.uses)).toEqual(['actions/upload-artifact@v4']);
});
