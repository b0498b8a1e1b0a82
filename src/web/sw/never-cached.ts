// Which navigations the worker must leave to the network. Mirrors isPagePath in
// src/server/http/web-app.ts: only what the server answers with index.html is an app page.

const NOT_APP_PAGES: RegExp[] = [
  // The API (sign-in callbacks included) and the server's development pages (/dev/mail).
  /^\/api(\/|$)/,
  /^\/dev(\/|$)/,
  /^\/assets\//,
  // Files opened directly (the manifest, an icon, this worker): never the app shell.
  /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|webmanifest|txt|xml)$/i,
];

/** True when a navigation to this path may be answered with the precached index.html. */
export function isAppPage(pathname: string): boolean {
  return !NOT_APP_PAGES.some((pattern) => pattern.test(pathname));
}
