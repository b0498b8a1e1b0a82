import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

// What tipping needs to know of the appointment: whose it is, its price, whether and until when it
// can be tipped, and whom the tip is for.

export interface TipBooking {
  id: string;
  customerId: string;
  status: string;
  therapistId: string;
  therapistName: string;
  totalPricePence: number;
  /** The treatments' end (the travel buffer not included), as the completion job reckons it. */
  endsAt: Date;
}

/** Read without a lock: a completed booking no longer changes what a tip depends on. */
export async function findTipBooking(db: Db, bookingId: string): Promise<TipBooking | null> {
  const [row] = await queryRows<{
    id: string;
    customer_id: string;
    status: string;
    therapist_id: string;
    therapist_name: string;
    total_price_pence: number;
    ends_at: string | Date;
  }>(
    db,
    sql`select b.id, b.customer_id, b.status, b.therapist_id, t.name as therapist_name,
               b.total_price_pence,
               b.starts_at + make_interval(mins => (
                 select coalesce(sum(i.duration_minutes), 0)::int
                 from booking_item i where i.booking_id = b.id)) as ends_at
        from booking b join therapist t on t.id = b.therapist_id
        where b.id = ${bookingId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    therapistId: row.therapist_id,
    therapistName: row.therapist_name,
    totalPricePence: Number(row.total_price_pence),
    endsAt: new Date(row.ends_at),
  };
}
