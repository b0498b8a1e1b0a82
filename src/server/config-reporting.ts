import { z } from 'zod';

// GA_MEASUREMENT_ID, SENTRY_* and RELEASE: analytics and error reports, both off unless set
// (docs/decisions/0091). Apart from config.ts, which spreads these settings into its own.

export const reportingEnv = {
  /** Google Analytics 4: the Google tag is loaded with this ID once analytics consent is given. */
  GA_MEASUREMENT_ID: z
    .string()
    .trim()
    .regex(/^G-[A-Z0-9]{4,12}$/, 'must be a GA4 measurement ID, e.g. G-AB12CD34EF')
    .optional(),
  /** Errors of the server and the web app go to Sentry, or any server speaking its protocol. */
  SENTRY_DSN: z
    .string()
    .trim()
    .refine(isDsn, 'must be a Sentry DSN, e.g. https://publickey@o1.ingest.sentry.io/123')
    .optional(),
  SENTRY_ENVIRONMENT: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/, 'must be a short name such as production or staging')
    .optional(),
  /** The release error reports name; the package's name and version when unset. */
  RELEASE: z
    .string()
    .trim()
    .regex(/^[\w.@+-]{1,200}$/, 'must be a version or a commit, e.g. 1.4.0 or 3f9c2d1')
    .optional(),
};

/** http(s)://<public key>@<host>[:port][/path]/<project id>, as Sentry hands them out. */
function isDsn(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username !== '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '' &&
    /\/[\w-]+$/.test(url.pathname)
  );
}

export interface AnalyticsConfig {
  /** GA_MEASUREMENT_ID; null: no tag is ever loaded. */
  measurementId: string | null;
}

export interface ErrorReportingConfig {
  dsn: string;
  /** SENTRY_ENVIRONMENT, else APP_ENV as it is set (staging by default). */
  environment: string;
  /** RELEASE; null: the package's name and version (src/server/errors/release.ts). */
  release: string | null;
}

type ReportingEnv = { [K in keyof typeof reportingEnv]?: z.output<(typeof reportingEnv)[K]> };

export function analyticsOf(e: ReportingEnv): AnalyticsConfig {
  return { measurementId: e.GA_MEASUREMENT_ID ?? null };
}

/** Error reporting, or null when SENTRY_DSN is not set; a DSN the page cannot use is a problem. */
export function errorReportingOf(
  e: ReportingEnv & { APP_ENV: string },
  isProduction: boolean,
  problems: string[],
): ErrorReportingConfig | null {
  if (!e.SENTRY_DSN) return null;
  // The browser sends its reports there too, and an https page may not post to http.
  if (isProduction && !e.SENTRY_DSN.startsWith('https://'))
    problems.push('SENTRY_DSN: must be https:// when APP_ENV=production');
  return {
    dsn: e.SENTRY_DSN,
    environment: e.SENTRY_ENVIRONMENT ?? e.APP_ENV,
    release: e.RELEASE ?? null,
  };
}
