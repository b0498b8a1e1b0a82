import { captureInstallPrompt } from './install-prompt';
import { listenForPushMessages } from './push-messages';
import { registerServiceWorker } from './service-worker';

/** Start-up, before the first render: the install offer is an early event and easily missed. */
export function startPwa(): void {
  captureInstallPrompt();
  listenForPushMessages();
  registerServiceWorker();
}
