import { parsePushClientMessage } from '../../lib/push-message';
import { notify } from '../../lib/ui-store';

/**
 * The worker forwards a push message here when a page of ours is visible (no system
 * notification then): it becomes the spec's push toast, with a View link to its page. Messages
 * of any other shape are ignored.
 */
export function showPushMessage(data: unknown): boolean {
  const message = parsePushClientMessage(data);
  if (!message) return false;
  notify({ type: 'push', title: message.title, message: message.body, link: message.url });
  return true;
}

export function listenForPushMessages(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => void showPushMessage(event.data));
  // Messages wait until the page says it is listening; a module's listener alone would not do.
  navigator.serviceWorker.startMessages();
}
