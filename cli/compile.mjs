/**
 * The command line compiled from this repository's TypeScript sources, for the launcher (cli/start.mjs).
 * Plain JavaScript, because it runs before anything can load TypeScript.
 *
 * Why not tsx, which runs main.ts as it is: tsx resolves and transforms every module the command imports,
 * Allure's and Fastify's included, in a loader thread of its own, about a second of CPU per run, much of
 * it while Playwright's runner loads beside it on the same two cores. Here cli/main.ts and what it imports
 * are bundled once with esbuild (a fifth of a second), with a chunk per dynamic import so that a command
 * loads only its own modules, and the bundle is reused while a hash of its sources' contents is unchanged.
 * Every module keeps its own import.meta.url, filename and dirname (the bundle spells them out as the
 * source file's), so what the code finds from its own location it finds as it would from source. Stack
 * traces point into the sources (source maps).
 *
 * Packages load from node_modules as they would from source, but for those of BUNDLED_PACKAGES, which are
 * compiled too (see there).
 */
import console from 'node:console';
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The command line's entry, as a source. */
export const MAIN_SOURCE = path.join(ROOT, 'cli', 'main.ts');
/** The bundles, under node_modules like other tools' caches: `npm ci` starts them afresh. */
export const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'payments-conformance', 'cli');
const MANIFEST = 'manifest.json';
/** Bundles kept besides the current one; an older one is removed only when it has not been used for an hour. */
const KEPT = 4;
const UNUSED_FOR_MS = 60 * 60 * 1000;
/** `import.meta.url`, `.filename` and `.dirname`, not `.resolve(...)` (a bare specifier resolves alike). */
const OWN_LOCATION = /\bimport\.meta\.(url|filename|dirname)\b/g;
/**
 * Packages compiled with the command line rather than loaded from node_modules: Allure's report builder, its
 * plugin and its readers' result files (the report reads a run's results from memory), which a run loads
 * while its tests run. As installed they are over six hundred modules (most of a second of CPU, on the
 * cores the tests need); compiled into one bundle, about a third of that. They are bundled apart from the
 * sources, with all they import, into the bundle's vendor/ folder, and made again with it when the
 * installed packages change (INSTALLED_PACKAGES is among the bundle's inputs).
 * Each must be an ES module: bundled, a CommonJS package would offer only its default export.
 */
export const BUNDLED_PACKAGES = [
  '@allurereport/core',
  '@allurereport/plugin-awesome',
  '@allurereport/reader-api',
];
/** npm's record of what node_modules holds, rewritten by every install. */
const INSTALLED_PACKAGES = path.join('node_modules', '.package-lock.json');
const VENDOR_DIR = 'vendor';
/**
 * A require() left in a bundle with a computed name: a call of esbuild's `__require` (or `__require2`...)
 * whose argument is not a string (its CommonJS wrappers define functions of that name, without argument).
 */
