import type { AppConfig } from '../config';
import { releaseName } from '../errors/release';

// The settings the web app reads from its page (docs/decisions/0091): the GA4 measurement ID and
// where error reports go. They travel as <meta> elements in index.html's head, which the server
// adds to the build's page as it serves it, so one build runs under any settings and the page
// learns them with no request of its own. No setting, no element, and index.html is served as
// built.

/** The names src/web/lib/page-settings.ts looks for. */
export const PAGE_SETTING_NAMES = {
  gaMeasurementId: 'ga-measurement-id',
  sentryDsn: 'sentry-dsn',
  sentryEnvironment: 'sentry-environment',
  sentryRelease: 'sentry-release',
} as const;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The <meta> elements for the configured settings, or '' when none is set. */
export function pageSettingsHtml(config: Pick<AppConfig, 'analytics' | 'errorReporting'>): string {
  const settings: [string, string][] = [];
  if (config.analytics.measurementId)
    settings.push([PAGE_SETTING_NAMES.gaMeasurementId, config.analytics.measurementId]);
  const reporting = config.errorReporting;
  if (reporting) {
    settings.push(
      [PAGE_SETTING_NAMES.sentryDsn, reporting.dsn],
      [PAGE_SETTING_NAMES.sentryEnvironment, reporting.environment],
      [PAGE_SETTING_NAMES.sentryRelease, releaseName(reporting.release)],
    );
  }
  return settings
    .map(([name, value]) => `<meta name="${name}" content="${escapeAttribute(value)}" />`)
    .join('');
}

/** The page with the settings at the end of its head. */
export function withPageSettings(html: string, settingsHtml: string): string {
  return settingsHtml ? html.replace('</head>', () => `${settingsHtml}</head>`) : html;
}

/** Where the web app posts error reports: the DSN's origin, for the CSP's connect-src. */
export function errorReportingOrigin(config: Pick<AppConfig, 'errorReporting'>): string | null {
  return config.errorReporting ? new URL(config.errorReporting.dsn).origin : null;
}
