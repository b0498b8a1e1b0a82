import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { FatalErrorView } from '../components/fatal-error-view';
import { NotFoundView } from '../components/not-found-view';
import { trackException } from '../lib/analytics';
import { isSearchBot } from './search-bots';

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
    if (!notFound) trackException(describe(error), true);
  }, [error, notFound]);

  if (notFound) return <NotFoundView path={pathname} />;
  if (isSearchBot(navigator.userAgent)) return null;
  return <FatalErrorView />;
}
