import { trackException } from '../lib/analytics';

/**
 * Errors that escape React (event handlers, timers, rejected promises nobody awaited). They did
 * not take the page down, so they are reported as non-fatal; render crashes go through RouteError.
 */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => {
    trackException(event.message || 'Unknown error', false, event.error);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    trackException(reason instanceof Error ? reason.message : String(reason), false, reason);
  });
}
