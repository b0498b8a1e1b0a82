import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import type { PageRenderer, PublicApiFetch, RenderedPage } from '../../contract/page-render';
import { Providers } from '../app/providers';
import { routes } from '../app/router';
import { setApiTransport } from '../lib/api';

// The first screen of a public page, rendered on the server with the same components and the
// same public answers the browser would fetch (decision 0045): a phone paints the page as soon as
// the HTML arrives instead of after the app's script has downloaded and run, then React takes the
// markup over (hydrates) without drawing it again.

/** A page asks, renders, and asks again for what the answers revealed; a few rounds settle it. */
const MAX_ROUNDS = 3;

/** What the browser starts from: the answers the markup shows. */
export interface PageState {
  queries: DehydratedState;
}

function serverQueryClient(): QueryClient {
  // One attempt: a failed answer leaves the query for the browser to ask again, as today.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/**
 * The app as HTML once everything it shows is ready: code loaded lazily (the cookie banner's,
 * say) is waited for, so the markup has no gaps for the browser to fill before it takes over.
 */
async function renderApp(
  client: QueryClient,
  handler: StaticHandler,
  context: StaticHandlerContext,
): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** Fetches what the last render asked for and had not tried yet; false when nothing was new. */
async function answerNewQueries(client: QueryClient, tried: Set<string>): Promise<boolean> {
  const fresh = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash));
  if (fresh.length === 0) return false;
  for (const query of fresh) tried.add(query.queryHash);
  await Promise.all(fresh.map((query) => query.fetch().catch(() => undefined)));
  return true;
}

const TITLE = /<title>([^<]*)<\/title>/;

/** JSON that can sit inside a <script> element: no "</script", no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function createPageRenderer(fetchPublic: PublicApiFetch): PageRenderer {
  setApiTransport(async (path, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`Not asked on the server: ${path}`);
    return fetchPublic(path);
  });
  const handler = createStaticHandler(routes);

  return {
    async render(url: string): Promise<RenderedPage | null> {
      const context = await handler.query(new Request(new URL(url, 'http://localhost')));
      if (context instanceof Response || context.errors || context.statusCode !== 200) return null;

      const client = serverQueryClient();
      const tried = new Set<string>();
      let html = await renderApp(client, handler, context);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        if (!(await answerNewQueries(client, tried))) break;
        // What failed (a private answer, an error) stays for the browser, as it would be unasked.
        client.removeQueries({ predicate: (query) => query.state.status !== 'success' });
        html = await renderApp(client, handler, context);
      }

      // React writes a page's <title> where the page renders it; it belongs in the head.
      const title = TITLE.exec(html)?.[1];
      const state: PageState = { queries: dehydrate(client) };
      const shown = state.queries.queries.map((query) => [query.queryHash, query.state.data]);
      return {
        fingerprint: JSON.stringify([html, shown]),
        html: html.replace(TITLE, ''),
        titleHtml: title ?? null,
        state: scriptSafeJson(state),
      };
    },
  };
}
