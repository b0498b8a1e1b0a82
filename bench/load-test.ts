import autocannon from 'autocannon';
import { nowMicros, type ProfileWindow } from './cpu-profile';
import { cpuPerRequest, type CpuSnapshot } from './process-cpu';

// One measured load: autocannon with N keep-alive connections for a fixed time, after an unmeasured
// warm-up (JIT, connection pools, caches). Latency percentiles come from every response's own
// timing at microsecond resolution: autocannon's histogram rounds to whole milliseconds, too
// coarse next to a 10 ms target.

const REQUEST_TIMEOUT_SECONDS = 30;

export interface LoadOptions {
  baseUrl: string;
  /** Paths to request in turn, shared by all connections so each sees the whole mix. */
  paths: string[];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** CPU used so far (process-cpu.ts), read at the start and end of the measured part. */
  sampleCpu?: () => CpuSnapshot | null;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Socket errors other than timeouts. */
  errors: number;
  timeouts: number;
  /** Mean bytes per response, headers included, as received by the client. */
  meanResponseBytes: number;
  statusCodes: Record<string, number>;
  /** CPU actually used per request over the measured part; null where /proc cannot tell. */
  cpu: { serverMs: number; postgresMs: number } | null;
  /** When the measured part ran, to pick its samples out of the server's CPU profile. */
  window: ProfileWindow;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function fire(options: LoadOptions, seconds: number, onLatency?: (ms: number) => void) {
  let next = 0;
  const { paths } = options;
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: seconds,
        // Long enough that an overloaded server shows up as latency, not as dropped requests.
        timeout: REQUEST_TIMEOUT_SECONDS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (error: unknown, result) => (error ? reject(error) : resolve(result)),
    );
    if (onLatency) {
      instance.on('response', (_client, _status, _bytes, responseTime) => onLatency(responseTime));
    }
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.paths.length === 0) throw new Error('no paths to request');
  if (options.warmupSeconds > 0) await fire(options, options.warmupSeconds);

  const latencies: number[] = [];
  const cpuBefore = options.sampleCpu?.() ?? null;
  const startUs = nowMicros();
  const result = await fire(options, options.durationSeconds, (ms) => latencies.push(ms));
  const window = { startUs, endUs: nowMicros() };
  const cpuAfter = options.sampleCpu?.() ?? null;
  const sorted = Float64Array.from(latencies).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    requests: responses,
    requestsPerSecond: responses / result.duration,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    non2xx: result.non2xx,
    // autocannon counts timeouts among its errors.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    // Only 2xx bytes are counted by autocannon; a valid run has nothing else.
    meanResponseBytes: result['2xx'] > 0 ? result.throughput.total / result['2xx'] : 0,
    statusCodes,
    cpu: cpuPerRequest(cpuBefore, cpuAfter, responses),
    window,
  };
}
