import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tip } from '../db/schema';
import type { TipView } from '../../contract/tips';

// What a booking's view says of its tip. Here rather than in tips/, which builds on booking/
// (a tip is given for a booking): the booking view reads the tip table, never the tips folder.

type TipFacts = Pick<typeof tip.$inferSelect, 'amountPence' | 'status' | 'paidAt'>;

export function tipView(t: TipFacts): TipView {
  return {
    amountPence: t.amountPence,
    status: t.status === 'unpaid' ? 'awaiting_payment' : t.status,
    paidAt: t.paidAt?.toISOString() ?? null,
  };
}

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
