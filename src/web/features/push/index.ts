// Web Push's public surface: the opt-in card, keeping this device's subscription fresh, and
// forgetting it on sign-out. The service worker shows what arrives (src/web/sw.ts).
export { disablePush } from './push-device';
export { PushOptIn } from './push-opt-in';
export { usePushRefresh } from './use-push-refresh';
