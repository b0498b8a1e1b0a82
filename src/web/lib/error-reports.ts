import { pageSetting } from './page-settings';
import type { ErrorReport } from './sentry-browser';

export type { ErrorReport };

// Where the web app's unexpected errors go when the server names a Sentry DSN (decision 0091).
// Nothing is loaded until the first error: a page that works never downloads the SDK. Reports
// made while it loads wait for it, a few at most.

let send: ((report: ErrorReport) => void) | null = null;
let waiting: ErrorReport[] | null = null;

export function reportError(report: ErrorReport): void {
  if (send) return send(report);
  const dsn = pageSetting('sentry-dsn');
  if (!dsn) return;
  if (waiting) {
    if (waiting.length < 10) waiting.push(report);
    return;
  }
  waiting = [report];
  import('./sentry-browser')
    .then(({ startSentry }) => {
      const started = startSentry({
        dsn,
        environment: pageSetting('sentry-environment'),
        release: pageSetting('sentry-release'),
      });
      send = started;
      waiting?.forEach(started);
    })
    // Offline, or a release replaced this one's files: these reports are lost, the page is not.
    .catch(() => undefined)
    .finally(() => {
      waiting = null;
    });
}
