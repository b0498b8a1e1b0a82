import type { ApiError, ProblemCode } from '../../lib/api';

// What the checkout does when the server refuses a hold, decided by the problem's code (decision
// 0072); a refused payment is features/payment's (its refusals.ts). What the customer reads is the
// server's `detail` in every case.

type Refusal = Pick<ApiError, 'status' | 'code' | 'extensions'>;

/** Refusals of a hold that another time or therapist gets past: the notice offers to choose again. */
const CHOOSE_AGAIN: ReadonlySet<ProblemCode> = new Set([
  'slot_not_offered',
  'minimum_spend',
  'unknown_city',
]);

export type HoldRefusal =
  /** Someone else has just taken the time: back to the list of times, refreshed. */
  | 'taken'
  /**
   * The therapist cannot take this customer's booking at all (one chosen before signing in to a
   * business account that they do not take): back to the day's list, which now shows who can,
   * or why nobody can (docs/decisions/0080).
   */
  | 'other-therapist'
  /**
   * The therapist cannot get to the address by then (a journey from the customer before, or to
   * the next): the server's words, the nearest times they can, and a way to choose again.
   */
  | 'unreachable'
  /** The session ended meanwhile: the page asks the customer to sign in again. */
  | 'signed-out'
  /** The address is outside the booking's city: the server's words on the address field. */
  | 'address'
  /** The server's words, with a link to choose another time. */
  | 'choose-again'
  /** The server's words alone (an unknown address, a field…). */
  | 'message';

export function holdRefusal(error: Refusal): HoldRefusal {
  if (error.code === 'slot_taken') return 'taken';
  if (error.code === 'therapist_unavailable') return 'other-therapist';
  if (error.code === 'slot_unreachable') return 'unreachable';
  if (error.code === 'address_outside_city') return 'address';
  if (error.status === 401) return 'signed-out';
  return error.code && CHOOSE_AGAIN.has(error.code) ? 'choose-again' : 'message';
}

/**
 * The nearest start times the therapist can reach the address by (slot_unreachable's
 * nearestTimes), earliest first: ISO instants, anything else left out, since the problem's extra
 * members are not checked against a schema (lib/api.ts).
 */
export function nearestTimesOf(error: Pick<ApiError, 'extensions'>): string[] {
  const raw = error.extensions.nearestTimes;
  if (!Array.isArray(raw)) return [];
  const times = raw.filter(
    (t): t is string => typeof t === 'string' && !Number.isNaN(Date.parse(t)),
  );
  return [...new Set(times)].sort((a, b) => Date.parse(a) - Date.parse(b));
}
