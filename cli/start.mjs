#!/usr/bin/env node
/**
 * Starts the command line from this repository's sources: the npm scripts start here (`node cli/start.mjs
 * run` is `npm run conformance`), and so do the runs the bench, the mutation gate and the self-tests make.
 * It runs the compiled command line (cli/compile.mjs), made or reused; when the bundle cannot be written
 * (a read-only checkout), the command runs through tsx instead.
 */
import console from 'node:console';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { CompileError, compiledEntry, MAIN_SOURCE } from './compile.mjs';

/** A file system that refuses the bundle (read-only, full): the command still runs, through tsx. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

async function start() {
  let main;
  try {
    main = await compiledEntry();
  } catch (error) {
    if (error instanceof CompileError) {
      console.error(`${error.name}: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    if (!UNWRITABLE.has(error?.code)) throw error;
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(MAIN_SOURCE).href);
    return;
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(main).href);
}

await start();
