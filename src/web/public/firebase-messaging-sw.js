// Retired: the earlier app's messaging worker (decision 0033). Push is handled by /sw.js now
// (docs/decisions/0032). A browser that still has this worker registered fetches this file when
// it checks for updates; the worker then removes itself, so no second worker lingers on the site.
self.addEventListener('install', () => {
  self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.unregister());
});
