import { sql, type SQL } from 'drizzle-orm';
import {
  bookingProgressOf,
  type BookingProgress,
  type ProgressStep,
  type TakenStep,
} from '../../domain/booking-progress';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

// Reading a booking's progress steps (docs/decisions/0084). The view's `progress` is built from
// the steps and the late-arrival credit; both are read as two columns of a select over booking
// rows named `b`, so the reads that already gather a booking (the customer's view, the read-back
// of a change) gather its progress in the same statement.

interface StepJson {
  step: ProgressStep;
  atMs: number | string;
  etaMinutes: number | null;
}

/** The raw columns progressColumns adds to a row. */
export interface ProgressColumns {
  progress_steps: StepJson[] | null;
  late_arrival_credit_pence: number | string | null;
}

/** The steps and the credit of booking `b`, as two columns of a select. */
export const progressColumns: SQL = sql`(select json_agg(json_build_object(
      'step', p.step, 'atMs', (extract(epoch from p.at) * 1000)::bigint, 'etaMinutes', p.eta_minutes)
      order by p.at, p.created_at)
    from booking_progress p where p.booking_id = b.id) as progress_steps,
  (select w.amount_pence from wallet_entry w
    where w.booking_id = b.id and w.kind = 'late_arrival_credit') as late_arrival_credit_pence`;

export function takenStepsOf(raw: ProgressColumns): TakenStep[] {
  return (raw.progress_steps ?? []).map((s) => ({
    step: s.step,
    atMs: Number(s.atMs),
    etaMinutes: s.etaMinutes,
  }));
}

export function progressOfRow(raw: ProgressColumns): BookingProgress | null {
  const credit = raw.late_arrival_credit_pence;
  return bookingProgressOf(takenStepsOf(raw), credit === null ? null : Number(credit));
}

/** The progress of each of these bookings that has reported a step, in one statement. */
export async function loadProgress(
  db: Db,
  bookingIds: readonly string[],
): Promise<Map<string, BookingProgress>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await queryRows<ProgressColumns & { id: string }>(
    db,
    sql`select b.id, ${progressColumns} from booking b
        where b.id in ${[...bookingIds]}
          and exists (select 1 from booking_progress p where p.booking_id = b.id)`,
  );
  const byId = new Map<string, BookingProgress>();
  for (const row of rows) {
    const progress = progressOfRow(row);
    if (progress) byId.set(row.id, progress);
  }
  return byId;
}
