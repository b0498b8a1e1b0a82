import { parsePushPayload, readNotificationUrl, type PushClientMessage } from '../lib/push-message';

// The push display (docs/product.md#push-messages-and-reminders). A visible page of ours shows the
// message as a toast; otherwise the system shows a notification, and a click on it brings the
// customer to the message's page.

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icon-192.png';
// Android draws the badge as a white silhouette from its alpha channel.
const BADGE = '/badge-96.png';

function readJson(data: PushMessageData | null): unknown {
  try {
    return data?.json() ?? null;
  } catch {
    return null;
  }
}

function windows(): Promise<readonly WindowClient[]> {
  // Uncontrolled pages count too: a first visit's page is ours before this worker controls it.
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

export async function displayPush(data: PushMessageData | null): Promise<void> {
  // A malformed message is a server bug: better nothing than a notification we cannot vouch for.
  const payload = parsePushPayload(readJson(data));
  if (!payload) return;
  const visible = (await windows()).find((client) => client.visibilityState === 'visible');
  if (visible) {
    const message: PushClientMessage = {
      type: 'push',
      title: payload.title,
      body: payload.body,
      url: payload.url,
    };
    visible.postMessage(message);
    return;
  }
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    data: { url: payload.url },
    icon: ICON,
    badge: BADGE,
  });
}

export async function openNotification(notification: Notification): Promise<void> {
  notification.close();
  const url = readNotificationUrl(notification.data);
  const [open] = [...(await windows())].sort((a, b) => Number(b.focused) - Number(a.focused));
  if (open) {
    const focused = await open.focus();
    // navigate() is refused for a page this worker does not control: open a window instead.
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}
