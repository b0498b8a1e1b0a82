import { captureInstallPrompt } from './install-prompt';

/** Start-up, before the first render: the install offer is an early event and easily missed. */
export function startPwa(): void {
  captureInstallPrompt();
  // The rest can arrive after the first paint (decision 0040): the worker holds its messages
  // until the page starts listening, and it is registered once the page has loaded anyway.
  listenForPushMessages();
  void import('./service-worker').then((m) => m.registerServiceWorker());
}

/**
 * The worker forwards a push message to a visible page instead of showing a notification. The
 * code that reads it (and zod with it) loads with the first message, not with every page.
 */
function listenForPushMessages(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    void import('./push-messages').then((m) => m.showPushMessage(event.data));
  });
  // Messages wait until the page says it is listening; a module's listener alone would not do.
  navigator.serviceWorker.startMessages();
}
