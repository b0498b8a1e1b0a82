import { pushPublicKeySchema, pushSubscriptionSaved } from '../../../contract/push';
import { trackException } from '../../lib/analytics';
import { api, apiRequest, isApiError } from '../../lib/api';

// This device's Web Push subscription (docs/product.md#push-messages-and-reminders). Permission is
// asked only from a button the customer pressed; the subscription is merge-written to the server,
// kept fresh on each visit while signed in, and removed on sign-out. Every failure to register is
// reported as a non-fatal exception, as push registration errors are.

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** How long to wait for the service worker before saying push cannot work here. */
const WORKER_WAIT_MS = 10_000;
const REMOVE_WAIT_MS = 5_000;
/**
 * How long turning on may take once permission is given. Subscribing asks the browser's own push
 * service (Google's, Mozilla's, Apple's), which where it cannot be reached leaves the promise
 * unsettled for minutes; the customer is told instead (decision 0082).
 */
export const TURN_ON_WAIT_MS = 15_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    window.setTimeout(() => reject(new Error('the service worker did not start')), WORKER_WAIT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(buffer: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!buffer) return false;
  const a = new Uint8Array(buffer);
  return a.length === key.length && a.every((byte, i) => byte === key[i]);
}

function report(step: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  trackException(`Push registration failed (${step}): ${reason}`, false);
}

async function saveOnServer(subscription: PushSubscription): Promise<void> {
  await api.post('/api/me/push-subscriptions', subscription.toJSON(), {
    schema: pushSubscriptionSaved,
  });
}

export type EnableOutcome = 'on' | 'blocked' | 'dismissed' | 'unsupported' | 'failed' | 'timed-out';

/**
 * From the customer's click: asks permission, subscribes this device and tells the server; gives
 * up after `waitMs` (the wait for the customer's answer to the permission prompt aside).
 */
export async function enablePush(waitMs = TURN_ON_WAIT_MS): Promise<EnableOutcome> {
  if (!pushSupported()) return 'unsupported';
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    report('permission', error);
    return 'failed';
  }
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const attempt = { step: 'public key', abandoned: false };
  let timer = 0;
  const timedOut = new Promise<'timed-out'>((resolve) => {
    timer = window.setTimeout(() => {
      attempt.abandoned = true;
      report(attempt.step, new Error(`no answer in ${waitMs} ms`));
      resolve('timed-out');
    }, waitMs);
  });
  try {
    return await Promise.race([subscribeAndSave(attempt), timedOut]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** The steps after permission; `attempt` says which one is running, and whether it was given up. */
async function subscribeAndSave(attempt: {
  step: string;
  abandoned: boolean;
}): Promise<EnableOutcome> {
  try {
    const { publicKey } = await api.get('/api/push/public-key', { schema: pushPublicKeySchema });
    const key = base64urlToBytes(publicKey);
    attempt.step = 'service worker';
    const registration = await workerRegistration();
    attempt.step = 'subscribe';
    let subscription = await registration.pushManager.getSubscription();
    // Made with another key (the server's keys were replaced): it would never receive anything.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    // Answered after the customer was told it had not worked: leave nothing half turned on.
    if (attempt.abandoned) {
      await subscription.unsubscribe();
      return 'timed-out';
    }
    attempt.step = 'save';
    await saveOnServer(subscription);
    return 'on';
  } catch (error) {
    if (!attempt.abandoned) report(attempt.step, error);
    return 'failed';
  }
}

/**
 * Stops pushes to this device for this account: the server forgets it first (that needs the
 * session), then the browser drops the subscription. Never throws: signing out must go on.
 */
export async function disablePush(): Promise<void> {
  let subscription: PushSubscription | null = null;
  try {
    subscription = await currentSubscription();
    if (!subscription) return;
    await apiRequest('/api/me/push-subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      // A slow network must not hold up signing out; the unsubscribe below ends delivery anyway.
      signal: AbortSignal.timeout(REMOVE_WAIT_MS),
    });
  } catch (error) {
    // Signed out already (401) or offline: the browser's unsubscribe below still ends delivery.
    if (!isApiError(error) || error.status !== 401) report('remove', error);
  }
  try {
    await subscription?.unsubscribe();
  } catch (error) {
    report('unsubscribe', error);
  }
}

/** On a signed-in visit: the subscription this browser holds is merge-written again. */
export async function refreshPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  try {
    const subscription = await currentSubscription();
    if (subscription) await saveOnServer(subscription);
  } catch (error) {
    report('refresh', error);
  }
}
