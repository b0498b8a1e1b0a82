import { create } from 'zustand';
import { notify } from '../../lib/ui-store';

// Registers /sw.js and runs the update flow (docs/product.md#offline-and-the-installable-app): a
// new worker waits (registerType "prompt") until the customer clicks the update card, then takes
// over and the page reloads once.

interface ServiceWorkerState {
  /** A new version is installed and waiting for the customer's go-ahead. */
  updateWaiting: boolean;
  /** The customer clicked: waiting for the new worker to take the page. */
  updating: boolean;
}

export const useServiceWorkerStore = create<ServiceWorkerState>()(() => ({
  updateWaiting: false,
  updating: false,
}));

/** Survives the reload, so the new version can say it has arrived. */
const UPDATED_KEY = 'glow.sw-updated';
// A tab open all day still hears of a deploy; the browser also checks on every navigation.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registration: ServiceWorkerRegistration | null = null;

function watchForUpdates(reg: ServiceWorkerRegistration): void {
  // With no controller, an installed worker is the first one and activates by itself.
  const offer = () => {
    if (navigator.serviceWorker.controller) useServiceWorkerStore.setState({ updateWaiting: true });
  };
  if (reg.waiting) offer();
  reg.addEventListener('updatefound', () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
}

function announceFinishedUpdate(): void {
  try {
    if (sessionStorage.getItem(UPDATED_KEY) === null) return;
    sessionStorage.removeItem(UPDATED_KEY);
  } catch {
    return;
  }
  notify({
    type: 'sw-update',
    title: 'Booking System Updated',
    message: 'You are using the latest version.',
  });
}

export function registerServiceWorker(): void {
  // Under `vite dev` a worker would serve stale modules over hot reload (decision 0032).
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  announceFinishedUpdate();
  const start = async () => {
    try {
      // updateViaCache none: the browser asks the server for sw.js itself, never its HTTP cache.
      const reg = await navigator.serviceWorker.register('/sw.js', {
        scope: '/',
        updateViaCache: 'none',
      });
      registration = reg;
      watchForUpdates(reg);
      window.setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
    } catch {
      // No worker (private mode, storage full): the site still works, only not offline.
    }
  };
  // After the page's own downloads, so precaching never slows the first paint.
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

/** The update card's button: the waiting worker takes over, then the page reloads once. */
export function applyUpdate(): void {
  useServiceWorkerStore.setState({ updating: true });
  const reload = () => {
    try {
      sessionStorage.setItem(UPDATED_KEY, '1');
    } catch {
      // Storage disabled: the update still happens, only unannounced.
    }
    window.location.reload();
  };
  const waiting = registration?.waiting;
  // Another tab's click may have activated it already: this tab only needs the new code.
  if (!waiting) return reload();
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
