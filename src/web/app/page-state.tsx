import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { PAGE_STATE_ELEMENT_ID } from '../../contract/page-render';

// A public page arrives drawn by the server (decision 0045), with the answers it was drawn from.
// The browser starts from the same answers and the same page code, so React can take the markup
// over as it is instead of drawing a loading screen first.

interface PageState {
  queries: DehydratedState;
}

function isPageState(value: unknown): value is PageState {
  if (typeof value !== 'object' || value === null || !('queries' in value)) return false;
  const { queries } = value;
  return (
    typeof queries === 'object' &&
    queries !== null &&
    'queries' in queries &&
    Array.isArray(queries.queries)
  );
}

/** The server's answers, put into the query cache; false when the page was not server-drawn. */
export function adoptPageState(client: QueryClient): boolean {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  let state: unknown;
  try {
    state = JSON.parse(element.textContent);
  } catch {
    return false;
  }
  if (!isPageState(state)) return false;
  hydrate(client, state.queries);
  return true;
}

/**
 * Loads the code of the routes this address opens, so the router's first render is the page
 * itself, as on the server, rather than its loading state.
 */
export async function loadRoutesFor(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      Object.assign(route, await lazy(), { lazy: undefined });
    }),
  );
}

/**
 * Rendered last in the app taken over from the server: once React has attached itself (its
 * effects run after the whole page is hydrated), the page stops being inert.
 */
export function TakenOver({ container }: { container: HTMLElement }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return null;
}
