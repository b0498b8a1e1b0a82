import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CITY_SLUG_PATTERN, USERNAME_PATTERN } from '../../contract/professionals';
import type { ServerEntry } from '../../contract/page-render';
import {
  matchWebRoute,
  SERVER_RENDERED_PATTERNS,
  type WebRouteMatch,
} from '../../contract/web-routes';
import { sendProblem } from './error-handler';
import { loadPageHints } from './page-hints';
import { inlineStyleHashes } from './security-headers';
import { withPageSettings } from './page-settings';
import {
  loadServerRendering,
  servedPage,
  type ServedPage,
  type ServerRendering,
} from './server-rendering';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../../dist/web');

/** The CSP hashes of the stylesheet the build inlined into index.html; none without a build. */
export function builtStyleHashes(distDir: string): string[] {
  const file = path.join(distDir, 'index.html');
  return existsSync(file) ? inlineStyleHashes(readFileSync(file, 'utf8')) : [];
}

// A missing script or stylesheet (an old chunk after a deploy) must be a clean 404, not index.html
// served as JavaScript.
const FILE_PATH =
  /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|webmanifest|txt|xml)$/i;

function isPagePath(pathname: string): boolean {
  return (
    pathname !== '/api' &&
    !pathname.startsWith('/api/') &&
    // Development tools (the /dev/mail viewer) are server pages; where they are off, a 404.
    pathname !== '/dev' &&
    !pathname.startsWith('/dev/') &&
    !pathname.startsWith('/assets/') &&
    !FILE_PATH.test(pathname)
  );
}

/** The database checks behind a page's 404: does this city or this professional have a page? */
export interface WebPageChecks {
  isActiveCity(slug: string): Promise<boolean>;
  hasProfessionalPage(username: string): Promise<boolean>;
}

const EVERY_PAGE_EXISTS: WebPageChecks = {
  isActiveCity: async () => true,
  hasProfessionalPage: async () => true,
};

/**
 * Whether the web app has a page at this path (docs/product.md#the-not-found-page): a route pattern
 * check first, then one small query only for a city's pages and a professional's page.
 */
async function pageExists(match: WebRouteMatch | null, checks: WebPageChecks): Promise<boolean> {
  if (!match) return false;
  const { city, username } = match.params;
  if (city !== undefined) return CITY_SLUG_PATTERN.test(city) && checks.isActiveCity(city);
  if (username !== undefined) {
    return USERNAME_PATTERN.test(username) && checks.hasProfessionalPage(username);
  }
  return true;
}

/** A database hiccup must not turn a page into an error: the app then decides for itself. */
async function pageExistsOrUnsure(
  request: FastifyRequest,
  match: WebRouteMatch | null,
  checks: WebPageChecks,
): Promise<boolean> {
  try {
    return await pageExists(match, checks);
  } catch (error) {
    request.log.warn({ err: error }, 'could not check whether a page exists; serving it');
    return true;
  }
}

/** The page drawn on the server, or null to serve index.html (and say why in the log). */
async function renderedPage(
  request: FastifyRequest,
  rendering: ServerRendering | null,
  match: WebRouteMatch | null,
): Promise<ServedPage | null> {
  if (!rendering || !match || request.method !== 'GET') return null;
  if (!SERVER_RENDERED_PATTERNS.has(match.pattern)) return null;
  try {
    return await rendering.page(request.url);
  } catch (error) {
    request.log.warn({ err: error }, 'could not render the page on the server; serving index.html');
    return null;
  }
}

function withSettings(html: string, settingsHtml: string): ServedPage {
  const page = withPageSettings(html, settingsHtml);
  return servedPage(Buffer.from(page), page);
}

async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, page: ServedPage) {
  void reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('ETag', page.etag)
    .header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  if (!encoding) return reply.send(page.identity);
  return reply.header('Content-Encoding', encoding).send(await page.encoded(encoding));
}

/**
 * Serves the built React app, brotli or gzip copies made by the build when the client takes them
 * (docs/decisions/0037). Non-API GETs get index.html so client-side routes work on reload; a path
 * the web app has no page for gets it with a 404, and the app shows its own "Page not found".
 */
export async function installWebApp(
  app: FastifyInstance,
  distDir = WEB_DIST,
  checks: WebPageChecks = EVERY_PAGE_EXISTS,
  serverEntry?: ServerEntry,
  /** The page settings' <meta> elements (page-settings.ts); '' for none. */
  settingsHtml = '',
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  const hints = loadPageHints(distDir);
  const rendering = hasBuild
    ? await loadServerRendering(app, distDir, serverEntry, settingsHtml)
    : null;
  // With page settings, index.html leaves with them, from memory; without, as the build wrote it.
  const shell =
    hasBuild && settingsHtml ? withSettings(readFileSync(indexFile, 'utf8'), settingsHtml) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // name.br and name.gz beside a file, chosen by Accept-Encoding; always Vary: Accept-Encoding.
      preCompressed: true,
      // The service worker precaches /index.html: it must be the page with the settings too.
      ...(shell ? { globIgnore: ['index.html', 'index.html.br', 'index.html.gz'] } : {}),
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; everything else must be revalidated.
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    if (shell) {
      app.get('/index.html', { schema: { hide: true } }, (request, reply) =>
        sendRenderedPage(request, reply, shell),
      );
    }
  }
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    shell ? sendRenderedPage(request, reply, shell) : reply.sendFile('index.html');

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && isPagePath(pathname)) {
      const match = matchWebRoute(pathname);
      if (await pageExistsOrUnsure(request, match, checks)) {
        const rendered = await renderedPage(request, rendering, match);
        const link = match && hints.linkFor(match, { data: rendered === null });
        if (link) void reply.header('Link', link);
        if (rendered) return sendRenderedPage(request, reply, rendered);
        // index.html's ETag lets a phone revalidate it with a 304 instead of downloading it again.
        return sendIndex(request, reply);
      }
      // A 404 is never "not modified": drop the conditions so the page itself always comes back.
      delete request.headers['if-none-match'];
      delete request.headers['if-modified-since'];
      return sendIndex(request, reply.code(404));
    }
    return sendProblem(reply, {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: `No route for ${request.method} ${pathname}`,
    });
  });
}
