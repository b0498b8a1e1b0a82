import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { therapist, therapistCalendar } from '../db/schema';

// The token in a therapist's feed URL is the feed's only key: 32 random bytes (256 bits) in
// base64url, so it cannot be guessed or enumerated. It is stored as it is, since the internal API
// hands the URL out again on every ask; whoever can read the database can read the bookings anyway.

/** 43 base64url characters: what a token looks like, checked before the database is asked. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newCalendarToken = () => randomBytes(32).toString('base64url');

const therapistExists = async (db: Db, therapistId: string) =>
  (await db.select({ id: therapist.id }).from(therapist).where(eq(therapist.id, therapistId)))
    .length > 0;

/** The therapist's token, made on the first ask; null when there is no such therapist. */
export async function calendarTokenOf(db: Db, therapistId: string): Promise<string | null> {
  if (!(await therapistExists(db, therapistId))) return null;
  // Two first asks at once: one insert wins, the other does nothing, and both read the winner.
  await db
    .insert(therapistCalendar)
    .values({ therapistId, token: newCalendarToken() })
    .onConflictDoNothing({ target: therapistCalendar.therapistId });
  const [row] = await db
    .select({ token: therapistCalendar.token })
    .from(therapistCalendar)
    .where(eq(therapistCalendar.therapistId, therapistId));
  return row?.token ?? null;
}

/** A new token for the therapist: the old URL stops working at once. Null for no such therapist. */
export async function rotateCalendarToken(db: Db, therapistId: string): Promise<string | null> {
  if (!(await therapistExists(db, therapistId))) return null;
  const token = newCalendarToken();
  await db
    .insert(therapistCalendar)
    .values({ therapistId, token })
    .onConflictDoUpdate({
      target: therapistCalendar.therapistId,
      set: { token, createdAt: sql`now()` },
    });
  return token;
}

/** Whose calendar the token opens, or null for a token that is not (or no longer) in use. */
export async function therapistOfToken(
  db: Db,
  token: string,
): Promise<{ id: string; name: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: therapist.id, name: therapist.name })
    .from(therapistCalendar)
    .innerJoin(therapist, eq(therapist.id, therapistCalendar.therapistId))
    .where(eq(therapistCalendar.token, token));
  return row ?? null;
}
