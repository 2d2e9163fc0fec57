/**
 * `npm run mock`: serves the mock on loopback and prints its base URL, seeded credentials and ids;
 * `--print-env` prints them as `export PAYMENTS_...=...` lines for the suite's target contract instead.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { VARIABLES } from '../lib/target.ts';
import { buildMock } from './app.ts';
import { DEFAULT_RATE_LIMIT } from './context.ts';
import { CONTROL_PATHS } from './routes/control.ts';
import { OTHER_SEEDED_IDS, SEEDED_IDS } from './seed.ts';
import { MINTED_VARIABLES, seededEnv } from './seeded-env.ts';

const USAGE = `Usage: npm run mock -- [options]
  --port N             port to listen on (default: $PORT or 3100; 0 picks a free port)
  --host HOST          interface to listen on (default 127.0.0.1)
  --print-env          print the seeded values as export PAYMENTS_...=... lines and exit
  --no-control         no /__control/* routes and no Prefer faults (a plain sandbox)
  --rate-limit N/SECS  token requests allowed per client_id per window (default ${DEFAULT_RATE_LIMIT.max}/${DEFAULT_RATE_LIMIT.windowSeconds})
  --mutant NAME        switch on a named deliberate deviation (for mutation testing)
  --log, --verbose     one log line per request on stdout (secrets are never logged)
  --quiet              print only the base URL
  --help               this text`;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function envLines(control: boolean): string[] {
  const seeded = seededEnv(control);
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
    throw new Error(`--rate-limit must look like N/SECONDS (e.g. 100/60), got ${JSON.stringify(raw)}`);
  }
  return { max: Number(match[1]), windowSeconds: Number(match[2]) };
}

function parsePort(raw: string | undefined): number {
  const value = raw ?? process.env.PORT ?? '3100';
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new Error(`--port must be 0-65535, got ${JSON.stringify(value)}`);
  return port;
}

function banner(baseUrl: string, control: boolean): string {
  const ids = Object.entries(SEEDED_IDS).map(([key, value]) => `  ${key.padEnd(22)} ${value}`);
  const more = Object.entries(OTHER_SEEDED_IDS).map(([key, value]) => `  ${key.padEnd(22)} ${String(value)}`);
  return [
    `Payments mock listening on ${baseUrl}`,
    '',
    'Seeded values (the mock’s own public seed, not real credentials):',
    ...ids,
    ...more,
    '',
    `Tokens: POST ${baseUrl}/oauth/token {"grant_type":"client_credentials","client_id":"${SEEDED_IDS.clientId}","client_secret":"…"}`,
    `Codes:  GET ${baseUrl}/authorization?response_type=code&client_id=…&redirect_uri=…&state=…`,
    control
      ? `Control: POST ${Object.values(CONTROL_PATHS).join(', ')}; faults with header "Prefer: code=NNN[, example=NAME]"`
      : 'Control: off (--no-control)',
    'Stop with Ctrl-C.',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'print-env': { type: 'boolean', default: false },
      'no-control': { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      mutant: { type: 'string' },
      log: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const control = !values['no-control'];
  if (values.help) return void console.log(USAGE);
  if (values['print-env']) return void console.log(envLines(control).join('\n'));

  const app = await buildMock({
    control,
    logger: values.log || values.verbose,
    rateLimit: parseRateLimit(values['rate-limit']),
    mutant: values.mutant,
  });
  await app.listen({ port: parsePort(values.port), host: values.host });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;
  console.log(values.quiet ? baseUrl : banner(baseUrl, control));

  const stop = (signal: string) => {
    app.log.info(`received ${signal}, closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exit(2);
});
