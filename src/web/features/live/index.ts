// Live updates' public surface: the one component a signed-in tab mounts (lazily, decision 0085).
// The stream, its backoff and what each event refreshes stay behind it.
export { LiveUpdates } from './live-updates';
