/**
 * `npm pack` of this repository into a folder (its prepack script builds the JavaScript first): the
 * path of the tarball.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';

export class PackError extends Error {
  override name = 'PackError';
}

const PACK_TIMEOUT_MS = 180_000;

/** Packs the project into `destination` (an existing folder); answers the tarball's path. */
export function packProject(destination: string): string {
  const run = spawnSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: PACK_TIMEOUT_MS,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (run.status !== 0) {
    const why = run.error?.message ?? run.stderr.trim().split('\n').slice(-3).join(' / ');
    throw new PackError(`npm pack failed (exit ${run.status ?? 'none'}): ${why}`);
  }
  // The prepack script's own output comes first on stdout; npm's report is the JSON array after it.
  const start = run.stdout.search(/^\[/m);
  const [report] = JSON.parse(start === -1 ? run.stdout : run.stdout.slice(start)) as { filename: string }[];
  if (!report) throw new PackError('npm pack reported no package');
  return path.join(destination, report.filename);
}