const COMPUTED_REQUIRE = /(?<!function\s)\b__require\d*\(\s*[^"'\s)]/;
/** A CommonJS module of a bundled package require()s Node.js's own modules: an ES module has no require. */
const VENDOR_BANNER =
  "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);";

/** The sources could not be compiled: esbuild's messages, each with its file and line. */
export class CompileError extends Error {
  name = 'CompileError';
}

/**
 * One bundle's identity: the contents of its sources, the bundler's version, and this file (how it
 * bundles). Any source that is gone or unreadable makes it undefined: the bundle is made again.
 */
function digestOf(root, inputs, esbuildVersion) {
  const hash = createHash('sha256')
    .update(`${esbuildVersion}\0`)
    .update(readFileSync(fileURLToPath(import.meta.url)));
  try {
    for (const input of [...inputs].sort())
      hash.update(`\0${input}\0`).update(readFileSync(path.join(root, input)));
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

/**
 * The installed esbuild's version, from its package.json: a reused bundle is checked against it without
 * importing esbuild itself (a few dozen milliseconds on every start), which only a build needs.
 */
function esbuildVersion() {
  const manifest = createRequire(import.meta.url).resolve('esbuild/package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

function readManifest(cacheDir) {
  try {
    return JSON.parse(readFileSync(path.join(cacheDir, MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Writes `file` whole or not at all: a run starting meanwhile reads the old manifest or the new one. The
 * TypeScript code's lib/write-whole.ts does the same; this file runs before TypeScript can be loaded.
 */
function writeAtomically(file, text) {
  const partial = `${file}.${randomUUID()}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/** Leaves the newest bundles and any used within the hour: a run still going may load a chunk of one. */
function prune(cacheDir, current) {
  const bundles = readdirSync(cacheDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== current)
    .map((entry) => ({ name: entry.name, used: statSync(path.join(cacheDir, entry.name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { name, used } of bundles.slice(KEPT)) {
    if (Date.now() - used > UNUSED_FOR_MS)
      rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

/** `file`'s location, as import.meta gives it: its URL, its path and its folder. */
function locationOf(file) {
  return { url: pathToFileURL(file).href, filename: file, dirname: path.dirname(file) };
}

/** `source`, the text of `file`, with import.meta's location spelled out as the file's own. */
function withOwnLocation(source, file) {
  const location = locationOf(file);
  return source.replace(OWN_LOCATION, (_match, property) => JSON.stringify(location[property]));
}

/** `source`, the text of the CommonJS `file`, with its own __filename and __dirname defined first. */
function withOwnCommonJsLocation(source, file) {
  const { filename, dirname } = locationOf(file);
  return `var __filename = ${JSON.stringify(filename)}, __dirname = ${JSON.stringify(dirname)};\n${source}`;
}

/**
 * esbuild loads each TypeScript source with its own location spelled out in place of import.meta's, and
 * each CommonJS source (lib/lib-folder.cjs) with its own __filename and __dirname.
 */
function ownLocationPlugin() {
  return {
    name: 'own-import-meta-location',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => ({
        contents: withOwnLocation(await readFile(args.path, 'utf8'), args.path),
        loader: 'ts',
      }));
      build.onLoad({ filter: /\.cjs$/ }, async (args) => ({
        contents: withOwnCommonJsLocation(await readFile(args.path, 'utf8'), args.path),
        loader: 'js',
      }));
    },
  };
}

/** How Node.js reads a file of a package: an ES module or CommonJS (by extension, else its package.json). */
function moduleFormatOf(file, packageTypes) {
  if (file.endsWith('.mjs')) return 'module';
  if (file.endsWith('.cjs')) return 'commonjs';
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (!packageTypes.has(dir)) {
      const manifest = path.join(dir, 'package.json');
      packageTypes.set(
        dir,
        existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')).type ?? 'commonjs') : undefined,
      );
    }
    const type = packageTypes.get(dir);
    if (type !== undefined) return type === 'module' ? 'module' : 'commonjs';
    if (path.dirname(dir) === dir) return 'commonjs';
  }
}

/**
 * esbuild loads each file of a bundled package with its own location spelled out: import.meta's in an ES
 * module, __filename and __dirname in a CommonJS one (packages read their own package.json and assets
 * from there).
 */
function packageLocationPlugin() {
  const packageTypes = new Map();
  return {
    name: 'package-own-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        return moduleFormatOf(args.path, packageTypes) === 'module'
          ? { contents: withOwnLocation(source, args.path), loader: 'js' }
          : { contents: withOwnCommonJsLocation(source, args.path), loader: 'js' };
      });
    },
  };
}

/**
 * The BUNDLED_PACKAGES installed under `root`, bundled into `outdir`: their names, each with the file of
 * its bundle. When esbuild cannot bundle them whole (a require() of a computed name, which could not be
 * found from the bundle's folder), none is bundled: they load from node_modules as before, and a note says so.
 */
async function bundlePackages(esbuild, { root, outdir, target }) {
  const fromRoot = createRequire(path.join(root, 'package.json'));
  const installed = BUNDLED_PACKAGES.filter((name) => {
    try {
      fromRoot.resolve(name);
      return true;
    } catch {
      return false;
    }
  });
  if (installed.length === 0) return new Map();
  const fileName = (name) => name.replace('@', '').replace('/', '+');
  let problem;
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: installed.map((name) => ({ in: name, out: fileName(name) })),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target,
      outdir,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunks/[name]-[hash]',
      banner: { js: VENDOR_BANNER },
      logLevel: 'silent',
      metafile: true,
      plugins: [packageLocationPlugin()],
    });
    // esbuild keeps such a call as it is, and says nothing of it in node_modules: it is found in its output.
    const computed = Object.keys(result.metafile.outputs).find((file) =>
      COMPUTED_REQUIRE.test(readFileSync(path.join(root, file), 'utf8')),
    );
    if (computed) problem = `a module of ${path.basename(computed)} requires a module by a computed name`;
  } catch (error) {
    problem = error?.errors?.[0]?.text ?? String(error);
  }
  if (problem !== undefined) {
    rmSync(outdir, { recursive: true, force: true });
    // Said once, as the bundle is made: the commands still run, only slower to start.
    console.warn(`note: ${installed.join(', ')} load from node_modules, not compiled: ${problem}`);
    return new Map();
  }
  return new Map(installed.map((name) => [name, path.join(outdir, `${fileName(name)}.mjs`)]));
}

/**
 * The bundled packages' imports, pointed at their bundles (external to the sources' bundle). Every import
 * by a package's name is looked up (`bundles` holds the exact names): there are a few dozen per build.
 */
function bundledPackagesPlugin(bundles) {
  return {
    name: 'bundled-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const file = bundles.get(args.path);
        return file ? { path: pathToFileURL(file).href, external: true } : undefined;
      });
    },
  };
}

async function bundle({ root, entry, cacheDir }) {
  const esbuild = await import('esbuild');
  const main = `${path.parse(entry).name}.mjs`;
  const name = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  const outdir = path.join(cacheDir, name);
  const target = `node${process.versions.node.split('.')[0]}`;
  const packages = await bundlePackages(esbuild, { root, outdir: path.join(outdir, VENDOR_DIR), target });
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target,
      // Other packages load from node_modules as they would from source, each when the code first asks.
      packages: 'external',
      outdir,
      outExtension: { '.js': '.mjs' },
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [bundledPackagesPlugin(packages), ownLocationPlugin()],
    });
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    if (!Array.isArray(error?.errors)) throw error;
    const messages = await esbuild.formatMessages(error.errors, { kind: 'error', color: false });
    throw new CompileError(messages.join('').trimEnd());
  }
  const inputs = [
    ...Object.keys(result.metafile.inputs),
    ...(packages.size > 0 && existsSync(path.join(root, INSTALLED_PACKAGES)) ? [INSTALLED_PACKAGES] : []),
  ];
  const digest = digestOf(root, inputs, esbuildVersion());
  writeAtomically(
    path.join(cacheDir, MANIFEST),
    `${JSON.stringify({ bundle: name, main, digest, inputs })}\n`,
  );
  prune(cacheDir, name);
  return path.join(outdir, main);
}

/**
 * The compiled form of `entry` (a path under `root`): the bundle in `cacheDir` while its sources are
 * unchanged, else a new one. Throws CompileError when a source does not compile.
 */
export async function compiledEntry({ root = ROOT, entry = MAIN_SOURCE, cacheDir = CACHE_DIR } = {}) {
  const manifest = readManifest(cacheDir);
  if (manifest) {
    const main = path.join(cacheDir, manifest.bundle, manifest.main);
    if (existsSync(main) && digestOf(root, manifest.inputs, esbuildVersion()) === manifest.digest) {
      // Marked as used now, so that no other run prunes it while this one may still load its chunks.
      const now = new Date();
      utimesSync(path.join(cacheDir, manifest.bundle), now, now);
      return main;
    }
  }
  mkdirSync(cacheDir, { recursive: true });
  return bundle({ root, entry, cacheDir });
}
