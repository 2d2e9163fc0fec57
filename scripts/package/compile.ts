/**
 * Compiles the modules the npm package runs (tsconfig.build.json: the commands, the Playwright
 * configuration, the conformance specs and whatever they import) to JavaScript, with relative `.ts`
 * imports rewritten to `.js`. Any type error stops the build: a package is never made of code that
 * does not check.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from '../../lib/paths.ts';

export const BUILD_CONFIG = path.join(PROJECT_ROOT, 'tsconfig.build.json');

export class CompileError extends Error {
  override name = 'CompileError';
}

const FORMAT_HOST: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => PROJECT_ROOT,
  getNewLine: () => '\n',
};

function failIfAny(diagnostics: readonly ts.Diagnostic[]): void {
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) throw new CompileError(ts.formatDiagnostics(errors, FORMAT_HOST).trimEnd());
}

/** Emits the package's JavaScript into a fresh output folder; answers that folder and the files written. */
export function compilePackage(): { outDir: string; files: string[] } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    BUILD_CONFIG,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => failIfAny([d]),
    },
  );
  if (!parsed) throw new CompileError(`${BUILD_CONFIG} could not be read`);
  failIfAny(parsed.errors);
  const outDir = parsed.options.outDir;
  if (!outDir) throw new CompileError(`${BUILD_CONFIG} names no outDir`);
  rmSync(outDir, { recursive: true, force: true });
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  failIfAny(ts.getPreEmitDiagnostics(program));
  const files: string[] = [];
  const result = program.emit(undefined, (file, text, bom) => {
    files.push(file);
    ts.sys.writeFile(file, text, bom);
  });
  failIfAny(result.diagnostics);
  return { outDir, files };
}
