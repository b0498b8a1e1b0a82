import { int, type EnvOf } from './config-values';

// Connections: the HTTP limits on every request, and the live channel's streams.

export const httpEnv = {
  // HTTP limits: a client that is slow or sends too much is cut off instead of holding a socket.
  REQUEST_TIMEOUT_SECONDS: int(1, 3600).default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: int(1, 3600).default(72),
  // The catalogue import has a larger limit of its own (src/server/internal/routes.ts).
  BODY_LIMIT_KB: int(1, 1024 * 1024).default(1024),
  HEADER_LIMIT_KB: int(1, 1024).default(16),
  // The live channel, GET /api/me/events (docs/decisions/0083).
  /** A comment this often keeps proxies and load balancers from closing an idle stream. */
  LIVE_HEARTBEAT_SECONDS: int(1, 60).default(25),
  /** How long a reconnecting stream can resume from; older, it is told to refetch everything. */
  LIVE_RETENTION_MINUTES: int(1, 7 * 24 * 60).default(60),
  /** Open streams per customer and per client address, on each instance; more are a 429. */
  LIVE_STREAMS_PER_CUSTOMER: int(1, 1000).default(10),
  LIVE_STREAMS_PER_ADDRESS: int(1, 100_000).default(40),
};

export interface HttpLimitsConfig {
  /** The whole request, headers and body, must have arrived within this. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this; longer than a load balancer's idle. */
  keepAliveTimeoutMs: number;
  bodyLimitBytes: number;
  headerLimitBytes: number;
}

export interface LiveConfig {
  heartbeatMs: number;
  retentionMinutes: number;
  streamsPerCustomer: number;
  streamsPerAddress: number;
}

type HttpEnv = EnvOf<typeof httpEnv>;

export function httpLimitsOf(e: HttpEnv): HttpLimitsConfig {
  return {
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    bodyLimitBytes: e.BODY_LIMIT_KB * 1024,
    headerLimitBytes: e.HEADER_LIMIT_KB * 1024,
  };
}

export function liveOf(e: HttpEnv): LiveConfig {
  return {
    heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
    retentionMinutes: e.LIVE_RETENTION_MINUTES,
    streamsPerCustomer: e.LIVE_STREAMS_PER_CUSTOMER,
    streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
  };
}
