import {
  dedupeIntegration,
  defaultStackParser,
  linkedErrorsIntegration,
  makeNodeTransport,
  NodeClient,
  nodeContextIntegration,
  Scope,
  type ErrorEvent,
} from '@sentry/node';
import { scrubBreadcrumb, scrubErrorEvent } from '../../domain/error-event-scrubbing';
import type { AppConfig } from '../config';
import type { ErrorReporter } from './error-reporter';
import { releaseName } from './release';

// Sentry's Node SDK with a client and scope of our own rather than the SDK's global ones: nothing
// is instrumented behind our back (no OpenTelemetry, no patched http), two apps in one process
// (the tests) keep their reports apart, and what is sent is only what we report. Every event
// passes the scrubber last (src/domain/error-event-scrubbing.ts).

export function sentryReporter(settings: NonNullable<AppConfig['errorReporting']>): ErrorReporter {
  const client = new NodeClient({
    dsn: settings.dsn,
    environment: settings.environment,
    release: releaseName(settings.release),
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    // Causes as linked errors, one report for repeats, the machine's runtime and OS.
    integrations: [dedupeIntegration(), linkedErrorsIntegration(), nodeContextIntegration()],
    // SDK 11's successor to sendDefaultPii: false. Nothing about the user, no cookies, headers,
    // bodies, query strings, local variables or source lines is collected to begin with; the
    // scrubber below is the second line.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      frameContextLines: 0,
    },
    // Errors only: no performance tracing, no sessions.
    tracesSampleRate: 0,
    maxBreadcrumbs: 0,
    beforeSend: (event: ErrorEvent) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();

  return {
    enabled: true,
    report(error, context = {}) {
      const reportScope = scope.clone();
      reportScope.setLevel(context.level ?? 'error');
      if (context.tags) reportScope.setTags(context.tags);
      const { request } = context;
      if (request) reportScope.addEventProcessor((event) => ({ ...event, request }));
      reportScope.captureException(error);
    },
    flush: (timeoutMs = 2000) => Promise.resolve(client.flush(timeoutMs)),
  };
}
