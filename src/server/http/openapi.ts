import type { FastifyInstance, RouteOptions } from 'fastify';

// Every route under /api answers with a shape from src/contract: the route validates and
// serialises with it and the OpenAPI document (GET /api/docs) describes it. These are the only
// exceptions, each with its reason (docs/decisions/0028-one-api-contract.md).
export const UNDESCRIBED_API_ROUTES: ReadonlyMap<string, string> = new Map([
  [
    '/api/auth/*',
    "better-auth's own API, handed through unchanged and documented by better-auth; the web app " +
      "calls it with better-auth's client",
  ],
  ['/api/docs', 'the OpenAPI document itself'],
]);

function hasSuccessSchema(route: RouteOptions): boolean {
  const response = route.schema?.response;
  if (typeof response !== 'object' || response === null) return false;
  return Object.keys(response).some((status) => /^2(\d\d|XX)$/.test(status));
}

/**
 * Refuses, as the app is built, an /api route without a response schema for its success status:
 * a route added without one fails every test that builds the app, not a customer's page.
 * Must be installed before the routes are registered.
 */
export function requireResponseSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || UNDESCRIBED_API_ROUTES.has(route.url)) return;
    if (!hasSuccessSchema(route)) {
      const methods = [route.method].flat().join(',');
      throw new Error(
        `${methods} ${route.url} has no response schema for its success status: ` +
          'describe its answer in src/contract and list it under schema.response.',
      );
    }
  });
}
