// What an error report may carry off the premises (docs/decisions/0091). Reports go to a third
// party (Sentry or a server speaking its protocol), so they say where the code failed and never
// who it failed for: no email, name, address, postcode, phone number, card number, token, cookie,
// request body or query string. The same rules serve the server and the browser, applied to every
// event and breadcrumb as the last step before it leaves. The shapes below are the parts of
// Sentry's event that can hold such data; everything the SDK fills in itself (sdk, os, runtime,
// release, timestamps) passes through.

type Json = Record<string, unknown>;

export interface ScrubbableBreadcrumb {
  message?: string;
  data?: Json;
}

export interface ScrubbableException {
  value?: string;
  stacktrace?: { frames?: { vars?: unknown }[] };
}

export interface ScrubbableEvent {
  message?: string;
  logentry?: { message?: string; params?: unknown[] };
  transaction?: string;
  exception?: { values?: ScrubbableException[] };
  request?: { method?: string; url?: string };
  user?: unknown;
  extra?: Json;
  tags?: Json;
  contexts?: Json;
  breadcrumbs?: ScrubbableBreadcrumb[];
}

const REDACTED = '[redacted]';

/** Keys whose values are personal or secret whatever they hold. */
const SENSITIVE_KEY =
  /e-?mail|name|address|street|postcode|post_?code|zip|phone|mobile|card|cvc|cvv|iban|sort_?code|account_?number|token|secret|passw|cookie|authori[sz]ation|session|signature|key$|body|query/i;

/** The SDK's own contexts: facts about the machine and the SDK, never about a customer. */
const SDK_CONTEXTS = new Set(['os', 'runtime', 'app', 'device', 'culture', 'trace', 'browser']);

// Order matters: a token or URL is redacted before its pieces could look like a phone number.
const TEXT_RULES: [RegExp, string][] = [
  [/\b(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 [token]'],
  [/\b(cookie|set-cookie):[^\n]*/gi, '$1: [redacted]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  // Values in query strings and cookie-like pairs: their names say what they were.
  [/([?&;]\s*[\w.-]+=)[^&#\s;"'<>]*/g, `$1${REDACTED}`],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // Card numbers: 13 to 19 digits, maybe grouped by spaces or dashes.
  [/\b\d(?:[ -]?\d){12,18}\b/g, '[card]'],
  // UK phone numbers, national or international.
  [/(?:\+44\s?\(?0?\)?|\b0)\s?\d{2,4}[\s-]?\d{3,4}[\s-]?\d{3,4}\b/g, '[phone]'],
  // A house number and a street: "14 Rose Street", "2a Leith Walk".
  [
    /\b\d{1,4}[a-z]?,?\s+(?:[A-Z][\w'-]*\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Drive|Place|Terrace|Crescent|Gardens|Court|Close|Way|Square|Row|Walk|Wynd|Grove|Hill|Park|Mews|Brae|Loan|Vennel)\b/g,
    '[address]',
  ],
  // UK postcodes (outward and inward code).
  [/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi, '[postcode]'],
  // Long opaque strings: session ids, signed links, keys.
  [/\b[A-Za-z0-9_-]{32,}\b/g, '[token]'],
];

/** A message or value with anything personal or secret in it replaced by what it was. */
export function scrubText(text: string): string {
  return TEXT_RULES.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  );
}

/** A URL with no query string or fragment, and its path scrubbed like any text. */
export function scrubUrl(url: string): string {
  const bare = url.split(/[?#]/, 1)[0] ?? '';
  return scrubText(bare) + (bare.length < url.length && url[bare.length] === '?' ? '?[query]' : '');
}

function scrubData(value: unknown, key: string, depth: number): unknown {
  if (SENSITIVE_KEY.test(key)) return value === undefined || value === null ? value : REDACTED;
  if (typeof value === 'string')
    return /url|^from$|^to$/i.test(key) ? scrubUrl(value) : scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 6) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => scrubData(item, '', depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubData(v, k, depth + 1)]));
}

const scrubObject = (value: Json | undefined): Json | undefined =>
  value === undefined ? undefined : (scrubData(value, '', 0) as Json);

export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(breadcrumb: B): B {
  const scrubbed: ScrubbableBreadcrumb = {
    ...breadcrumb,
    ...(breadcrumb.message !== undefined ? { message: scrubText(breadcrumb.message) } : {}),
    ...(breadcrumb.data !== undefined ? { data: scrubObject(breadcrumb.data) } : {}),
  };
  return scrubbed as B;
}

/**
 * The event with personal data removed: the request keeps only its method and a scrubbed path,
 * the user goes, messages and exception values are scrubbed, stack frames lose their local
 * variables, and extra data, tags, our own contexts and breadcrumbs are scrubbed by key and value.
 */
export function scrubErrorEvent<E extends ScrubbableEvent>(event: E): E {
  const scrubbed: ScrubbableEvent = { ...event };
  delete scrubbed.user;
  if (event.message !== undefined) scrubbed.message = scrubText(event.message);
  if (event.logentry) {
    scrubbed.logentry = {
      ...(event.logentry.message !== undefined
        ? { message: scrubText(event.logentry.message) }
        : {}),
    };
  }
  if (event.transaction !== undefined) scrubbed.transaction = scrubUrl(event.transaction);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((value) => ({
        ...value,
        ...(value.value !== undefined ? { value: scrubText(value.value) } : {}),
        ...(value.stacktrace?.frames
          ? {
              stacktrace: {
                ...value.stacktrace,
                frames: value.stacktrace.frames.map(({ vars: _vars, ...frame }) => frame),
              },
            }
          : {}),
      })),
    };
  }
  if (event.request) {
    const { method, url } = event.request;
    scrubbed.request = {
      ...(typeof method === 'string' ? { method } : {}),
      ...(typeof url === 'string' ? { url: scrubUrl(url) } : {}),
    };
  }
  if (event.extra) scrubbed.extra = scrubObject(event.extra);
  if (event.tags) scrubbed.tags = scrubObject(event.tags);
  if (event.contexts) {
    scrubbed.contexts = Object.fromEntries(
      Object.entries(event.contexts).map(([name, context]) => [
        name,
        SDK_CONTEXTS.has(name) ? context : scrubData(context, name, 0),
      ]),
    );
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return scrubbed as E;
}
