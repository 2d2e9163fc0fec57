/**
 * Where a spec called a check, as the location of the check's report step.
 *
 * Left to itself, Playwright records a full stack trace (fifty frames, each mapped back to its source)
 * for every step, to place it; a run opens about a thousand check steps, and that was a tenth of a test's
 * CPU. A dozen frames reach the spec (or the shared case in tests/support/ that the spec declared), and
 * the step then points at the line that asked for the check rather than into checks.ts.
 */
import path from 'node:path';
import type { Location } from '@playwright/test';

const FRAMES = 12;
const SUPPORT_DIR = `${path.dirname(import.meta.filename)}${path.sep}`;
/** `at fn (file:///a/b.ts:3:14)`, `at file:///a/b.ts:3:14`, `at async fn (/a/b.ts:3:14)`. */
const FRAME = /(?:\(|at (?:async )?)(?:file:\/\/)?(\/[^()\s]+?):(\d+):(\d+)\)?$/;

/** The caller's frames, from the one that called `below` outward. */
function frames(below: (...args: never[]) => unknown): Location[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = FRAMES;
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, below);
  Error.stackTraceLimit = limit;
  const found: Location[] = [];
  for (const line of (holder.stack ?? '').split('\n').slice(1)) {
    const match = FRAME.exec(line.trim());
    if (match)
      found.push({ file: decodeURI(match[1] ?? ''), line: Number(match[2]), column: Number(match[3]) });
  }
  return found;
}

/** The first frame outside tests/support/, else the first outside `ownFile`; undefined when none is seen. */
export function callerOutside(ownFile: string): Location | undefined {
  const seen = frames(callerOutside);
  return (
    seen.find(
      (f) => !f.file.startsWith(SUPPORT_DIR) && !f.file.includes(`${path.sep}node_modules${path.sep}`),
    ) ?? seen.find((f) => f.file !== ownFile && !f.file.includes(`${path.sep}node_modules${path.sep}`))
  );
}
