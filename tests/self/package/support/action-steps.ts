/**
 * Runs the shell steps of action.yml the way the GitHub runner does: bash with -e and pipefail, in the
 * step's working directory (the workspace unless it names one), each `${{ ... }}` of its env and
 * working directory replaced by the input, earlier output or action path it names, and its outputs read
 * back from its GITHUB_OUTPUT file. An expression this runner does not know fails the test, so a new
 * one in action.yml cannot go unchecked.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../../../lib/paths.ts';
import { runToEnd, type Finished } from './commands.ts';

export const ACTION_FILE = path.join(PROJECT_ROOT, 'action.yml');

interface ActionInput {
  description: string;
  required?: boolean;
  default?: string;
}

interface ActionStep {
  id?: string;
  name?: string;
  uses?: string;
  if?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}

export interface ActionMetadata {
  name: string;
  description: string;
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export function readAction(): ActionMetadata {
  return parse(readFileSync(ACTION_FILE, 'utf8')) as ActionMetadata;
}

export function stepWithId(action: ActionMetadata, id: string): ActionStep {
  const step = action.runs.steps.find((s) => s.id === id);
  if (!step) throw new Error(`action.yml has no step with id ${id}`);
  return step;
}

export function stepNamed(action: ActionMetadata, name: string): ActionStep {
  const step = action.runs.steps.find((s) => s.name === name);
  if (!step) throw new Error(`action.yml has no step named ${JSON.stringify(name)}`);
  return step;
}

/** What the expressions of a step may read: the caller's inputs and the outputs of earlier steps. */
export interface ActionContext {
  inputs: Record<string, string>;
  steps: Record<string, Record<string, string>>;
}

/** Where a step runs: the workflow's workspace, and the runner's folder for temporary files. */
export interface StepPlace {
  workspace: string;
  runnerTemp: string;
  /** Variables of the runner's environment beside the step's own env. */
  env?: Record<string, string>;
  timeoutMs: number;
}

const EXPRESSION = /\$\{\{\s*([^}]*?)\s*\}\}/g;

function evaluate(action: ActionMetadata, context: ActionContext, expression: string): string {
  const input = /^inputs\.([\w-]+)$/.exec(expression);
  if (input) {
    const name = input[1]!;
    if (!action.inputs[name]) throw new Error(`action.yml reads an input it does not declare: ${name}`);
    return context.inputs[name] ?? action.inputs[name].default ?? '';
  }
  const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
  if (output) return context.steps[output[1]!]?.[output[2]!] ?? '';
  // The action's own files: this checkout, as with `uses: ./`.
  if (expression === 'github.action_path') return PROJECT_ROOT;
  throw new Error(`the action-step runner does not know the expression \${{ ${expression} }}`);
}

function resolved(action: ActionMetadata, context: ActionContext, text: string): string {
  return text.replace(EXPRESSION, (_, expression: string) => evaluate(action, context, expression));
}

export interface StepRun extends Finished {
  outputs: Record<string, string>;
  summary: string;
}

/** Runs one `run:` step of the action. */
export async function runStep(
  action: ActionMetadata,
  step: ActionStep,
  context: ActionContext,
  place: StepPlace,
): Promise<StepRun> {
  if (step.run === undefined || step.shell !== 'bash') throw new Error('only bash run steps are run here');
  if (step.run.includes('${{')) throw new Error('a run script splices an expression in; pass it through env');
  const files = mkdtempSync(path.join(tmpdir(), 'action-step-'));
  try {
    const output = path.join(files, 'output');
    const summary = path.join(files, 'summary');
    const script = path.join(files, 'step.sh');
    writeFileSync(output, '');
    writeFileSync(summary, '');
    writeFileSync(script, step.run);
    const env = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, resolved(action, context, String(value))]),
    );
    const directory = step['working-directory'];
    const finished = await runToEnd('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: directory === undefined ? place.workspace : resolved(action, context, directory),
      env: {
        ...place.env,
        ...env,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summary,
        RUNNER_TEMP: place.runnerTemp,
      },
      timeoutMs: place.timeoutMs,
    });
    const outputs = Object.fromEntries(
      readFileSync(output, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    return { ...finished, outputs, summary: readFileSync(summary, 'utf8') };
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}
