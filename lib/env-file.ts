/**
 * A `.env` file in the caller's working directory supplies target variables (`cp .env.example .env` is
 * enough); a variable set in the real environment wins over the file's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

export const ENV_FILE = '.env';

export class EnvFileError extends Error {
  override name = 'EnvFileError';
}

/** The variables of `dir`/.env that the environment does not already set (none when there is no file). */
export function envFileVariables(dir: string, env: NodeJS.ProcessEnv): Record<string, string> {
  const file = resolve(dir, ENV_FILE);
  if (!existsSync(file)) return {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new EnvFileError(
      `${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  // A byte-order mark (an editor's way of saying UTF-8) would be read as part of the first name.
  const parsed = parseEnv(text.replace(/^\uFEFF/, '')) as Record<string, string>;
  return Object.fromEntries(Object.entries(parsed).filter(([name]) => env[name] === undefined));
}

/** Sets the `.env` variables of `dir` that the environment lacks; answers their names. */
export function loadEnvFile(dir: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string[] {
  const added = envFileVariables(dir, env);
  Object.assign(env, added);
  return Object.keys(added);
}
