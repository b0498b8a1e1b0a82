import { matchRoutes, type RouteObject } from 'react-router';

// Route code preloaded on intent (decision 0040): pointing at, focusing or touching a link to one
// of our pages starts downloading that page's chunks (its layout's too), so by the click they are
// usually there. The route table is the map: what a link would render is what gets loaded.

type Loader = () => Promise<unknown>;

/** Paths that are ours but not pages: API calls (calendar downloads) and developer pages. */
const NOT_PAGES = /^\/(api|dev)(\/|$)/;

/** The lazy loaders of the routes a path renders, outermost first; none for a path we don't serve. */
export function routeLoaders(routes: RouteObject[], pathname: string): Loader[] {
  if (NOT_PAGES.test(pathname)) return [];
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.flatMap(({ route }) => {
    const lazy = route.lazy;
    return typeof lazy === 'function' ? [() => lazy()] : [];
  });
}

/** The path of a link to a page of this site, or null (another site, another scheme, a download). */
export function pagePathOf(
  link: { href: string; download?: string; target?: string },
  origin: string,
): string | null {
  if (link.download || (link.target && link.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(link.href, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? url.pathname : null;
}

/**
 * Listens on the whole document, so every link counts, whichever component drew it. Each path
 * is preloaded once; a failed download (offline) is left for the navigation to report.
 */
export function preloadRoutesOnIntent(routes: RouteObject[], doc: Document = document): () => void {
  const done = new Set<string>();
  const onIntent = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const link = target.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const path = pagePathOf(link, doc.location.origin);
    if (path === null || done.has(path)) return;
    done.add(path);
    for (const load of routeLoaders(routes, path)) void load().catch(() => undefined);
  };
  const options = { capture: true, passive: true };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) doc.addEventListener(type, onIntent, options);
  return () => {
    for (const type of events) doc.removeEventListener(type, onIntent, options);
  };
}
