/** Reads Playwright's `--shard=i/n` (or `--shard i/n`) from a command line. */
export interface Shard {
  index: number;
  total: number;
  label: string;
  /** Folder of this shard's output under the reports folder. */
  dirName: string;
}

const SHARD_VALUE = /^(\d+)\/(\d+)$/;
export const BAD_SHARD = (value: string) =>
  `--shard must be i/n with 1 <= i <= n, got ${JSON.stringify(value)}`;

export function shardOf(args: readonly string[]): Shard | undefined {
  const at = args.findIndex((a) => a === '--shard' || a.startsWith('--shard='));
  if (at < 0) return undefined;
  const arg = args[at] ?? '';
  const value = arg === '--shard' ? (args[at + 1] ?? '') : arg.slice('--shard='.length);
  const match = SHARD_VALUE.exec(value);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || index < 1 || index > total) throw new Error(BAD_SHARD(value));
  return { index, total, label: `${index}/${total}`, dirName: `shard-${index}-of-${total}` };
}
