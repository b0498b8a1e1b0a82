import { formatWait } from './format';

// The sign-in messages of docs/product.md#sign-in-messages, word for word, and our own for the
// cases they leave open.
// Titles and texts are kept apart because the web app shows them as a toast's title and message.

export interface UserMessage {
  title: string;
  message: string;
}

export const ANOTHER_SERVICE: UserMessage = {
  title: 'Login Error',
  message:
    "It looks like you're trying to sign in to the booking system using credentials for another LCT service",
};

export const SOCIAL_NO_ACCOUNT: UserMessage = {
  title: 'No Registered Account Found',
  message: 'We could not find your account. Please create an account.',
};

export const SOCIAL_NO_ACCOUNT_FOLLOW_UP: UserMessage = {
  title: 'Account Not Found',
  message: 'Please create your account; you can link your social account once this is created.',
};

export const USER_RECORD_MISSING: UserMessage = {
  title: 'Login Error',
  message: 'We were unable to log you in. Please check details and try again.',
};

/**
 * What a customer is told when a limit refuses them, with the server's own retry time so they know
 * whether to wait a moment or come back later; without one (a proxy's 429), we cannot promise.
 */
export function tooManyAttemptsMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds)) {
    return 'Too many attempts. Please wait a while and try again.';
  }
  return `Too many attempts. Please wait ${formatWait(retryAfterSeconds)} and try again.`;
}

/** Error codes the server uses for the cases above (API bodies and ?error= on redirects). */
export const AUTH_ERROR_CODES = {
  anotherService: 'ANOTHER_SERVICE',
  socialNoAccount: 'signup_disabled',
  userRecordMissing: 'USER_RECORD_MISSING',
} as const;
