import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  WEB_ROUTE_MODULES,
  WEB_ROUTE_PATTERNS,
  webRouteData,
  type WebRouteMatch,
  type WebRoutePattern,
} from '../../contract/web-routes';

// A page's first screen waits on a chain: index.html, then the app's entry script, then the
// page's own chunk, then the API answer it shows. Naming the chunk and the answer in the page's
// `Link` header lets the browser fetch all of them at once, as soon as the headers arrive
// (decision 0040). The chunk names come from the build's manifest.

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** Every chunk a module needs, itself first, following static imports. */
function chunksOf(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

export interface PageHints {
  /**
   * The `Link` header value for a page, or null when there is nothing to hint. A page rendered on
   * the server carries its answers in the document, so it hints only its code (`data: false`).
   */
  linkFor(match: WebRouteMatch, options?: { data: boolean }): string | null;
}

const NO_HINTS: PageHints = { linkFor: () => null };

/**
 * Reads the manifest the build wrote; without one (no build, an old build) pages are served
 * without hints, as before.
 */
export function loadPageHints(distDir: string): PageHints {
  let manifest: Manifest;
  try {
    const text = readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8');
    manifest = manifestSchema.parse(JSON.parse(text));
  } catch {
    return NO_HINTS;
  }
  // What index.html loads itself needs no hint.
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) chunksOf(manifest, key, entry);

  // A drawn page's code only makes it interactive: at low priority, like its module scripts
  // (server-rendering.ts, decision 0060). A page the browser draws needs its code to show.
  const codeLinks = (keys: Set<string>, scriptPriority: string) =>
    [...keys].flatMap((key) => {
      const chunk = manifest[key];
      if (!chunk || entry.has(key)) return [];
      return [
        `</${chunk.file}>; rel=modulepreload${scriptPriority}`,
        ...(chunk.css ?? []).map((css) => `</${css}>; rel=preload; as=style`),
      ];
    });
  const code = new Map<WebRoutePattern, { browser: string[]; drawn: string[] }>();
  for (const pattern of WEB_ROUTE_PATTERNS) {
    const keys = new Set<string>();
    for (const module of WEB_ROUTE_MODULES[pattern]) chunksOf(manifest, module, keys);
    code.set(pattern, {
      browser: codeLinks(keys, ''),
      drawn: codeLinks(keys, '; fetchpriority=low'),
    });
  }

  return {
    linkFor(match, options = { data: true }) {
      const data = (options.data ? webRouteData(match) : []).map(
        (url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`,
      );
      const links = code.get(match.pattern);
      const files = (options.data ? links?.browser : links?.drawn) ?? [];
      const all = [...data, ...files];
      return all.length > 0 ? all.join(', ') : null;
    },
  };
}
