import { lazy, Suspense, useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { trackException } from '../lib/analytics';
import { isSearchBot } from './search-bots';

// Pages that work never need these: they load when a page fails (decision 0040).
const FatalErrorView = lazy(() =>
  import('../components/fatal-error-view').then((m) => ({ default: m.FatalErrorView })),
);
const NotFoundView = lazy(() =>
  import('../components/not-found-view').then((m) => ({ default: m.NotFoundView })),
);

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return String(error);
}

/** Error boundary of every page: a 404 is the not-found page, anything else a reported crash. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) trackException(describe(error), true, error);
  }, [error, notFound]);

  if (isSearchBot(navigator.userAgent) && !notFound) return null;
  return (
    <Suspense fallback={null}>
      {notFound ? <NotFoundView path={pathname} /> : <FatalErrorView />}
    </Suspense>
  );
}
