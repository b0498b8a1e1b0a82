// Settings the server puts in the page's head as <meta> elements (src/server/http/page-settings.ts,
// docs/decisions/0091): absent unless configured, and absent while a page is drawn on the server.

export type PageSetting =
  'ga-measurement-id' | 'sentry-dsn' | 'sentry-environment' | 'sentry-release';

export function pageSetting(name: PageSetting): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
}
