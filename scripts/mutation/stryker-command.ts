/**
 * The test command Stryker runs for each code mutant (stryker.config.mjs): the conformance suite
 * against the embedded mock, which the Playwright config starts from Stryker's sandbox, so the mutated
 * mock code is what answers. Stryker passes the active mutant in __STRYKER_ACTIVE_MUTANT__.
 *
 * To keep a run bounded, only the Playwright projects that exercise the mutated code run, and the run
 * stops at the first failure: the mutant's file (and, in mock/state.ts, its method) names the area. The
 * dry run and anything not mapped run the whole suite.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, type Area } from '../../lib/catalogue.ts';

const ACTIVE_MUTANT = process.env.__STRYKER_ACTIVE_MUTANT__;
const ROOT = process.cwd();
const MUTATED_FILES = [
  'mock/state.ts',
  ...[
    'oauth',
    'checkout',
    'reports',
    'subscriptions',
    'test-users',
    'claims',
    'chargebacks',
    'stores',
    'wallet',
    'control',
    'params',
  ].map((name) => `mock/routes/${name}.ts`),
];

/** Route files serving one area; the others (control, params) serve every area. */
const ROUTE_AREAS: Record<string, Area> = Object.fromEntries(
  AREAS.map((area) => [`mock/routes/${area}.ts`, area]),
);

/** MockState methods that only one area's endpoints reach (findAccessToken serves every area). */
const STATE_METHOD_AREAS: Record<string, Area> = {
  application: 'oauth',
  mintAccessToken: 'oauth',
  mintGrant: 'oauth',
  mintAuthorizationCode: 'oauth',
  mintRefreshToken: 'oauth',
  consumeAuthorizationCode: 'oauth',
  consumeRefreshToken: 'oauth',
  rateLimitDelay: 'oauth',
  storePreference: 'checkout',
  settlementConfig: 'reports',
  scheduleReleaseReport: 'reports',
  testUsersOf: 'test-users',
  plan: 'subscriptions',
  claimReason: 'claims',
  claim: 'claims',
  openDispute: 'claims',
  createClaimFixture: 'claims',
  chargeback: 'chargebacks',
  store: 'stores',
  agreement: 'wallet',
  cancelAgreement: 'wallet',
  createAgreementFixture: 'wallet',
};

/** The area whose projects exercise the mutant, or undefined for the whole suite. */
function areaOf(mutantId: string): Area | undefined {
  const marker = new RegExp(`stryMutAct_9fa48\\("${mutantId}"\\)`);
  for (const file of MUTATED_FILES) {
    const code = readFileSync(path.join(ROOT, file), 'utf8');
    const at = code.search(marker);
    if (at < 0) continue;
    if (file !== 'mock/state.ts') return ROUTE_AREAS[file];
    // The nearest method declaration above the mutant: `  name(` at class-member indentation.
    const before = code.slice(0, at);
    const methods = [...before.matchAll(/^ {2}(?:readonly |private |public )?(\w+)\s*\(/gm)];
    const method = methods.at(-1)?.[1];
    return method ? STATE_METHOD_AREAS[method] : undefined;
  }
  return undefined;
}

const area = ACTIVE_MUTANT === undefined ? undefined : areaOf(ACTIVE_MUTANT);
const result = spawnSync(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--reporter=dot',
    '--workers=2',
    ...(ACTIVE_MUTANT === undefined ? [] : ['--max-failures=1']),
    ...(area ? [`--project=${area}`] : []),
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } },
);
process.exit(result.status ?? 1);
