import {
  breadcrumbsIntegration,
  BrowserClient,
  captureException,
  captureMessage,
  dedupeIntegration,
  defaultStackParser,
  getCurrentScope,
  httpContextIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  withScope,
} from '@sentry/browser';
import { scrubBreadcrumb, scrubErrorEvent } from '../../domain/error-event-scrubbing';

// Sentry's browser SDK, in a chunk of its own loaded with the first error (error-reports.ts).
// The client is built by hand with only the integrations named here, so the chunk carries no
// session tracking, replay, feedback or tracing. Nothing is stored on the device. Every event and
// breadcrumb passes the scrubber last (src/domain/error-event-scrubbing.ts).

/** What the page reports: the error when there is one, and what it says in words. */
export interface ErrorReport {
  error: unknown;
  description: string;
  fatal: boolean;
}

export interface SentrySettings {
  dsn: string;
  environment: string | null;
  release: string | null;
}

export function startSentry(settings: SentrySettings): (report: ErrorReport) => void {
  const client = new BrowserClient({
    dsn: settings.dsn,
    ...(settings.environment ? { environment: settings.environment } : {}),
    ...(settings.release ? { release: settings.release } : {}),
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [
      dedupeIntegration(),
      linkedErrorsIntegration(),
      // The page's address (scrubbed of its query), then the requests and page changes since
      // the SDK arrived; never what was clicked, and no console integration is added.
      httpContextIntegration(),
      breadcrumbsIntegration({ dom: false }),
    ],
    // SDK 11's successor to sendDefaultPii: false (the server's reporter says the same).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  getCurrentScope().setClient(client);
  client.init();

  return ({ error, description, fatal }) => {
    withScope((scope) => {
      scope.setLevel(fatal ? 'fatal' : 'error');
      scope.setTag('fatal', String(fatal));
      // An Error keeps its stack; a report that is only words (docs/product.md's exception reports) is
      // sent as a message.
      if (error instanceof Error) {
        scope.setExtra('description', description);
        captureException(error);
      } else {
        captureMessage(description);
      }
    });
  };
}
