// The server renders a page's first screen with the web app's own components (decision 0045):
// the web build writes an entry that the server loads at startup by path, never by import, so
// the server stays free of web code. This is the shape both sides agree on.

/** Answers a public API request inside the server, as `fetch` would over the network. */
export type PublicApiFetch = (path: string) => Promise<Response>;

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The page's `<title>` content as React wrote it (escaped HTML), for the document's head. */
  titleHtml: string | null;
  /** JSON of what the page was rendered with, for the browser to start from the same state. */
  state: string;
  /**
   * What the page shows, without when it was fetched: equal for pages that look the same, so the
   * server can answer a repeat visit with 304 though the state's timestamps differ.
   */
  fingerprint: string;
}

export interface PageRenderer {
  /** Renders a path (and query); null when the page is not one to render on the server. */
  render(url: string): Promise<RenderedPage | null>;
}

/** What the built server entry exports. */
export interface ServerEntry {
  createPageRenderer(fetchPublic: PublicApiFetch): PageRenderer;
}

/** The id of the `<script type="application/json">` that carries RenderedPage.state. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';
