import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './error-handler';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../../dist/web');

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

/**
 * Serves the built React app. Unknown non-API GETs get index.html so client-side routes
 * (and the client's own "Page not found" page) work on reload.
 */
export async function installWebApp(app: FastifyInstance, distDir = WEB_DIST) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
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
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && isPagePath(pathname)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: `No route for ${request.method} ${pathname}`,
    });
  });
}
