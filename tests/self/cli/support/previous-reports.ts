/**
 * A reports folder as a previous run left it (a marker file among the usual outputs), so a test can
 * prove that a command which refuses to start changes nothing in it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportPathsUnder } from '../../../../lib/report-paths.ts';

export const MARKER_FILE = 'left-by-the-previous-run.txt';

export function previousReports(dir: string): string {
  const paths = reportPathsUnder(dir);
  mkdirSync(paths.allureResults, { recursive: true });
  mkdirSync(paths.allureReport, { recursive: true });
  mkdirSync(paths.historyDir, { recursive: true });
  writeFileSync(join(dir, MARKER_FILE), `written before the command, ${new Date().toISOString()}\n`);
  writeFileSync(paths.results, '{"key":"a previous test","status":"passed"}\n');
  writeFileSync(paths.summary, '{"verdict":"CONFORMANT","exitCode":0}\n');
  writeFileSync(paths.junit, '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="0"/>\n');
  writeFileSync(join(paths.allureResults, 'previous-result.json'), '{}\n');
  writeFileSync(join(paths.allureReport, 'index.html'), '<!doctype html><title>previous</title>\n');
  writeFileSync(join(paths.historyDir, 'previous.runs.jsonl'), '{"failing":[],"passing":[]}\n');
  return dir;
}
