import { parsePushClientMessage } from '../../lib/push-message';
import { notify } from '../../lib/ui-store';

/**
 * The worker forwards a push message here when a page of ours is visible (no system
 * notification then): it becomes a push toast, with a View link to its page. Messages
 * of any other shape are ignored.
 */
export function showPushMessage(data: unknown): boolean {
  const message = parsePushClientMessage(data);
  if (!message) return false;
  notify({ type: 'push', title: message.title, message: message.body, link: message.url });
  return true;
}
