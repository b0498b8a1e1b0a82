import {
  ANOTHER_SERVICE,
  AUTH_ERROR_CODES,
  SOCIAL_NO_ACCOUNT,
  tooManyAttemptsMessage,
  USER_RECORD_MISSING,
  type UserMessage,
} from '../../../domain/auth-messages';
import { passwordSignInRefusedMessage } from '../../../domain/email-link-offer';

// Turns what better-auth (and our hooks in front of it) answer into words for customers.
// docs/product.md#sign-in-messages fixes a few messages; the rest are ours, and none of them tells
// a stranger whether an email is registered: sign-up included (decision 0050).

export const WRONG_CREDENTIALS = "That email and password don't match. Check them and try again.";
export const NETWORK_FAILURE =
  "We couldn't reach Glow at Home. Check your connection and try again.";
/**
 * Sign-up is answered the same whether or not the email is registered, and never signs anyone in
 * (decisions 0050 and 0065). The form then signs in with the password just chosen; when that fails,
 * the email may already have had an account, whose owner now has an email from us.
 */
export const ACCOUNT_MAY_EXIST =
  "We've sent an email to that address. If you already have an account, sign in, or reset your password if you have forgotten it.";
export const LINK_EXPIRED =
  'That link has expired or has already been used. Ask for a new one and use it within the time the email gives.';
export const MAGIC_LINK_SENT =
  "If an account exists for that email, we've sent a sign-in link. It works once, for a few minutes.";
export const RESET_LINK_SENT =
  "If an account exists for that email, we've sent a link to choose a new password.";
export const SIGN_IN_AGAIN = 'For your security, please sign out and in again, then try once more.';
export const SOMETHING_WENT_WRONG = 'Something went wrong on our side. Please try again.';
export const PROVIDER_FAILED =
  "We couldn't sign you in with that service. Please try again, or use your email and password.";

/** The parts of a better-auth client error we read; the body's fields are spread into it. */
export interface AuthErrorLike {
  status?: number;
  code?: string;
  message?: string;
  errors?: unknown;
  /** Sent with a 429: when the server's limit lets this person try again. */
  retryAfterSeconds?: unknown;
  /** Sent with a refused password sign-in: an emailed sign-in link still works now. */
  emailLinkOffered?: unknown;
}

export type AuthAction =
  | 'sign-in'
  | 'sign-up'
  | 'magic-link'
  | 'forgot-password'
  | 'reset-password'
  | 'change-password'
  | 'account-link';

export interface DescribedAuthError {
  /** Said above the form (or in a toast when there is no form). */
  message: string | null;
  /** Said next to the inputs, keyed by the form's field name. */
  fields: Record<string, string>;
  /**
   * Credentials of a therapist or onboarder: the Login Error of docs/product.md#sign-in-messages,
   * then sign out.
   */
  anotherService: boolean;
  /** A refused password sign-in: the form offers to email a sign-in link (decision 0065). */
  offersEmailLink?: true;
}

function readFieldErrors(value: unknown): Record<string, string> {
  if (!Array.isArray(value)) return {};
  const fields: Record<string, string> = {};
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, message } = item as Record<string, unknown>;
    if (typeof field === 'string' && typeof message === 'string' && !(field in fields)) {
      fields[field] = message;
    }
  }
  return fields;
}

const PASSWORD_FIELD: Partial<Record<AuthAction, string>> = {
  'sign-up': 'password',
  'reset-password': 'newPassword',
  'change-password': 'newPassword',
};

const only = (message: string): DescribedAuthError => ({
  message,
  fields: {},
  anotherService: false,
});

const onField = (field: string, message: string): DescribedAuthError => ({
  message: null,
  fields: { [field]: message },
  anotherService: false,
});

