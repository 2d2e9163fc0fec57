/**
 * `npm run package:install -- DIR [--offline]`: packs this checkout and installs the package into DIR
 * as a user's project would have it, then prints the path of its command. The GitHub Action
 * (action.yml) installs itself this way, so a workflow runs what `npm pack` ships, whether it uses the
 * action from this repository (`uses: ./`) or from another one.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEntryPoint } from '../../lib/runtime.ts';
import { InstallError, installPackage } from './install.ts';
import { PackError, packProject } from './pack.ts';

export const INSTALL_TOOL_USAGE = `Usage: npm run package:install -- DIR [--offline]

Packs this checkout (npm pack, which builds it first) and installs the tarball into DIR with the
dependency versions of package-lock.json; prints the installed command's path. --offline takes every
package from the npm cache (npm ci here fills it).`;

export function runInstallTool(argv: readonly string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { offline: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message} (npm run package:install -- --help)`);
    return 2;
  }
  const [dir, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    console.log(INSTALL_TOOL_USAGE);
    return 0;
  }
  if (dir === undefined || extra.length > 0) {
    console.error(INSTALL_TOOL_USAGE);
    return 2;
  }
  try {
    const target = path.resolve(dir);
    mkdirSync(target, { recursive: true });
    const tarball = packProject(target);
    console.log(installPackage(tarball, target, { offline: parsed.values.offline }).bin);
    return 0;
  } catch (error) {
    if (!(error instanceof PackError || error instanceof InstallError)) throw error;
    console.error(`${error.name}: ${error.message}`);
    return 1;
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = runInstallTool(process.argv.slice(2));
