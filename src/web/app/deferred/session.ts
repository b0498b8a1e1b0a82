// Lazy boundary (decision 0040): the auth client and what reads the session, loaded after the
// first paint. Re-exporting the two names, rather than importing the feature's index dynamically,
// keeps the sign-in forms out of this chunk.
export { AccountMenu, SessionWatcher } from '../../features/auth';
