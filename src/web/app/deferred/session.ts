// Lazy boundary (decision 0040): the auth client and what reads the session, loaded after the
// first paint. Re-exporting the two names, rather than importing the feature's index dynamically,
// keeps the sign-in forms out of this chunk. The watcher mounts the live channel for signed-in
// customers, itself one more chunk away (decision 0085).
export { AccountMenu } from '../../features/auth';
export { SessionWatcher } from './session-live';
