/** One autocannon run against one server and one request, reduced to the figures the bench reports. */
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
}

export interface ThroughputFigures {
  requestsPerSecond: number;
  /** autocannon records latencies of 2xx answers only, in whole milliseconds; the mean keeps decimals. */
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers outside 2xx, and transport errors: a load run measures only when both are zero. */
  non2xx: number;
  /**
   * The server's own CPU time per answered request. Unlike req/s it does not depend on how much CPU the
   * load generator (on the same machine) or other work leaves the server, so it compares servers fairly.
   */
  serverCpuMicrosPerRequest: number;
  errors: number;
  statusCounts: Record<string, number>;
}

/** Where the load goes, and how to read the server's CPU time (seconds so far). */
export interface LoadTarget {
  baseUrl: string;
  cpuSeconds(): number;
}

export async function measureThroughput(
  target: LoadTarget,
  request: LoadRequest,
  settings: LoadSettings,
): Promise<ThroughputFigures> {
  const cpuBefore = target.cpuSeconds();
  const result = await autocannon({
    url: target.baseUrl,
    connections: settings.connections,
    duration: settings.durationSeconds,
    requests: [request],
  });
  const answered = result.requests.total;
  return {
    serverCpuMicrosPerRequest: answered > 0 ? ((target.cpuSeconds() - cpuBefore) * 1e6) / answered : NaN,
    requestsPerSecond: result.requests.average,
    latencyMeanMs: result.latency.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCounts: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, s]) => [status, s.count]),
    ),
  };
}
