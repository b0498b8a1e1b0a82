import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import {
  PAGE_STATE_ELEMENT_ID,
  type PageRenderer,
  type RenderedPage,
  type ServerEntry,
} from '../../contract/page-render';
import { isPublicApiPath } from '../../contract/public-api-paths';

// Public pages leave the server with their first screen already drawn (decision 0045). The web
// build writes the app's server entry to dist/web-ssr; it is loaded here by path so that the
// server never imports web code, and a server without that build serves index.html as before.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzipCallback);

/** A rendered page is the same for every visitor for this long: the answers it shows are. */
const FRESH_MS = 5_000;
const MAX_CACHED_PAGES = 500;

export interface ServedPage {
  etag: string;
  /** The document as it is, and compressed once for every visitor who takes brotli or gzip. */
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface ServerRendering {
  /** The document for a page, or null when it is to start in the browser. */
  page(url: string): Promise<ServedPage | null>;
}

function isServerEntry(value: unknown): value is ServerEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'createPageRenderer' in value &&
    typeof value.createPageRenderer === 'function'
  );
}

// The whitespace around the markers goes too: React takes over #root only if it holds the page alone.
const APP_MARKUP = /\s*<!--app-->[\s\S]*<!--\/app-->\s*/;
const STATE_MARKER = '<!--page-state-->';
const TITLE = /<title>[^<]*<\/title>/;

const ROOT = '<div id="root">';

/**
 * index.html with the page's markup, its title, and the state the browser starts from. The page
 * is inert until the app has taken it over: a tap on a button with no code behind it yet would
 * be lost, and a link followed then would load the whole page again.
 */
export function pageDocument(template: string, page: RenderedPage): string {
  let html = template
    .replace(ROOT, '<div id="root" inert>')
    .replace(APP_MARKUP, () => page.html)
    .replace(
      STATE_MARKER,
      () => `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${page.state}</script>`,
    );
  const { titleHtml } = page;
  if (titleHtml !== null) html = html.replace(TITLE, () => `<title>${titleHtml}</title>`);
  return html;
}

/** Answers the renderer's requests inside the server, public answers only. */
function publicFetch(app: FastifyInstance) {
  return async (apiPath: string): Promise<Response> => {
    if (!isPublicApiPath(apiPath)) throw new Error(`Not a public answer: ${apiPath}`);
    const answer = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: { accept: 'application/json' },
    });
    const contentType = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

async function importServerEntry(distDir: string): Promise<unknown> {
  const entryFile = path.join(`${distDir}-ssr`, 'entry-server.js');
  return existsSync(entryFile) ? import(pathToFileURL(entryFile).href) : null;
}

/**
 * Page rendering with the build's server entry (or `given`, as tests render the source), or null
 * when there is none: pages then start in the browser from index.html.
 */
export async function loadServerRendering(
  app: FastifyInstance,
  distDir: string,
  given?: ServerEntry,
): Promise<ServerRendering | null> {
  const templateFile = path.join(distDir, 'index.html');
  if (!existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  const markers = APP_MARKUP.test(template) && template.includes(STATE_MARKER);
  if (!markers || !template.includes(ROOT)) return null;
  const entry = given ?? (await importServerEntry(distDir));
  if (entry === null) return null;
  if (!isServerEntry(entry)) {
    app.log.warn({ distDir }, 'the web build has no page renderer; pages start in the browser');
    return null;
  }
  const renderer: PageRenderer = entry.createPageRenderer(publicFetch(app));

  // One render per page at a time and per few seconds, shared by everyone who asks meanwhile.
  const cache = new Map<string, { at: number; page: Promise<ServedPage | null> }>();
  const render = async (url: string): Promise<ServedPage | null> => {
    const rendered = await renderer.render(url);
    if (!rendered) return null;
    const identity = Buffer.from(pageDocument(template, rendered));
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    const [br, gzip] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzipAsync(identity),
    ]);
    return { etag, identity, br, gzip };
  };

  return {
    page(url) {
      const now = Date.now();
      const cached = cache.get(url);
      if (cached && now - cached.at < FRESH_MS) return cached.page;
      if (cache.size >= MAX_CACHED_PAGES) {
        for (const [key, entry] of cache) if (now - entry.at >= FRESH_MS) cache.delete(key);
        if (cache.size >= MAX_CACHED_PAGES) cache.clear();
      }
      const page = render(url).catch((error: unknown) => {
        cache.delete(url);
        throw error;
      });
      cache.set(url, { at: now, page });
      return page;
    },
  };
}
