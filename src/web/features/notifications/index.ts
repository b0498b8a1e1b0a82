// Notifications' public surface: the one toast region the app shell mounts. Messages are raised
// through lib/ui-store, so callers never need this feature's files.
export { ToastRegion } from './toast-region';
