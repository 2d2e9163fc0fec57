/** The types of cli/compile.mjs, for the self-tests that import it. */
export declare const CACHE_DIR: string;

export declare const BUNDLED_PACKAGES: readonly string[];

export declare class CompileError extends Error {}

export declare function compiledEntry(options?: {
  root?: string;
  entry?: string;
  cacheDir?: string;
}): Promise<string>;

export declare const MAIN_SOURCE: string;
