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
import { withPageSettings } from './page-settings';

// Public pages leave the server with their first screen already drawn (decision 0045). The web
// build writes the app's server entry to dist/web-ssr; it is loaded here by path so that the
// server never imports web code, and a server without that build serves index.html as before.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzipCallback);

export type PageEncoding = 'br' | 'gzip';

export interface ServedPage {
  etag: string;
  /** The document as it is. */
  identity: Buffer;
  /** The document compressed, once per render however many visitors share it. */
  encoded(encoding: PageEncoding): Promise<Buffer>;
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

// A drawn page can be read before any script runs; its scripts only make it interactive. At low
// priority they leave a slow connection to the document and its images first, and the first paint
// no longer waits behind them (decision 0060). Pages the browser draws keep the template as it is.
const APP_SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g;

/** index.html with the app's module scripts and their preloads fetched at low priority. */
export function withScriptsAtLowPriority(html: string): string {
  return html.replace(APP_SCRIPT_TAGS, '<$1 fetchpriority="low"');
}

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

/** A document served from memory: its ETag, and each compressed copy made once, when first asked. */
export function servedPage(identity: Buffer, version: string): ServedPage {
  const etag = `"${createHash('sha256').update(version).digest('base64url').slice(0, 27)}"`;
  const copies = new Map<PageEncoding, Promise<Buffer>>();
  const encoded = (encoding: PageEncoding) => {
    let copy = copies.get(encoding);
    if (!copy) {
      // Quality 5: most of brotli's gain for a document made on every request.
      copy =
        encoding === 'br'
          ? brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipAsync(identity);
      copies.set(encoding, copy);
    }
    return copy;
  };
  return { etag, identity, encoded };
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
  /** The page settings' <meta> elements (page-settings.ts); '' for none. */
  settingsHtml = '',
): Promise<ServerRendering | null> {
  const templateFile = path.join(distDir, 'index.html');
  if (!existsSync(templateFile)) return null;
  const template = withScriptsAtLowPriority(
    withPageSettings(readFileSync(templateFile, 'utf8'), settingsHtml),
  );
  const markers = APP_MARKUP.test(template) && template.includes(STATE_MARKER);
  if (!markers || !template.includes(ROOT)) return null;
  const entry = given ?? (await importServerEntry(distDir));
  if (entry === null) return null;
  if (!isServerEntry(entry)) {
    app.log.warn({ distDir }, 'the web build has no page renderer; pages start in the browser');
    return null;
  }
  const renderer: PageRenderer = entry.createPageRenderer(publicFetch(app));

  // A page shows what the database holds now, as the browser's own requests would: no cache of
  // pages. Visitors asking for the same page at the same moment share one render.
  const inFlight = new Map<string, Promise<ServedPage | null>>();
  const render = async (url: string): Promise<ServedPage | null> => {
    const rendered = await renderer.render(url);
    if (!rendered) return null;
    const identity = Buffer.from(pageDocument(template, rendered));
    return servedPage(identity, `${template}\0${rendered.fingerprint}`);
  };

  return {
    page(url) {
      const pending = inFlight.get(url);
      if (pending) return pending;
      const page = render(url).finally(() => inFlight.delete(url));
      inFlight.set(url, page);
      return page;
    },
  };
}
