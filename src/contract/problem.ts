import { z } from 'zod';

// RFC 9457 problem details: the body of every error answer under /api
// (docs/architecture.md#http-api).

export const fieldErrorSchema = z.object({
  /** Where the problem is: "query.date", "body.card.number", "$.therapists[2].area". */
  field: z.string(),
  message: z.string(),
});

/**
 * Every `code` the server puts in a problem, with when it is sent: a client decides what to do
 * from the code, never from `detail` (words for people, which may change) nor from the status
 * alone (several problems share 409 or 422). The server cannot send a code this list lacks
 * (decision 0072), nor a refusal (402, 403, 409, 410, 422, 429) without one (decision 0095).
 * better-auth's own codes under /api/auth/* are not ours and not listed (decision 0028); the
 * four of ours that its client reads are, at the end.
 */
export const PROBLEM_CODES = {
  // Holding a time (POST /api/bookings) and moving one (POST /api/bookings/{id}/reschedule).
  unknown_city: '422: the hold names a city we do not serve.',
  therapist_unavailable: '422: the therapist cannot take this booking in this city.',
  minimum_spend:
    "422: the treatments come to less than the therapist's minimum spend (with shortfallPence and minimumSpendPence).",
  unknown_address: "422: the address is not one of the customer's saved addresses.",
  address_outside_city:
    "422: the address's postcode is outside the booking's city (with postcodeAreas, the city's; city, the city it is in when we serve it).",
  slot_not_offered:
    '422: the therapist does not offer that time, or no longer takes these bookings.',
  slot_taken: '409: someone else has just held or booked that time.',
  slot_unreachable:
    "409: the therapist could not reach the address in time from their appointment before or make the next one after (with nearestTimes, the therapist's nearest reachable start times that day).",
  // Availability with a postcode (GET /api/cities/{city}/dates and /therapists).
  unknown_postcode_district: '422: the postcode is a valid UK one, but its district is unknown.',
  postcode_not_covered:
    '422: no therapist of the city travels to the postcode (the detail names the areas covered, with coveredAreas).',
  postcode_outside_city:
    "422: the postcode is outside the city's postcode areas (with postcodeAreas, the city's; city, the city it is in when we serve it).",
  reschedule_too_late: '422: the appointment starts too soon to be moved.',
  // Changing or cancelling a booking.
  already_started:
    '409: the appointment has already started, so it cannot be cancelled, nor its notes and photos changed.',
  payment_under_way: '409: a payment is under way, so the credit used cannot change now.',
  booking_not_confirmed:
    '409: the booking is not confirmed, so it cannot be moved or added to a calendar.',
  booking_not_held:
    '409: the booking is no longer held waiting for payment, so the credit it uses cannot change.',
  not_cancellable:
    '409: the booking is not active (it was completed, expired or failed), so there is nothing to cancel.',
  already_cancelled: '409: the booking is already cancelled; nothing was changed.',
  booking_gone: '409: the booking disappeared while it was being cancelled; nothing was changed.',
  // A booking's notes and photos (decision 0093).
  booking_not_upcoming:
    '409: the booking was cancelled, did not go ahead or has taken place, so its notes and photos can no longer change.',
  hold_lapsed:
    '409: the time held for the booking ran out, so notes and photos can no longer be added.',
  too_many_photos: '409: the booking has as many photos as it can have; remove one first.',
  booking_changed:
    '409: the booking changed (its account was deleted) while the photo was being saved; the photo was not kept.',
  photo_too_large: '422: the photo has more than 50 megapixels.',
  photo_too_small: "422: the therapist's photo is smaller than the least size on a side.",
  photo_link_invalid: '403: the signed photo link was not made by us.',
  photo_link_expired:
    '403: the signed photo link has expired; open the booking again for a new one.',
  // Paying for a booking or a gift card order.
  hold_expired: '410: the hold ran out before the payment and the time was released.',
  awaiting_bank:
    '409: a payment for the booking is waiting for the bank to confirm it, so it cannot be paid again or changed now.',
  booking_cancelled: '409: the booking was cancelled before it was paid.',
  payment_failed: "409: the booking's payment did not go through and the time was released.",
  card_declined: '402: the card was declined (with slotReleased).',
  insufficient_funds: '402: the card has insufficient funds (with slotReleased).',
  authentication_failed: '402: the bank could not confirm the payment (with slotReleased).',
  processing_error: '402: the payment could not be processed (with slotReleased).',
  amount_changed:
    '409: the amount due changed while the card was charged; refunded in full and the time released.',
  credit_changed: '409: the wallet credit changed during the payment; the time was released.',
  credit_short: '422: credit alone was chosen but does not cover the amount due.',
  invoice_not_allowed: '422: paying by invoice is only for business accounts set up for it.',
  unknown_card: "422: the saved card is not one of the customer's (with a field error).",
  payee_not_connected: '422: the therapist cannot take card payments right now.',
  payment_pending: '503: the payment is still being confirmed with the bank; look again shortly.',
  order_cancelled: '409: the gift card order was cancelled.',
  // Tipping after an appointment (POST /api/bookings/{id}/tip, decision 0087).
  tip_not_open: '409: the appointment is not completed, or its 48 hours for tipping have passed.',
  already_tipped: '409: this appointment has already been tipped.',
  // Reviews (decision 0086).
  review_not_open: '409: the appointment has not taken place, so it cannot be reviewed.',
  review_fixed: '409: the review was written too long ago to be changed (14 days).',
  review_hidden: '409: the review was hidden by our team and can no longer be changed.',
  review_changed: '409: the review changed meanwhile; nothing was written.',
  already_reported: '409: the customer has already reported this review.',
  // The waitlist (decision 0089).
  too_many_waitlists: '422: the customer already waits for as many things as one may at once.',
  postcode_mismatch: "422: the postcode sent is not the chosen address's postcode.",
  // The customer's account.
  too_many_addresses: '409: the customer has saved as many addresses as one may; delete one first.',
  upcoming_appointment:
    '409: the account has an upcoming appointment, so it cannot be deleted until that is cancelled.',
  gift_card_awaiting_delivery:
    '409: a gift card the account bought is still to be sent, so the account cannot be deleted yet.',
  // Redeeming a gift card.
  unknown_code: '404: no gift card has that code.',
  already_redeemed: '409: the gift card has already been redeemed.',
  gift_card_refunded: '409: the gift card was refunded to its buyer.',
  not_yet_sent: '409: the gift card has not been sent yet.',
  too_many_attempts: '429: too many redeeming tries; wait retryAfterSeconds (also Retry-After).',
  // Referrals.
  unknown_referral: '404: no customer has that referral code.',
  rate_limited: '429: too many referral checks; wait retryAfterSeconds (also Retry-After).',
  // The live channel (GET /api/me/events).
  too_many_streams:
    '429: too many live streams are open for this customer or from this address; close one (with retryAfterSeconds, also Retry-After).',
  // The therapist app's steps and credit by hand (/api/internal, decision 0084).
  progress_step_impossible:
    '409: the step comes before one already taken, running late comes after arrival, or the booking is not confirmed; nothing was changed.',
  idempotency_key_reused:
    '409: the idempotency key was used for another credit (customer, amount or reason); nothing was added.',
  not_business_account: '422: only business accounts have a payment arrangement.',
  therapist_id_unusable: "422: the therapist's id cannot name a photo's folder.",
  already_delivered: '409: the webhook delivery was delivered already; it is not sent again.',
  delivery_under_way: '409: the webhook delivery is being sent right now; look again in a minute.',
  // Push notifications.
  push_unavailable: '404: this site does not send push notifications.',
  push_endpoint_refused: '422: the push endpoint is not a public push service.',
  // A state-changing request with a cookie, from another site (docs/security.md).
  cross_site_request: '403: the request did not come from our website, so it was refused.',
  // Our own answers under /api/auth/* (better-auth's client reads them as error.code).
  TOO_MANY_REQUESTS:
    '429: a sign-in limit refused the try; wait retryAfterSeconds (also Retry-After).',
  VALIDATION_ERROR: '400: the sign-up form is wrong (with errors per field).',
  PASSWORD_TOO_WEAK: '400: the new password is too easy to guess (with errors per field).',
  ANOTHER_SERVICE: "403: the credentials are a therapist's or onboarder's, for another service.",
} as const satisfies Record<string, string>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export const problemCodeSchema = z
  .enum(Object.keys(PROBLEM_CODES) as [ProblemCode, ...ProblemCode[]])
  .describe(
    'Why, for programs: branch on this, not on detail or the status alone.\n\n' +
      Object.entries(PROBLEM_CODES)
        .map(([code, when]) => `- \`${code}\`: ${when}`)
        .join('\n'),
  );

// Loose: use cases add other extension members (retryAfterSeconds, slotReleased…) that clients
// may read, so unknown members are kept rather than stripped.
export const problemSchema = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional(),
    code: problemCodeSchema.optional(),
  })
  .describe('RFC 9457 problem details');

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ProblemBody = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** One error answer as Fastify's response schema and the OpenAPI document describe it. */
const problemResponse = {
  description: 'RFC 9457 problem details',
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
} as const;

export type ProblemStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * The error statuses a route can answer, each as problem+json: spread into a route's
 * `schema.response` next to its success schema.
 */
export function problemResponses<const S extends ProblemStatus>(
  ...statuses: S[]
): Record<S, typeof problemResponse> {
  return Object.fromEntries(statuses.map((status) => [status, problemResponse])) as Record<
    S,
    typeof problemResponse
  >;
}
