/**
 * `npx tsx scripts/bench/profile.ts <token|store|preference> [seconds]`: runs the embedded mock under
 * `node --cpu-prof` while autocannon loads one endpoint, then prints where the mock's CPU time went
 * (self time per function and per file). The raw .cpuprofile stays in reports/profiles/ for Chrome
 * DevTools. This is how a missed throughput target is diagnosed.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startMock } from './servers.ts';
import { benchRequests, ENDPOINT_TITLES, issueBenchToken, type BenchEndpoint } from './requests.ts';
import { formatTable } from './table.ts';
import { measureThroughput } from './throughput.ts';

const USAGE = `usage: npx tsx scripts/bench/profile.ts <${Object.keys(ENDPOINT_TITLES).join('|')}> [seconds]`;
const TOP_FUNCTIONS = 25;
const TOP_FILES = 12;
/** Regular expressions appear as functions named by their source; keep the table readable. */
const NAME_WIDTH = 90;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\/\/.*?\/node_modules\//, 'node_modules/')
    .replace(`file://${process.cwd()}/`, '');
}

function fileGroup(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return match ? `node_modules/${match[1]}` : shortUrl(url) || '(native, idle, gc)';
}

/** Self time in ms per node id, from the sample stream. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const times = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    times.set(id, (times.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000),
  );
  return times;
}

function summarise(profile: CpuProfile): void {
  const times = selfTimes(profile);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = times.get(node.id) ?? 0;
    total += ms;
    const frame = node.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}`.trim().slice(0, NAME_WIDTH);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(fileGroup(frame.url), (byFile.get(fileGroup(frame.url)) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => [name, ms, (100 * ms) / total]);
  console.log(formatTable(['function (self time)', 'ms', '%'], top(byFunction, TOP_FUNCTIONS)));
  console.log(`\n${formatTable(['file or package (self time)', 'ms', '%'], top(byFile, TOP_FILES))}`);
}

const { positionals } = parseArgs({ allowPositionals: true });
const endpoint = positionals[0] as BenchEndpoint | undefined;
if (!endpoint || !(endpoint in ENDPOINT_TITLES)) {
  console.error(USAGE);
  process.exit(2);
}
const seconds = Number(positionals[1] ?? 5);
const profileDir = join('reports', 'profiles', endpoint);
rmSync(profileDir, { recursive: true, force: true });
mkdirSync(profileDir, { recursive: true });

const mock = await startMock(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
try {
  const figures = await measureThroughput(
    mock,
    benchRequests(await issueBenchToken(mock.baseUrl))[endpoint],
    { connections: 10, durationSeconds: seconds },
  );
  console.log(
    `${ENDPOINT_TITLES[endpoint]}: ${Math.round(figures.requestsPerSecond)} req/s, ` +
      `${Math.round(figures.serverCpuMicrosPerRequest)} µs server CPU per request, under the profiler\n`,
  );
} finally {
  await mock.stop();
}
// The main thread's profile is the largest; smaller ones come from loader worker threads.
const [largest] = readdirSync(profileDir)
  .map((file) => join(profileDir, file))
  .sort((a, b) => statSync(b).size - statSync(a).size);
if (largest) summarise(JSON.parse(readFileSync(largest, 'utf8')) as CpuProfile);
console.log(`\nraw profile: ${largest}`);
