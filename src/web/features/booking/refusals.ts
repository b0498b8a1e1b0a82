import type { ApiError, ProblemCode } from '../../lib/api';

// What the checkout does when the server refuses a hold, decided by the problem's code (decision
// 0072); a refused payment is features/payment's (its refusals.ts). What the customer reads is the
// server's `detail` in every case.

type Refusal = Pick<ApiError, 'status' | 'code' | 'extensions'>;

/** Refusals of a hold that another time or therapist gets past: the notice offers to choose again. */
const CHOOSE_AGAIN: ReadonlySet<ProblemCode> = new Set([
  'slot_not_offered',
  'therapist_unavailable',
  'minimum_spend',
  'unknown_city',
]);

export type HoldRefusal =
  /** Someone else has just taken the time: back to the list of times, refreshed. */
  | 'taken'
  /** The session ended meanwhile: the page asks the customer to sign in again. */
  | 'signed-out'
  /** The server's words, with a link to choose another time. */
  | 'choose-again'
  /** The server's words alone (an unknown address, a field…). */
  | 'message';

export function holdRefusal(error: Refusal): HoldRefusal {
  if (error.code === 'slot_taken') return 'taken';
  if (error.status === 401) return 'signed-out';
  return error.code && CHOOSE_AGAIN.has(error.code) ? 'choose-again' : 'message';
}
