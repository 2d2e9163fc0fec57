/**
 * `npm run build` (and `npm pack`, through prepack): the npm package's JavaScript and the files it reads,
 * in the output folder of tsconfig.build.json; on failure, the compiler's errors and a non-zero exit.
 */
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths.ts';
import { isEntryPoint } from '../../lib/runtime.ts';
import { copyAssets } from './assets.ts';
import { CompileError, compilePackage } from './compile.ts';

export function buildPackage(): { outDir: string; modules: number; assets: number } {
  const { outDir, files } = compilePackage();
  const assets = copyAssets(outDir);
  return { outDir, modules: files.length, assets: assets.length };
}

if (isEntryPoint(import.meta.url)) {
  try {
    const { outDir, modules, assets } = buildPackage();
    console.log(
      `built ${path.relative(PROJECT_ROOT, outDir)}/: ${modules} modules, ${assets} files copied as they are (schemas)`,
    );
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    console.error(`${error.name}: ${error.message}`);
    process.exitCode = 1;
  }
}
