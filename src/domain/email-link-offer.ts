import { tooManyAttemptsMessage } from './auth-messages';

// A password sign-in refused by a limit is never a dead end: opening an emailed sign-in link is
// never limited, so the refusal offers one (decision 0065). The server says it in its 429 and the
// web form shows the same words with a button that asks for the link.

export const EMAIL_LINK_OFFER = 'You can still sign in now with a link we email you.';

/** The words of a refused password sign-in: how long to wait, and the way in that needs no wait. */
export function passwordSignInRefusedMessage(retryAfterSeconds?: number): string {
  return `${tooManyAttemptsMessage(retryAfterSeconds)} ${EMAIL_LINK_OFFER}`;
}
