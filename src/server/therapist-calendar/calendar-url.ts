import type { TherapistCalendarUrl } from '../../contract/therapist-calendar';
import type { Db } from '../db/client';
import { HttpProblem } from '../http/problem';
import { calendarTokenOf, rotateCalendarToken } from './calendar-token';

// The private feed URL of a therapist, for the internal API and the admin command line alike.

export const feedPath = (token: string) => `/api/calendars/${token}.ics`;

/**
 * The therapist's feed URL (made on the first ask), or a new one when rotate is set, after which
 * the old URL answers 404. An unknown therapist is a 404 problem.
 */
export async function therapistCalendarUrl(
  db: Db,
  publicUrl: string,
  therapistId: string,
  options: { rotate?: boolean } = {},
): Promise<TherapistCalendarUrl> {
  const token = options.rotate
    ? await rotateCalendarToken(db, therapistId)
    : await calendarTokenOf(db, therapistId);
  if (!token) throw new HttpProblem(404, `No therapist with id ${therapistId}.`);
  return { therapistId, url: `${publicUrl}${feedPath(token)}` };
}
