/**
 * The test command Stryker runs for each code mutant (stryker.config.mjs): the conformance suite
 * against the embedded mock, which the Playwright config starts from Stryker's sandbox, so the mutated
 * mock code is what answers. Stryker passes the active mutant in __STRYKER_ACTIVE_MUTANT__.
 *
 * To keep a run bounded, only the specs of the area that exercises the mutated code run, and the run
 * stops at the first failure: the mutant's file (and, in mock/state.ts, its method) names the area. The
 * dry run and anything not mapped run the whole suite.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, type Area } from '../../lib/catalogue.ts';
import stateMethods from './stryker-state-methods.json' with { type: 'json' };

const ACTIVE_MUTANT = process.env.__STRYKER_ACTIVE_MUTANT__;
const ROOT = process.cwd();
/** Route files that serve every area (the others are named after the area they serve). */
const SHARED_ROUTE_FILES = ['control', 'params'];
const STATE_FILE = 'mock/state.ts';
const routeFile = (name: string) => `mock/routes/${name}.ts`;
const MUTATED_FILES = [STATE_FILE, ...[...AREAS, ...SHARED_ROUTE_FILES].map(routeFile)];

/** Route files serving one area. */
const ROUTE_AREAS: Record<string, Area> = Object.fromEntries(AREAS.map((area) => [routeFile(area), area]));

const UNKNOWN_AREA = (method: string, area: unknown) =>
  `stryker-state-methods.json: ${method} names an unknown area ${JSON.stringify(area)}; known: ${AREAS.join(', ')}`;

const isArea = (value: string): value is Area => (AREAS as readonly string[]).includes(value);

/** The mutated MockState methods that only one area's endpoints reach (the others serve every area). */
const STATE_METHOD_AREAS: Record<string, Area> = Object.fromEntries(
  Object.entries(stateMethods.methods).flatMap(([method, { area }]): [string, Area][] => {
    if (area === null) return [];
    if (!isArea(area)) throw new Error(UNKNOWN_AREA(method, area));
    return [[method, area]];
  }),
);

/**
 * Stryker's instrumenter guards every mutant with a call `stryMutAct_<hash>("<id>")` (the helper is
 * IS_MUTANT_ACTIVE_HELPER in @stryker-mutator/instrumenter's util/syntax-helpers.js: `stryMutAct_9fa48`
 * in the pinned 9.6.1). The hash is matched loosely so an upgrade that changes it still finds the
 * mutant; a mutant not found at all runs the whole suite, which is slower but never wrong.
 */
const mutantMarker = (mutantId: string) =>
  new RegExp(`\\bstryMutAct_[0-9A-Za-z]+\\(\\s*"${mutantId.replace(/[^\w-]/g, '')}"\\s*\\)`);

/** The area whose specs exercise the mutant, or undefined for the whole suite. */
function areaOf(mutantId: string): Area | undefined {
  const marker = mutantMarker(mutantId);
  for (const file of MUTATED_FILES) {
    const code = readFileSync(path.join(ROOT, file), 'utf8');
    const at = code.search(marker);
    if (at < 0) continue;
    if (file !== STATE_FILE) return ROUTE_AREAS[file];
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
    // An area is a folder of the conformance project.
    ...(area ? [`tests/conformance/${area}/`] : []),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  },
);
process.exit(result.status ?? 1);
