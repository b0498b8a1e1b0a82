import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// One line per request, at a level that keeps `info` readable: API calls are what a developer
// or an operator follows; the web app's files and pages, and the health checks a load balancer
// makes every few seconds, would drown them, so they are logged at `debug`. A server error is
// always worth a line. Replaces Fastify's two lines per request ("incoming request", "request
// completed") and its "stream closed prematurely" for a download the client gave up (decision
// 0082); its other lines stay as they are. See docs/decisions/0025.

export type RequestLogLevel = 'error' | 'info' | 'debug';

export function requestLogLevel(pathname: string, statusCode: number): RequestLogLevel {
  if (statusCode >= 500) return 'error';
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  if (!isApi) return 'debug';
  if (pathname === '/api/health' || pathname.startsWith('/api/health/')) return 'debug';
  return 'info';
}

// Query parameters and path segments that carry a secret: sign-in and reset tokens, OAuth codes.
const SECRET_PARAM = /^(token|code|state|secret|password|signature|key|[a-z_]*_token)$/i;
const SECRET_SEGMENT = /(\/reset-password\/)[^/?#]+/;

/** The URL as it may be written to a log: secrets in the query or path replaced by "…". */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_SEGMENT, '$1…');
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAM.test(name) ? `${name}=…` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function writeRequestLine(
  request: FastifyRequest,
  reply: FastifyReply,
  level: RequestLogLevel,
  outcome: string,
  error?: Error | null,
): void {
  const url = loggableUrl(request.url);
  request.log[level](
    {
      req: { method: request.method, url },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
      ...(error ? { err: error } : {}),
    },
    `${request.method} ${url} ${reply.statusCode} ${outcome}`,
  );
}

const pathnameOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

/** Fastify's logController (buildApp): one line per finished request, levelled by the rule above. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const level = error ? 'error' : requestLogLevel(pathnameOf(request), reply.statusCode);
    writeRequestLine(request, reply, level, `${Math.round(reply.elapsedTime)} ms`, error);
  }

  /**
   * A response cut off after its headers. Premature close is the client going away mid-download:
   * a page reloaded or left, or the browser closed, while a script, the service worker's precache
   * or a source map was still arriving; nothing went wrong here. Fastify said "stream closed
   * prematurely" at info, naming no request, so `npm start` printed a line nobody could place
   * among the API lines, for files whose finished requests are logged at debug. It is the
   * request's own line now, at the request's level, saying it was abandoned (decision 0082).
   */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      super.streamError(error, request, reply);
      return;
    }
    const level = requestLogLevel(pathnameOf(request), reply.statusCode);
    const after = `abandoned by the client after ${Math.round(reply.elapsedTime)} ms`;
    writeRequestLine(request, reply, level, after);
  }
}
