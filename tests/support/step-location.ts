/**
 * Where a spec called a check, as the location of the check's report step.
 *
 * Left to itself, Playwright records a full stack trace (fifty frames, each mapped back to its source)
 * for every step, to place it; a run opens about a thousand check steps, and that was a tenth of a test's
 * CPU. Here a dozen frames are taken as they are, the one that reaches the spec (or the shared case in
 * tests/support/ that the spec declared) is chosen by its file, and only that one is mapped back to its
 * source line: the step points at the line that asked for the check rather than into checks.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Location } from '@playwright/test';
import { CODE_ROOT } from '../../lib/paths.ts';
import { projectModule } from '../../lib/runtime.ts';

const FRAMES = 12;
const SUPPORT_DIR = `${path.join(CODE_ROOT, 'tests', 'support')}${path.sep}`;

/** The file of a module of tests/support/ (`checks`), as call sites name it from source or compiled. */
export function supportFile(name: string): string {
  return projectModule(`tests/support/${name}`);
}
const NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/** `at fn (file:///a/b.ts:3:14)`, `at file:///a/b.ts:3:14`, `at async fn (/a/b.ts:3:14)`. */
const FRAME = /(?:\(|at (?:async )?)(?:file:\/\/)?(\/[^()\s]+?):(\d+):(\d+)\)?$/;

/** The caller's call sites, from the one that called `below` outward, not yet mapped to their sources. */
function callSites(below: (...args: never[]) => unknown): NodeJS.CallSite[] {
  const limit = Error.stackTraceLimit;
  // Kept to be put back as it was: Node.js calls it with Error as `this`, as it will again.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const prepare = Error.prepareStackTrace;
  Error.stackTraceLimit = FRAMES;
  Error.prepareStackTrace = (_error, sites) => sites;
  try {
    const holder: { stack?: NodeJS.CallSite[] } = {};
    Error.captureStackTrace(holder, below);
    // Read here: the stack is made when it is first read, by the prepareStackTrace of that moment.
    return holder.stack ?? [];
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
}

function fileOf(site: NodeJS.CallSite): string {
  const name = site.getFileName() ?? '';
  return name.startsWith('file://') ? fileURLToPath(name) : name;
}

/** Where a call site is in the source: mapped the way stack traces are (Playwright maps them). */
function locationOf(site: NodeJS.CallSite): Location | undefined {
  if (!Error.prepareStackTrace) {
    return { file: fileOf(site), line: site.getLineNumber() ?? 0, column: site.getColumnNumber() ?? 0 };
  }
  const line = String(Error.prepareStackTrace(new Error(), [site])).split('\n')[1];
  const match = FRAME.exec(line?.trim() ?? '');
  return match
    ? { file: decodeURI(match[1] ?? ''), line: Number(match[2]), column: Number(match[3]) }
    : undefined;
}

/** The first frame outside tests/support/, else the first outside `ownFile`; undefined when none is seen. */
export function callerOutside(ownFile: string): Location | undefined {
  // Files on disk only (not node: internals), outside node_modules.
  const seen = callSites(callerOutside)
    .map((site) => ({ site, file: fileOf(site) }))
    .filter(({ file }) => file.startsWith('/') && !file.includes(NODE_MODULES));
  const chosen =
    seen.find(({ file }) => !file.startsWith(SUPPORT_DIR)) ?? seen.find(({ file }) => file !== ownFile);
  return chosen ? locationOf(chosen.site) : undefined;
}
