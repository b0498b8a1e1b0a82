import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTE_PATTERNS } from '../../contract/web-routes';
import { routes } from './router';

function pagePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => {
    const own = route.index ? ['/'] : route.path && route.path !== '*' ? [`/${route.path}`] : [];
    return [...own, ...pagePaths(route.children ?? [])];
  });
}

// The server answers 404 for a path that matches no web route (decision 0037): its list must be
// the router's.
describe('the web routes the server knows', () => {
  it('are the routes of the web app, in its order', () => {
    expect(pagePaths(routes)).toEqual([...WEB_ROUTE_PATTERNS]);
  });
});
