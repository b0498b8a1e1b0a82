import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTE_MODULES, WEB_ROUTE_PATTERNS } from '../../contract/web-routes';
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

/** A path the pattern matches: each parameter filled with an example value. */
function examplePath(pattern: string): string {
  return pattern.replace(/:([a-z]+)/gi, (_, name: string) => `example-${name}`);
}

async function lazyComponents(path: string): Promise<unknown[]> {
  const matches = matchRoutes(routes, path) ?? [];
  const components: unknown[] = [];
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    components.push(loaded.Component);
  }
  return components;
}

// Keyed as WEB_ROUTE_MODULES names them: relative to src/web (the glob's keys are relative here).
const WEB_MODULES = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>(['../routes/**/*.tsx', './layouts/*.tsx']),
  ).map(([key, load]) => [new URL(key, 'file:///web/app/').pathname.replace('/web/', ''), load]),
);

// The server hints each page's chunks by the modules listed in WEB_ROUTE_MODULES (decision 0040):
// they must be the very modules the router loads for that page, or the hint fetches the wrong code.
describe('the code the server hints for each page', () => {
  it.each(WEB_ROUTE_PATTERNS)('is what the router loads for %s', async (pattern) => {
    const loaded = await lazyComponents(examplePath(pattern));
    const declared: unknown[] = [];
    for (const file of WEB_ROUTE_MODULES[pattern]) {
      const load = WEB_MODULES[file];
      expect(load, file).toBeDefined();
      if (load) declared.push(...Object.values(await load()));
    }
    expect(loaded.length).toBe(WEB_ROUTE_MODULES[pattern].length);
    for (const component of loaded) expect(declared).toContain(component);
  });
});
