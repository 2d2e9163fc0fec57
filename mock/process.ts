/**
 * The mock as its own process (`mock/cli`, started by node directly), for runners that need it apart from
 * themselves: the mutation runner (one mock per mutant) and the bench (which samples the process's
 * memory and CPU by its pid). Started on port 0 on loopback; the URL it prints is its base URL.
 */
import { spawn } from 'node:child_process';
import { LOOPBACK } from '../lib/loopback.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { nodeArguments, projectModule } from '../lib/runtime.ts';
import { VARIABLES } from '../lib/target.ts';
import { seededEnv } from './seeded-env.ts';
import { applyVariation } from './variations/apply.ts';
import { variationOf, type VariationChoice } from './variations/catalogue.ts';

const MOCK_CLI = projectModule('mock/cli');
const START_TIMEOUT_MS = 30_000;
/** Enough of the output to explain a failed start, never a growing buffer. */
const OUTPUT_TAIL = 4_000;
const BASE_URL = /^http:\/\/127\.0\.0\.1:\d+$/m;

export const MOCK_PROCESS_MESSAGES = {
  didNotStart: (label: string, output: string) =>
    `The mock (${label}) did not print its base URL within ${START_TIMEOUT_MS / 1000} s; its output:\n${output}`,
  exited: (label: string, code: number | null, output: string) =>
    `The mock (${label}) exited with code ${code} before listening; its output:\n${output}`,
} as const;

export interface MockProcessOptions {
  /** A mutant or conformant variant of mock/variations/ to switch on. */
  variation?: VariationChoice;
  /** Token requests allowed per client per window, as `--rate-limit N/SECONDS`. */
  rateLimit?: { max: number; windowSeconds: number };
  /** Without the /__control routes and Prefer faults. */
  noControl?: boolean;
  /** Flags for node itself (e.g. `--cpu-prof`). */
  nodeFlags?: readonly string[];
}

export interface MockProcess {
  baseUrl: string;
  /** The node process serving the mock (no shell or npx in between). */
  pid: number;
  /** The PAYMENTS_* target contract of a run against it: the seeded values and the base URL. */
  env: Record<string, string>;
  /** Stops it (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

function cliArgs(options: MockProcessOptions): string[] {
  return [
    ...(options.nodeFlags ?? []),
    ...nodeArguments(),
    MOCK_CLI,
    '--port',
    '0',
    '--host',
    LOOPBACK,
    '--quiet',
    ...(options.variation ? [`--${options.variation.type}`, options.variation.name] : []),
    ...(options.rateLimit
      ? ['--rate-limit', `${options.rateLimit.max}/${options.rateLimit.windowSeconds}`]
      : []),
    ...(options.noControl ? ['--no-control'] : []),
  ];
}

export function startMockProcess(options: MockProcessOptions = {}): Promise<MockProcess> {
  const label = options.variation ? `${options.variation.type} ${options.variation.name}` : 'faithful';
  const served = applyVariation(variationOf(options.variation));
  const child = spawn(process.execPath, cliArgs(options), {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('close', () => resolve());
      child.kill('SIGTERM');
    });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_TAIL));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(MOCK_PROCESS_MESSAGES.didNotStart(label, output)));
    }, START_TIMEOUT_MS);
    child.stderr.on('data', keep);
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      const baseUrl = BASE_URL.exec(output)?.[0];
      if (!baseUrl) return;
      clearTimeout(timer);
      resolve({
        baseUrl,
        pid: child.pid!,
        env: { ...seededEnv({ control: !options.noControl, served }), [VARIABLES.baseUrl]: baseUrl },
        stop,
      });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(MOCK_PROCESS_MESSAGES.exited(label, code, output)));
    });
  });
}

const FLEET = projectModule('mock/fleet');
/** The line mock/fleet.ts prints once every member listens. */
export const FLEET_READY = 'ready';

/** A variation of a fleet, and whether it serves the control surface (a sandbox does not). */
export interface FleetChoice extends VariationChoice {
  control: boolean;
}

/** One listening member of a fleet, as mock/fleet.ts prints it. */
export interface FleetMember extends FleetChoice {
  baseUrl: string;
}

export interface MockFleet {
  members: (FleetMember & { env: Record<string, string> })[];
  stop(): Promise<void>;
}

/**
 * Several variations in one mock process, each on its own port; `{ type: 'variant', name: '' }` is the
 * faithful mock. Each is served with its control surface unless it says `control: false`.
 */
export function startMockFleet(
  choices: readonly (VariationChoice & { control?: boolean })[],
): Promise<MockFleet> {
  const requested: FleetChoice[] = choices.map((c) => ({
    type: c.type,
    name: c.name,
    control: c.control ?? true,
  }));
  const child = spawn(process.execPath, [...nodeArguments(), FLEET, JSON.stringify(requested)], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('close', () => resolve());
      child.kill('SIGTERM');
    });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-OUTPUT_TAIL)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(MOCK_PROCESS_MESSAGES.didNotStart('fleet', errors)));
    }, START_TIMEOUT_MS * 3);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.split('\n').includes(FLEET_READY)) return;
      clearTimeout(timer);
      const members = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as FleetMember)
        .map((member) => {
          const variation = member.name === '' ? undefined : variationOf(member);
          const env = seededEnv({ served: applyVariation(variation), control: member.control });
          return { ...member, env: { ...env, [VARIABLES.baseUrl]: member.baseUrl } };
        });
      resolve({ members, stop });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(MOCK_PROCESS_MESSAGES.exited('fleet', code, errors)));
    });
  });
}
