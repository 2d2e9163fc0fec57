/**
 * A value several tests of one file share (a suite run, a browser page's findings), made once per worker
 * on first use: each property stays its own test without a run of its own.
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
