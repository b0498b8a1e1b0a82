import type { FastifyInstance, FastifyRequest } from 'fastify';

// Errors nobody expected (a 500, a background job that failed, a crash) are logged as always, and
// with SENTRY_DSN also sent to Sentry or a server speaking its protocol (docs/decisions/0091).
// Without the setting the reporter does nothing and no SDK is ever loaded.

export interface ErrorContext {
  /** fatal: the process is going down. */
  level?: 'error' | 'fatal';
  /** Short facts to search by: the route's pattern, the job's name. Never personal data. */
  tags?: Record<string, string>;
  /** The request that failed: its method and URL (scrubbed of its query before it leaves). */
  request?: { method: string; url: string };
}

export interface ErrorReporter {
  readonly enabled: boolean;
  report(error: unknown, context?: ErrorContext): void;
  /** Resolves once what was reported has been sent (true), or the time ran out (false). */
  flush(timeoutMs?: number): Promise<boolean>;
}

export const NO_ERROR_REPORTER: ErrorReporter = {
  enabled: false,
  report: () => undefined,
  flush: async () => true,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Where unexpected errors go besides the log; absent on apps built without buildApp. */
    errorReporter?: ErrorReporter;
  }
}

/** A request's failure, by its route's pattern (never its ids) and its method. */
export function reportRequestError(request: FastifyRequest, error: unknown): void {
  const route = request.routeOptions.url ?? '(no route)';
  request.server.errorReporter?.report(error, {
    tags: { route, method: request.method },
    request: { method: request.method, url: request.url },
  });
}

/** A background job's failure. */
export function reportJobError(app: FastifyInstance, job: string, error: unknown): void {
  app.errorReporter?.report(error, { tags: { job } });
}
