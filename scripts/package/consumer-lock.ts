/**
 * The lockfile of a folder that depends on nothing but the packed suite: the suite's own entry (the
 * tarball) and, from this repository's package-lock.json, exactly the packages its `dependencies` reach,
 * at the versions this repository tested. `npm ci` in such a folder installs what `npm install
 * <tarball>` would, without resolving a version range: so it needs no registry metadata, only the
 * tarballs `npm ci` here already put in the npm cache, and it can run offline. Each package gets its
 * registry tarball address (this repository's lockfile may leave them out), so not even a package's
 * registry metadata is needed.
 */

export interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

/** The parts of the packed package.json the lockfile repeats. */
export interface PackedManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
}

export class ConsumerLockError extends Error {
  override name = 'ConsumerLockError';
}

const CONSUMER_NAME = 'payments-conformance-consumer';

/** Where node finds `name` from the package at `from` (a lockfile path): its own node_modules, then its parents'. */
function resolveFrom(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
    const at = base.lastIndexOf('/node_modules/');
    base = at === -1 ? '' : base.slice(0, at);
  }
}

/** The registry's address of the tarball of the package at `lockPath` (`node_modules/@scope/name`). */
function registryTarball(registry: string, lockPath: string, entry: LockEntry): string {
  const name = entry.name ?? lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const base = name.slice(name.lastIndexOf('/') + 1);
  return `${registry.replace(/\/?$/, '/')}${name}/-/${base}-${entry.version ?? ''}.tgz`;
}

/** A dependency the entry cannot do without: plain ones, and peers not marked optional. */
function requiredNames(entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => !entry.peerDependenciesMeta?.[name]?.optional,
  );
  return [...Object.keys(entry.dependencies ?? {}), ...peers];
}

/**
 * The consumer folder's package.json and package-lock.json for `manifest`, packed as `tarballName` (a file
 * beside them), with the versions of `projectLock`, fetched from `registry`.
 */
export function consumerLock(
  projectLock: Lockfile,
  manifest: PackedManifest,
  tarballName: string,
  registry: string,
): { packageJson: Record<string, unknown>; lock: Lockfile } {
  const project = projectLock.packages;
  const suitePath = `node_modules/${manifest.name}`;
  const suite: LockEntry = {
    version: manifest.version,
    resolved: `file:${tarballName}`,
    ...(manifest.dependencies ? { dependencies: manifest.dependencies } : {}),
    ...(manifest.bin ? { bin: manifest.bin } : {}),
    ...(manifest.engines ? { engines: manifest.engines } : {}),
  };
  const reached = new Map<string, LockEntry>();
  const queue: { path: string; entry: LockEntry }[] = [{ path: suitePath, entry: suite }];
  while (queue.length > 0) {
    const { path, entry } = queue.shift()!;
    const wanted = [
      ...requiredNames(entry).map((name) => ({ name, optional: false })),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ];
    for (const { name, optional } of wanted) {
      // The suite's own folder holds none of its dependencies: they resolve as from the project root.
      const found = resolveFrom(project, path === suitePath ? '' : path, name);
      if (found === undefined) {
        if (optional) continue;
        throw new ConsumerLockError(
          `package-lock.json has no ${name} for ${path}: run npm install to bring the lockfile up to date`,
        );
      }
      if (reached.has(found)) continue;
      const { dev: _dev, ...kept } = project[found]!;
      kept.resolved ??= registryTarball(registry, found, kept);
      reached.set(found, kept);
      queue.push({ path: found, entry: kept });
    }
  }
  const dependencies = { [manifest.name]: `file:${tarballName}` };
  const packages: Record<string, LockEntry> = {
    '': { name: CONSUMER_NAME, dependencies },
    [suitePath]: suite,
    ...Object.fromEntries([...reached].sort(([a], [b]) => a.localeCompare(b))),
  };
  return {
    packageJson: { name: CONSUMER_NAME, private: true, dependencies },
    lock: { name: CONSUMER_NAME, lockfileVersion: 3, requires: true, packages },
  };
}
