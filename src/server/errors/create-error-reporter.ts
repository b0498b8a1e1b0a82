import type { AppConfig } from '../config';
import { NO_ERROR_REPORTER, type ErrorReporter } from './error-reporter';

/** The reporter for these settings: Sentry's SDK, imported only when a DSN is set (decision 0091). */
export async function createErrorReporter(
  settings: AppConfig['errorReporting'],
): Promise<ErrorReporter> {
  if (!settings) return NO_ERROR_REPORTER;
  const { sentryReporter } = await import('./sentry-reporter');
  return sentryReporter(settings);
}
