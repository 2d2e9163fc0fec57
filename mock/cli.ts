/**
 * `npm run mock`: serves the mock on loopback and prints its base URL, seeded credentials and ids;
 * `--print-env` prints them as `export PAYMENTS_...=...` lines for the suite's target contract instead.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { dropOutputOnceReaderLeaves } from '../lib/closed-output.ts';
import { isEntryPoint } from '../lib/runtime.ts';
import { VARIABLES } from '../lib/target.ts';
import { buildMock } from './app.ts';
import { DEFAULT_RATE_LIMIT } from './context.ts';
import { CONTROL_PATHS } from './routes/control.ts';
import { OTHER_SEEDED_IDS } from './seed.ts';
import { MINTED_VARIABLES, seededEnv } from './seeded-env.ts';
import { applyVariation } from './variations/apply.ts';
import {
  ALL_MUTANTS,
  ALL_VARIANTS,
  variationOf,
  type Variation,
  type VariationChoice,
} from './variations/catalogue.ts';

export const MOCK_USAGE = `Usage: npm run mock -- [options]

Serves the reference mock of the Payments Platform API on loopback, with the seeded application,
resources and control routes a conformance run needs.

Options:
  --port N             port to listen on (default: $PORT or 3100; 0 picks a free port)
  --host HOST          interface to listen on (default 127.0.0.1)
  --print-env          print the seeded values as export PAYMENTS_...=... lines and exit
  --no-control         no /__control/* routes and no Prefer faults (a plain sandbox)
  --rate-limit N/SECS  token requests allowed per client_id per window (default ${DEFAULT_RATE_LIMIT.max}/${DEFAULT_RATE_LIMIT.windowSeconds})
  --mutant NAME        switch on a mutant: a server that breaks one rule (names: --list)
  --variant NAME       switch on a conformant variant: a server that reads an open point otherwise (names: --list)
  --list               list the mutants (mock/variations/mutants.ts) and variants (variants.ts), and exit
  --log, --verbose     one log line per request on stdout (secrets are never logged)
  --quiet              print only the base URL
  --help               this text

Control routes (off with --no-control):
  header  Prefer: code=NNN[, example=NAME]          answers that documented error of the endpoint
  POST    ${CONTROL_PATHS.clock}    {"advance_seconds": N, "credentials": [..]}  ages those codes and
                                  tokens by N seconds; without credentials, moves the whole mock clock
  POST    ${CONTROL_PATHS.fixtures} {"kind": "agreement"|"claim"}  a fresh resource, 201 {"id": ...}
  POST    ${CONTROL_PATHS.reset}                              restores the seed, forgets every token
  GET     /authorization?response_type=code&client_id=..&redirect_uri=..&state=..   302 with a code;
          a browser (Accept: text/html) gets a login-and-consent page instead (npm run authorize)

Examples:
  npm run mock                                   # http://127.0.0.1:3100, prints credentials and ids
  npm run mock -- --port 0 --quiet               # a free port; prints only the URL
  eval "$(npm run -s mock -- --print-env)"       # the seeded PAYMENTS_* values in this shell
  npm run mock -- --mutant store-no-auth         # a broken server: the suite must fail it
  npm run mock -- --variant minimal-error-bodies # a conformant server read otherwise: the suite must pass it`;

export class MockUsageError extends Error {
  override name = 'MockUsageError';
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function envLines(control: boolean, variation?: Variation): string[] {
  const seeded = seededEnv({ control, served: applyVariation(variation) });
  const lines = [
    `# Seeded values of the embedded mock; also set ${VARIABLES.baseUrl} to the URL it listens on.`,
  ];
  for (const name of Object.values(VARIABLES)) {
    if (name === VARIABLES.baseUrl) continue;
    const minted = MINTED_VARIABLES[name];
    const value = seeded[name];
    if (minted) lines.push(`# ${name} is not printed: ${minted}.`);
    else if (value !== undefined) lines.push(`export ${name}=${shellQuote(value)}`);
  }
  return lines;
}

function parseRateLimit(raw: string | undefined) {
  if (raw === undefined) return DEFAULT_RATE_LIMIT;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new MockUsageError(
      `--rate-limit must look like N/SECONDS (e.g. 100/60), got ${JSON.stringify(raw)}`,
    );
  }
  return { max: Number(match[1]), windowSeconds: Number(match[2]) };
}

function parsePort(raw: string | undefined): number {
  const value = raw ?? process.env.PORT ?? '3100';
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new MockUsageError(`--port must be 0-65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

function variationChoice(
  mutant: string | undefined,
  variant: string | undefined,
): VariationChoice | undefined {
  if (mutant !== undefined && variant !== undefined) {
    throw new MockUsageError('--mutant and --variant exclude each other: switch on one at a time');
  }
  if (mutant !== undefined) return { type: 'mutant', name: mutant };
  if (variant !== undefined) return { type: 'variant', name: variant };
  return undefined;
}

function listing(): string {
  const rows = (title: string, items: readonly { name: string; description: string }[]) => [
    title,
    ...items.map((v) => `  ${v.name.padEnd(52)} ${v.description}`),
  ];
  return [
    ...rows(
      `Mutants (${ALL_MUTANTS.length}, mock/variations/mutants.ts): the suite must fail each`,
      ALL_MUTANTS,
    ),
    '',
    ...rows(
      `Variants (${ALL_VARIANTS.length}, mock/variations/variants.ts): the suite must pass each`,
      ALL_VARIANTS,
    ),
  ].join('\n');
}

function variationLine(variation: Variation | undefined): string {
  if (!variation) return 'Serving the faithful reference mock.';
  const what =
    variation.type === 'mutant'
      ? `MUTANT ${variation.name}: breaks ${variation.breaks}`
      : `VARIANT ${variation.name}: conformant, reads an open point otherwise`;
  return `${what}\n  ${variation.description}`;
}

function banner(baseUrl: string, control: boolean, variation: Variation | undefined): string {
  const seeded = seededEnv({ control, served: applyVariation(variation) });
  const ids = Object.entries(seeded).map(([key, value]) => `  ${key.padEnd(32)} ${value}`);
  const more = Object.entries(OTHER_SEEDED_IDS).map(([key, value]) => `  ${key.padEnd(32)} ${String(value)}`);
  return [
    `Payments mock listening on ${baseUrl}`,
    variationLine(variation),
    '',
    'Seeded values (the mock’s own public seed, not real credentials):',
    ...ids,
    ...more,
    '',
    `Tokens:  POST ${baseUrl}/oauth/token {"grant_type":"client_credentials","client_id":"…","client_secret":"…"}`,
    `Codes:   GET ${baseUrl}/authorization?response_type=code&client_id=…&redirect_uri=…&state=…`,
    '         (302 with a code; in a browser, a login-and-consent page: npm run authorize)',
    control
      ? `Control: POST ${Object.values(CONTROL_PATHS).join(', ')}; faults with header "Prefer: code=NNN[, example=NAME]"`
      : 'Control: off (--no-control)',
    'Stop with Ctrl-C.',
  ].join('\n');
}

/** Runs the mock command with `argv` (without node and the script); resolves once it listens or has printed. */
export async function runMockCli(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'print-env': { type: 'boolean', default: false },
      'no-control': { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      mutant: { type: 'string' },
      variant: { type: 'string' },
      list: { type: 'boolean', default: false },
      log: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const control = !values['no-control'];
  if (values.help) return void console.log(MOCK_USAGE);
  if (values.list) return void console.log(listing());
  const choice = variationChoice(values.mutant, values.variant);
  let variation: Variation | undefined;
  try {
    variation = variationOf(choice);
  } catch (error) {
    throw new MockUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values['print-env']) return void console.log(envLines(control, variation).join('\n'));

  const rateLimit = parseRateLimit(values['rate-limit']);
  const port = parsePort(values.port);
  const app = await buildMock({
    control,
    logger: values.log || values.verbose,
    rateLimit,
    variation: choice,
  });
  await app.listen({ port, host: values.host });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;

  const stop = (signal: string) => {
    app.log.info(`received ${signal}, closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Before the URL is printed: whoever reads it may stop the mock at once, and must get a clean exit.
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  console.log(values.quiet ? baseUrl : banner(baseUrl, control, variation));
}

/** One line for bad usage (exit 2), never a stack trace. */
export function mockCliFailure(error: unknown): { message: string; exitCode: number } {
  const message = error instanceof Error ? error.message : String(error);
  return { message: `${message} (npm run mock -- --help lists the options)`, exitCode: 2 };
}

if (isEntryPoint(import.meta.url)) {
  dropOutputOnceReaderLeaves();
  runMockCli(process.argv.slice(2)).catch((error: unknown) => {
    const failure = mockCliFailure(error);
    console.error(failure.message);
    process.exit(failure.exitCode);
  });
}