export function describeAuthError(action: AuthAction, error: AuthErrorLike): DescribedAuthError {
  const code = error.code ?? '';
  const status = error.status ?? 0;
  const passwordField = PASSWORD_FIELD[action] ?? 'password';

  if (status === 0) return only(NETWORK_FAILURE);
  if (status === 429) {
    const wait = typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
    if (action === 'sign-in' && error.emailLinkOffered === true) {
      return { ...only(passwordSignInRefusedMessage(wait)), offersEmailLink: true };
    }
    return only(tooManyAttemptsMessage(wait));
  }
  if (code === AUTH_ERROR_CODES.anotherService) {
    return { message: ANOTHER_SERVICE.message, fields: {}, anotherService: true };
  }

  switch (code) {
    case 'PASSWORD_TOO_WEAK':
      return onField(passwordField, error.message ?? 'Choose a stronger password');
    case 'PASSWORD_TOO_SHORT':
      return onField(passwordField, 'Use at least 12 characters');
    case 'PASSWORD_TOO_LONG':
      return onField(passwordField, 'Use at most 128 characters');
    case 'VALIDATION_ERROR': {
      const fields = readFieldErrors(error.errors);
      return Object.keys(fields).length > 0
        ? { message: null, fields, anotherService: false }
        : only(error.message ?? 'Check the form and try again.');
    }
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return only(ACCOUNT_MAY_EXIST);
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
    case 'EXPIRED_TOKEN':
      return only(LINK_EXPIRED);
    case 'SESSION_NOT_FRESH':
    case 'SESSION_EXPIRED':
      return only(SIGN_IN_AGAIN);
    case 'EMAIL_NOT_VERIFIED':
      return only(
        "Please confirm your email address first: we've sent you a new link. Then sign in again.",
      );
    case 'FAILED_TO_UNLINK_LAST_ACCOUNT':
      return only(
        "You can't remove your only way to sign in. Link another service or set a password first.",
      );
  }

  if (action === 'change-password' && code === 'INVALID_PASSWORD') {
    return onField('currentPassword', "That isn't your current password.");
  }
  if (
    action === 'sign-in' &&
    (status === 401 ||
      code === 'INVALID_EMAIL_OR_PASSWORD' ||
      code === 'INVALID_PASSWORD' ||
      code === 'USER_NOT_FOUND' ||
      code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
  ) {
    return only(WRONG_CREDENTIALS);
  }
  // Asking for a link never reveals anything: the same words whatever went wrong but the network.
  if (action === 'magic-link') return only(MAGIC_LINK_SENT);
  if (action === 'forgot-password') return only(RESET_LINK_SENT);
  return only(SOMETHING_WENT_WRONG);
}

/** What the customer is told when a redirect brings them back with ?error=<code>. */
export type RedirectError =
  | { kind: 'social-no-account' }
  | { kind: 'another-service' }
  | { kind: 'user-record-missing' }
  | { kind: 'message'; message: UserMessage };

export function describeRedirectError(code: string): RedirectError {
  switch (code) {
    case AUTH_ERROR_CODES.socialNoAccount:
      return { kind: 'social-no-account' };
    case AUTH_ERROR_CODES.anotherService:
      return { kind: 'another-service' };
    case AUTH_ERROR_CODES.userRecordMissing:
      return { kind: 'user-record-missing' };
    case 'INVALID_TOKEN':
    case 'EXPIRED_TOKEN':
    case 'TOKEN_EXPIRED':
    case 'new_user_signup_disabled':
      return { kind: 'message', message: { title: 'Link expired', message: LINK_EXPIRED } };
    case 'account_already_linked_to_different_user':
      return {
        kind: 'message',
        message: {
          title: 'Already linked',
          message: 'That account is already linked to another Glow at Home account.',
        },
      };
    case 'access_denied':
      return {
        kind: 'message',
        message: {
          title: 'Sign-in cancelled',
          message: 'Nothing was changed. Try again any time.',
        },
      };
    default:
      return { kind: 'message', message: { title: 'Sign-in failed', message: PROVIDER_FAILED } };
  }
}

export { ANOTHER_SERVICE, SOCIAL_NO_ACCOUNT, USER_RECORD_MISSING };
