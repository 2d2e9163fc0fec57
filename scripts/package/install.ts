/**
 * Installs a packed suite into a folder of its own, the way a user's `npm install <tarball>` does, at
 * the dependency versions of this repository's lockfile (scripts/package/consumer-lock.ts), with
 * `npm ci`. Offline (`offline`, or npm configured so), every package must already be in the npm cache
 * (`npm ci` in this repository puts them there); a missing one fails at once, naming it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';
import { consumerLock, type Lockfile, type PackedManifest } from './consumer-lock.ts';

export class InstallError extends Error {
  override name = 'InstallError';
}

export interface Installed {
  /** The folder the suite is installed in (its node_modules holds it). */
  dir: string;
  /** The installed command. */
  bin: string;
  /** The installed package's folder. */
  packageDir: string;
}

const INSTALL_TIMEOUT_MS = 300_000;

function packedManifest(tarball: string): PackedManifest {
  const run = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
  if (run.status !== 0)
    throw new InstallError(`${tarball} holds no package/package.json: ${run.stderr.trim()}`);
  return JSON.parse(run.stdout) as PackedManifest;
}

/** The registry npm is configured with (the user's or CI's mirror, else npm's own). */
function npmRegistry(): string {
  const run = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' });
  const registry = run.stdout.trim();
  if (run.status !== 0 || !/^https?:\/\//.test(registry)) {
    throw new InstallError(`npm config get registry answered ${JSON.stringify(registry)}`);
  }
  return registry;
}

/** The error lines of npm's output: what went wrong, without its debug-log boilerplate. */
function npmErrors(output: string): string {
  const lines = output
    .split('\n')
    .filter((l) => l.startsWith('npm error') && !/complete log|A complete log/.test(l));
  return (lines.length > 0 ? lines : output.trim().split('\n').slice(-3)).join(' / ');
}

/** Installs `tarball` into `dir` (created when missing); `offline` forbids any request to a registry. */
export function installPackage(tarball: string, dir: string, options: { offline: boolean }): Installed {
  mkdirSync(dir, { recursive: true });
  const manifest = packedManifest(tarball);
  const tarballName = path.basename(tarball);
  if (path.resolve(path.dirname(tarball)) !== path.resolve(dir))
    copyFileSync(tarball, path.join(dir, tarballName));
  const projectLock = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, 'package-lock.json'), 'utf8'),
  ) as Lockfile;
  const { packageJson, lock } = consumerLock(projectLock, manifest, tarballName, npmRegistry());
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  // --loglevel: the errors are printed whatever level the caller's npm passes on (`npm run -s`: silent).
  const offline = options.offline ? ['--offline'] : [];
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error', ...offline], {
    cwd: dir,
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (run.status !== 0) {
    const why = run.error?.message ?? npmErrors(`${run.stdout}\n${run.stderr}`);
    const hint = why.includes('ENOTCACHED')
      ? ' (offline: run npm ci in the repository first, so the npm cache holds every package)'
      : '';
    throw new InstallError(`npm ci in ${dir} failed (exit ${run.status ?? 'none'})${hint}: ${why}`);
  }
  const packageDir = path.join(dir, 'node_modules', manifest.name);
  const binName = Object.keys(manifest.bin ?? {})[0] ?? manifest.name;
  return { dir, bin: path.join(dir, 'node_modules', '.bin', binName), packageDir };
}
