// Sign-in's public surface. Other features, routes and app/ import sign-in only from here, so the
// files behind it can change without breaking them; eslint.config.js enforces that.
export { AccountMenu } from './account-menu';
export { authClient } from './auth-client';
export { describeAuthError, describeRedirectError, LINK_EXPIRED } from './auth-errors';
export { SOCIAL_LABELS, useAuthProviders, type SocialProvider } from './auth-providers';
export { callAuth } from './call-auth';
export { EmailLinkForm } from './email-link-form';
export { LoginModal } from './login-modal';
export { LoginPanel } from './login-panel';
export { safeNextPath } from './next-path';
export { handleRedirectError, useReturnedError } from './redirect-errors';
export {
  afterSessionChangesHere,
  beginSessionChangeHere,
  beginSessionEndHere,
  isSessionChangingHere,
  refuseAnotherService,
  sessionEndsStartedHere,
  signOut,
  signOutQuietly,
} from './session-actions';
export { SessionWatcher } from './session-watcher';
export { useSessionHint } from './session-hint';
export { SignInLink } from './sign-in-link';
export { useCurrentCustomer } from './use-customer';
export { useMe } from './use-me';
