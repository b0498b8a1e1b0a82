import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../lib/analytics';
import { MAIN_CONTENT_ID } from '../lib/focus';

/**
 * After each client-side navigation: report the page view, and move focus to the new page's
 * content so screen-reader and keyboard users start there, as they would after a full load.
 */
export function useRouteChange(): void {
  const { pathname, search } = useLocation();
  // Remembers the last page reported, so a re-run of the effect (StrictMode, a re-render with
  // the same location) neither counts a second view nor steals focus.
  const last = useRef<string | null>(null);

  useEffect(() => {
    const page = pathname + search;
    if (last.current === page) return;
    const isFirst = last.current === null;
    last.current = page;
    // Effects run after the page (and its <title>) committed, so the title is the new one.
    trackPageView(page, document.title);
    if (!isFirst) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname, search]);
}
