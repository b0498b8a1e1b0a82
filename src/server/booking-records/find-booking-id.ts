import { eq } from 'drizzle-orm';
import { parseBookingKey } from '../../domain/booking-reference';
import type { Db } from '../db/client';
import { booking } from '../db/schema';
import { HttpProblem, notFound } from '../http/problem';

/** The booking's id, from its id or its reference as support typed it; 400 or 404 otherwise. */
export async function findBookingId(db: Db, text: string): Promise<string> {
  const key = parseBookingKey(text);
  if (!key) {
    throw new HttpProblem(
      400,
      `"${text.slice(0, 64)}" is neither a booking reference (8 letters and digits) nor a booking id.`,
    );
  }
  const [row] = await db
    .select({ id: booking.id })
    .from(booking)
    .where('id' in key ? eq(booking.id, key.id) : eq(booking.reference, key.reference));
  if (!row)
    throw notFound(`No booking has the ${'id' in key ? 'id' : 'reference'} ${text.trim()}.`);
  return row.id;
}
