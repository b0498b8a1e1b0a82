import { lazy, Suspense } from 'react';
import type { Booking } from './types';

// "Notes for your therapist" on an upcoming booking: the form loads only when a page shows one
// (the confirm step, the appointments page), never with the home page.

const BookingNotesPanel = lazy(() => import('./booking-notes-panel'));

/** Whether notes and photos can still change: held or confirmed, before the start. */
export function canAddNotes(booking: Booking, now = Date.now()): boolean {
  return (
    ['held', 'requires_action', 'confirmed'].includes(booking.status) &&
    Date.parse(booking.startsAt) > now
  );
}

export function BookingNotes({
  booking,
  headingLevel = 3,
}: {
  booking: Booking;
  headingLevel?: 3 | 4 | 5;
}) {
  if (!canAddNotes(booking)) return null;
  return (
    <Suspense
      fallback={<p className="mt-4 text-sm text-muted">Loading notes for your therapist…</p>}
    >
      <BookingNotesPanel booking={booking} headingLevel={headingLevel} />
    </Suspense>
  );
}
