import { HOUR_MS } from './constants';

// A reminder is owed only to a customer who booked (or moved) their appointment more than the
// lead time ahead: someone who booked this afternoon for tomorrow morning has just been told,
// and a second message minutes later is noise. A reminder missed while every instance was down
// is still sent late, as long as the appointment has not begun.

/** When to remind about a booking starting at startsAt, decided at `now`; null: no reminder. */
export function reminderDueAt(startsAt: Date, now: Date, leadHours: number): Date | null {
  const due = new Date(startsAt.getTime() - leadHours * HOUR_MS);
  return due.getTime() > now.getTime() ? due : null;
}

/** Whether a reminder that fell due may still go out at `now`. */
export function reminderStillUseful(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() > now.getTime();
}

/**
 * How long a push service may keep a reminder for an unreachable device: until the appointment
 * starts (at least a minute, so a push service accepts it), since afterwards it is worthless.
 */
export function reminderTtlSeconds(startsAt: Date, now: Date): number {
  return Math.max(60, Math.floor((startsAt.getTime() - now.getTime()) / 1000));
}
