import { publicApiPaths } from './public-api-paths';

// The web app's pages (docs/product.md#pages), in one list the server can check a path against
// without importing web code: it answers a path that matches none with the not-found page and HTTP
// 404 (docs/decisions/0037). src/web/app/router.tsx declares the same paths, and a test keeps the
// two lists equal.

/** Every page path of the web app, in the router's order, as React Router patterns. */
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/gift-cards',
  '/authorisation/password-reset',
  '/:city',
  '/:city/select-treatments',
  '/:city/select-date',
  '/:city/select-therapist',
  '/:city/confirm-booking',
  '/authorisation/confirm',
  '/account',
  '/account/addresses',
  '/account/addresses/new',
  '/account/addresses/:id/edit',
  '/account/wallet',
  '/account/appointments',
  '/account/appointments/:id/review',
  '/professionals',
  '/professionals/:username',
  '/cookie-policy',
  '/privacy-policy',
  '/terms-of-service',
  '/cancellation-policy',
] as const;

export type WebRoutePattern = (typeof WEB_ROUTE_PATTERNS)[number];

export interface WebRouteMatch {
  pattern: WebRoutePattern;
  /** Decoded path parameters by name, e.g. { city: 'edinburgh' }. */
  params: Record<string, string>;
}

interface CompiledRoute {
  pattern: WebRoutePattern;
  segments: string[];
  score: number;
}

// React Router's ranking: a static segment outweighs a parameter, so /login wins over /:city;
// equal scores go to the route declared first.
const STATIC_SEGMENT = 10;
const DYNAMIC_SEGMENT = 3;

const COMPILED: CompiledRoute[] = WEB_ROUTE_PATTERNS.map((pattern) => {
  const segments = pattern.split('/').filter(Boolean);
  const score = segments.reduce(
    (sum, segment) => sum + (segment.startsWith(':') ? DYNAMIC_SEGMENT : STATIC_SEGMENT),
    0,
  );
  return { pattern, segments, score };
});

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The web route a path (no query string) opens, or null when the web app would show its
 * not-found page. Like React Router: static segments compare case-blind and a trailing slash
 * is ignored. Whether a city or a username exists is for the caller to check.
 */
export function matchWebRoute(pathname: string): WebRouteMatch | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!trimmed.startsWith('/')) return null;
  const raw = trimmed === '/' ? [] : trimmed.slice(1).split('/');
  if (raw.some((segment) => segment === '')) return null;
  const segments: string[] = [];
  for (const segment of raw) {
    const decoded = decode(segment);
    if (decoded === null) return null;
    segments.push(decoded);
  }

  let best: WebRouteMatch | null = null;
  let bestScore = -1;
  for (const route of COMPILED) {
    if (route.segments.length !== segments.length || route.score <= bestScore) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((part, i) => {
      const value = segments[i] as string;
      if (part.startsWith(':')) {
        params[part.slice(1)] = value;
        return true;
      }
      return part.toLowerCase() === value.toLowerCase();
    });
    if (matches) {
      best = { pattern: route.pattern, params };
      bestScore = route.score;
    }
  }
  return best;
}

const BOOKING = 'app/layouts/booking-layout.tsx';
const PAYMENT = 'app/layouts/payment-layout.tsx';
const ACCOUNT = 'app/layouts/account-layout.tsx';
const PROFESSIONAL = 'app/layouts/professional-layout.tsx';
const LEGAL = 'app/layouts/legal-layout.tsx';

/**
 * The code each page starts from, as the build's manifest names it (paths under src/web): its
 * layout when the layout is a chunk of its own, then the page. The server names their chunks in
 * the page's `Link` header, so a phone downloads them alongside the app's entry rather than after
 * it (decision 0040). router-paths.test.ts checks every entry against the router.
 */
export const WEB_ROUTE_MODULES: Record<WebRoutePattern, readonly string[]> = {
  '/': ['routes/home.tsx'],
  '/login': ['routes/login.tsx'],
  '/gift-cards': ['routes/gift-cards.tsx'],
  '/authorisation/password-reset': ['routes/authorisation/password-reset.tsx'],
  '/:city': ['routes/city.tsx'],
  '/:city/select-treatments': [BOOKING, 'routes/booking/select-treatments.tsx'],
  '/:city/select-date': [BOOKING, 'routes/booking/select-date.tsx'],
  '/:city/select-therapist': [BOOKING, 'routes/booking/select-therapist.tsx'],
  '/:city/confirm-booking': [BOOKING, 'routes/booking/confirm-booking.tsx'],
  '/authorisation/confirm': [PAYMENT, 'routes/authorisation/confirm.tsx'],
  '/account': [ACCOUNT, 'routes/account/profile.tsx'],
  '/account/addresses': [ACCOUNT, 'routes/account/addresses.tsx'],
  '/account/addresses/new': [ACCOUNT, 'routes/account/address-new.tsx'],
  '/account/addresses/:id/edit': [ACCOUNT, 'routes/account/address-edit.tsx'],
  '/account/wallet': [ACCOUNT, 'routes/account/wallet.tsx'],
  '/account/appointments': [ACCOUNT, 'routes/account/appointments.tsx'],
  '/account/appointments/:id/review': [ACCOUNT, 'routes/account/appointment-review.tsx'],
  '/professionals': [PROFESSIONAL, 'routes/professionals/index.tsx'],
  '/professionals/:username': [PROFESSIONAL, 'routes/professionals/profile.tsx'],
  '/cookie-policy': [LEGAL, 'routes/legal/cookie-policy.tsx'],
  '/privacy-policy': [LEGAL, 'routes/legal/privacy-policy.tsx'],
  '/terms-of-service': [LEGAL, 'routes/legal/terms-of-service.tsx'],
  '/cancellation-policy': [LEGAL, 'routes/legal/cancellation-policy.tsx'],
};

/**
 * The public API answers a page asks for as it opens, the same for everyone. Preloaded beside the
 * code; pages whose first answers depend on who is signed in have none.
 */
export function webRouteData({ pattern, params }: WebRouteMatch): string[] {
  const api = publicApiPaths;
  switch (pattern) {
    case '/':
      return [api.cities];
    case '/:city':
      return [api.cities, api.cityTreatments(params.city ?? '')];
    case '/:city/select-treatments':
      return [api.cityTreatments(params.city ?? '')];
    case '/professionals':
      return [api.professionals()];
    case '/professionals/:username':
      return [api.professional(params.username ?? '')];
    default:
      return [];
  }
}

/**
 * Public pages whose first screen the server renders into the HTML (decision 0045): the same for
 * every visitor, so a phone paints them before the app's script arrives. Pages that depend on who
 * is signed in, or on the visitor's basket beyond the treatments, start in the browser.
 */
export const SERVER_RENDERED_PATTERNS: ReadonlySet<WebRoutePattern> = new Set<WebRoutePattern>([
  '/',
  '/:city',
  '/:city/select-treatments',
  '/professionals',
  '/professionals/:username',
  '/cookie-policy',
  '/privacy-policy',
  '/terms-of-service',
  '/cancellation-policy',
]);
