/**
 * Reads what `npm run conformance -- --plan` printed: the counts, and each skip reason with the tests
 * listed under it.
 */
export interface PrintedPlan {
  selected: number;
  willRun: number;
  willSkip: number;
  /** Reason → test keys, as grouped in the output. */
  skips: Map<string, string[]>;
  sentNoRequest: boolean;
}

const COUNTS = /(\d+) tests selected: (\d+) will run, (\d+) will be skipped\./;
const GROUP = /^ {2}Skipped, (.+): \d+ test\(s\)$/;
const ITEM = /^ {4}- (.+)$/;

export function parsePlan(output: string): PrintedPlan {
  const counts = COUNTS.exec(output);
  const skips = new Map<string, string[]>();
  let reason: string | undefined;
  for (const line of output.split('\n')) {
    const group = GROUP.exec(line);
    if (group) {
      reason = group[1]!;
      skips.set(reason, []);
      continue;
    }
    const item = ITEM.exec(line);
    if (item && reason !== undefined) skips.get(reason)!.push(item[1]!);
    else if (line.trim() !== '') reason = undefined;
  }
  return {
    selected: Number(counts?.[1] ?? NaN),
    willRun: Number(counts?.[2] ?? NaN),
    willSkip: Number(counts?.[3] ?? NaN),
    skips,
    sentNoRequest: output.includes('No request was sent.'),
  };
}
