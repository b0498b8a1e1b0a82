import { captureInstallPrompt } from './install-prompt';

/** Start-up, before the first render: the install offer is an early event and easily missed. */
export function startPwa(): void {
  captureInstallPrompt();
  // The rest can arrive after the first paint (decision 0040): the worker holds its messages
  // until the page starts listening, and it is registered once the page has loaded anyway.
  void import('./push-messages').then((m) => m.listenForPushMessages());
  void import('./service-worker').then((m) => m.registerServiceWorker());
}
