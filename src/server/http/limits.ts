import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import type { HttpLimitsConfig } from '../config';
import type { ProblemBody } from './problem';

// Without limits, a client that announces a body and never sends it (or trickles its headers)
// holds a socket and its memory for as long as it likes; enough of them and nobody else gets in.
// README "HTTP limits" lists these values.

/** The longest a path parameter may be: an email address (`:email`) is up to 320 characters. */
const MAX_PARAM_LENGTH = 320;
/** Headers must be complete within this, however long the request as a whole may take. */
const MAX_HEADERS_TIMEOUT_MS = 10_000;
/** A connection with no traffic at all mid-request (not between requests) is dropped. */
const IDLE_CONNECTION_TIMEOUT_MS = 120_000;

export function httpLimits(
  limits: HttpLimitsConfig,
  /** The security headers, which these answers made before routing must carry too. */
  headers: Record<string, string> = {},
): FastifyHttpOptions<http.Server> {
  return {
    bodyLimit: limits.bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: Math.max(IDLE_CONNECTION_TIMEOUT_MS, limits.requestTimeoutMs),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler: (error, socket) => sendClientError(error, socket, headers),
    http: {
      maxHeaderSize: limits.headerLimitBytes,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(MAX_HEADERS_TIMEOUT_MS, limits.requestTimeoutMs),
      // Node looks for expired requests only this often (30 s by default), so a timeout is
      // enforced within about a quarter of itself rather than up to 30 s late.
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, limits.requestTimeoutMs / 4)),
    },
  };
}

/**
 * Errors Node raises before Fastify sees a request (a timeout, headers too large, a malformed
 * request) leave as problem+json like every other error, and close the connection.
 */
function sendClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  headers: Record<string, string>,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is malformed.'];
  const title = http.STATUS_CODES[status] ?? 'Error';
  const body: ProblemBody = { type: 'about:blank', title, status, detail };
  const text = JSON.stringify(body);
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${title}\r\nConnection: close\r\n${extra}` +
        `Content-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n` +
        text,
    );
  }
  socket.destroy();
}
