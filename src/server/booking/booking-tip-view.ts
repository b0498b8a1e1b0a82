import { inArray } from 'drizzle-orm';
import { tipView } from '../../domain/tips';
import type { Db } from '../db/client';
import { tip } from '../db/schema';
import type { TipView } from '../../contract/tips';

// What a booking's view says of its tip. The booking view reads the tip table, never the tips
// folder: booking and tips are purchases side by side and import nothing of each other. How a tip
// shows is domain/tips.ts's tipView, which the tip's own answer uses too.

/** The tips of these bookings, for their views (one query however many). */
export async function loadTipViews(
  db: Db,
  bookingIds: readonly string[],
): Promise<Map<string, TipView>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tip)
    .where(inArray(tip.bookingId, [...bookingIds]));
  return new Map(rows.map((t) => [t.bookingId, tipView(t)]));
}
