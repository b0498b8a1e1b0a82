import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from './error-handler';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// better-auth checks origins on its own routes; the service API and webhooks carry no cookies.
const EXEMPT = ['/api/auth/', '/api/internal/', '/api/payments/stripe/webhook'];

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Cookie-authenticated writes must come from our own pages. Browsers send Origin on every
 * cross-site (and same-origin) POST, PATCH and DELETE, so checking it defeats CSRF without
 * tokens; SameSite=Lax cookies are the second line.
 */
export function installCsrfProtection(
  app: FastifyInstance,
  options: { publicUrl: string; production: boolean },
) {
  const trusted = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (EXEMPT.some((prefix) => request.url.startsWith(prefix))) return;
    if (!request.headers.cookie) return;
    const origin = originOf(request);
    // Outside production the app is also reached by other names (127.0.0.1, the dev proxy).
    const sameHost = !options.production && origin === `${request.protocol}://${request.host}`;
    if (origin === trusted || sameHost) return;
    return sendProblem(reply, {
      type: '/problems/cross-site-request',
      title: 'Forbidden',
      status: 403,
      code: 'cross_site_request',
      detail: 'This request did not come from our website, so it was refused.',
    });
  });
}
