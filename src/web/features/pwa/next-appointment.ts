import { z } from 'zod';
import { bookingViewSchema } from '../../../contract/booking';
import type { Booking } from '../account';

// The customer's next appointment, kept from the last visit that could read it, so
// /account/appointments still shows it offline. Only that one booking is kept, under a key that
// sign-out (and the next sign-in) removes with the rest of the account's data (lib/query-keys).

export const NEXT_APPOINTMENT_KEY = 'glow.last-appointment';

// Kept before bookings had references (or terms, or the therapist's progress), an appointment has
// none: still show it offline.
const storedSchema = z.object({
  savedAt: z.iso.datetime(),
  booking: bookingViewSchema.extend({
    reference: z.string().default(''),
    terms: bookingViewSchema.shape.terms.default(null),
    progress: bookingViewSchema.shape.progress.default(null),
  }),
});

export interface StoredAppointment {
  savedAt: string;
  booking: Booking;
}

/** The next appointment in an appointments answer: the soonest confirmed one still to come. */
export function pickNextAppointment(upcoming: readonly Booking[], now: Date): Booking | null {
  return (
    upcoming.find((b) => b.status === 'confirmed' && Date.parse(b.endsAt) > now.getTime()) ?? null
  );
}

export function rememberNextAppointment(
  storage: Storage | null,
  upcoming: readonly Booking[],
  now: Date,
): void {
  const next = pickNextAppointment(upcoming, now);
  try {
    if (!next) storage?.removeItem(NEXT_APPOINTMENT_KEY);
    else {
      const stored: StoredAppointment = { savedAt: now.toISOString(), booking: next };
      storage?.setItem(NEXT_APPOINTMENT_KEY, JSON.stringify(stored));
    }
  } catch {
    // Storage full or disabled: offline there is simply nothing to show.
  }
}

/** The kept appointment, unless it is over by now or what is stored is not one. */
export function readNextAppointment(storage: Storage | null, now: Date): StoredAppointment | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(NEXT_APPOINTMENT_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) return null;
  return Date.parse(parsed.data.booking.endsAt) > now.getTime() ? parsed.data : null;
}
