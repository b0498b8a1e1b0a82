import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isAppPage } from './never-cached';
import { displayPush, openNotification } from './push';

// The one service worker, at /sw.js (docs/decisions/0032). Precached: the app shell and the
// hashed assets, so the site opens at once and offline. Never cached: /api and /dev — requests
// no route here matches go straight to the network, so every answer about a customer is live.

declare const self: ServiceWorkerGlobalScope;
declare const __GLOW_BUILD_ID__: string;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppPage(url.pathname),
  appShell,
);

// A waiting worker only activates when the customer agrees (the update card's SKIP_WAITING), or
// on a first install. Either way it may take every open page: on a first visit that makes the
// site work offline at once, after an update the pages were handed over already.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  const type: unknown = (event.data as { type?: unknown } | null)?.type;
  // Sent by the update card's button (workbox-window's messageSkipWaiting).
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Which build this is: the update test tells the old worker from the new one by it.
  if (type === 'GET_VERSION') event.ports[0]?.postMessage(__GLOW_BUILD_ID__);
});

self.addEventListener('push', (event) => {
  event.waitUntil(displayPush(event.data));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(event.notification));
});
