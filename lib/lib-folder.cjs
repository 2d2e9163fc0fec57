/**
 * The folder of the project's lib/ modules, for lib/paths.ts: the one module that reads its own location.
 * It is CommonJS because the project's modules are loaded both ways: as ES modules by tsx and the command
 * line, as CommonJS by Playwright in a conformance run (tests/run/README.md). `import.meta` is a syntax
 * error in CommonJS and `__dirname` is undefined in an ES module; a CommonJS file has `__dirname` in both
 * (and the command line's bundle spells it out, cli/compile.mjs).
 */
'use strict';

exports.LIB_FOLDER = __dirname;
